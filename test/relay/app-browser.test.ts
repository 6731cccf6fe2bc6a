import { readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser/launch.ts';
import { DEMO_ACCOUNT_PASSWORD } from '@media-catalog/catalog/sessions';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';
import { outsideProgram } from '../outside-programs.ts';
import { type BuiltApp, buildApp, copyApp, serveBuilt } from './app-build.ts';

/**
 * Issue 33's Relay app (starter/relay-app/), built outside the repository against a running
 * gateway (app-build.ts) and driven screen by screen in headless Chromium, from its own origin
 * (so through CORS). Every screen is checked against what the catalog holds, and no screen may
 * log a React or Relay warning, a console error or an uncaught error.
 */
const chromiumProgram = outsideProgram('chromium', import.meta.url);
const appSource = fileURLToPath(new URL('../../starter/relay-app/src/', import.meta.url));
const WAIT = { timeout: 15_000 };

describe.skipIf(!chromiumProgram)('the Relay example app in Chromium', () => {
  let h: Harness;
  let built: BuiltApp;
  let browser: Browser;
  let site: { origin: string; server: Server };

  beforeAll(async () => {
    built = copyApp();
    [h, browser] = await Promise.all([startHarness(), launchChromium(chromiumProgram!)]);
    await buildApp(built.app, h.url);
    site = await serveBuilt(join(built.app, 'dist'));
  }, 110_000);

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await h?.close();
    if (built) rmSync(dirname(built.folder), { recursive: true, force: true });
  });

  /** A fresh page (a fresh store) on a screen of the app; `problems` collects what the console reports. */
  async function open(path: string): Promise<{ page: Page; problems: string[]; operations: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const problems: string[] = [];
    const operations: string[] = [];
    page.on('console', (message) => ['warning', 'error'].includes(message.type()) && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => request.url() === h.url && operations.push(request.postDataJSON()?.operationName));
    await page.goto(`${site.origin}/${path}`);
    return { page, problems, operations };
  }

  const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

  it('home: the popular movies, and the next ten when the end of the list scrolls into view', async () => {
    const popular = (await h.rest('/movie/popular')).results.map((movie: any) => movie.title);
    const { page, problems, operations } = await open('#/');
    await page.locator('.movie-card').nth(9).waitFor(WAIT);
    expect(await texts(page, '.movie-card a')).toEqual(popular.slice(0, 10));
    await page.locator('.end').scrollIntoViewIfNeeded();
    await page.locator('.movie-card').nth(19).waitFor(WAIT);
    expect(await texts(page, '.movie-card a')).toEqual(popular.slice(0, 20));
    expect(operations).toEqual(['HomeQuery', 'HomePaginationQuery']);
    expect(problems).toEqual([]);
  }, 30_000);

  it('search as you type: movies, series and people as the catalog ranks them, and the next ten', async () => {
    const search = await h.rest('/search/multi?query=night');
    const expected = search.results.map((hit: any) => `${hit.media_type}:${hit.title ?? hit.name}`);
    const kinds: Record<string, string> = { movie: 'movie', series: 'tv', person: 'person' };
    const shown = async () =>
      (await page.locator('.results li').evaluateAll((items) => items.map((item) => [item.className, item.textContent]))).map(
        ([kind, text]) => `${kinds[kind!]}:${text}`,
      );
    const { page, problems, operations } = await open('#/search');
    await page.getByLabel('Search').pressSequentially('night', { delay: 40 });
    await expect.poll(shown, WAIT).toEqual(expected.slice(0, 10));
    await page.getByRole('button', { name: 'More results', exact: true }).click();
    await expect.poll(shown, WAIT).toEqual(expected.slice(0, 20));
    expect(operations.at(-1)).toBe('SearchPaginationQuery');
    expect(problems).toEqual([]);
  }, 30_000);

  /** A popular movie whose French title differs from its English one, with reviews: the page the language switch is tried on. */
  async function frenchMovie() {
    for (const { id } of (await h.rest('/movie/popular')).results.slice(0, 10)) {
      const [en, fr, reviews] = await Promise.all([
        h.rest(`/movie/${id}`),
        h.rest(`/movie/${id}?language=fr-FR`),
        h.rest(`/movie/${id}/reviews`),
      ]);
      if (en.title !== fr.title && reviews.total_results > 0)
        return { id, en, fr, authors: reviews.results.slice(0, 5).map((r: any) => r.author) };
    }
    throw new Error('no popular movie has a French title and reviews');
  }

  it('movie page: the reviews arrive deferred, and French then English never mix in the store', async () => {
    const { id, en, fr, authors } = await frenchMovie();
    const frenchAuthors = (await h.rest(`/movie/${id}/reviews?language=fr-FR`)).results.slice(0, 5).map((r: any) => r.author);
    const { page, problems } = await open('#/');
    const multipart: string[] = [];
    page.on('response', (response) => response.url() === h.url && multipart.push(response.headers()['content-type'] ?? ''));
    /** The title and genres on screen are those of one language: `movie`, the catalog's answer in it. */
    const showsMovie = async (movie: any) => {
      await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe(movie.title);
      expect(await texts(page, '.genres li')).toEqual(movie.genres.map((genre: any) => genre.name));
    };
    const card = page.locator(`.movie-card a[href="#/movie/${id}"]`);
    expect(await card.textContent()).toBe(en.title);

    await card.click();
    await showsMovie(en);
    await expect.poll(() => texts(page, '.reviews li'), WAIT).toEqual(authors);
    expect(multipart.at(-1)).toMatch(/^multipart\/mixed/);

    await page.getByRole('link', { name: 'Français', exact: true }).click();
    await showsMovie(fr);
    await expect.poll(() => texts(page, '.reviews li'), WAIT).toEqual(frenchAuthors);
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await showsMovie(en);
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(() => card.textContent(), WAIT).toBe(en.title);
    await page.evaluate((movieId) => (location.hash = `#/movie/${movieId}/fr-FR`), id);
    await showsMovie(fr);
    expect(problems).toEqual([]);
  }, 30_000);

  it('a person reached through node(id:), whose biography is refetched through node(id:)', async () => {
    const { id } = await frenchMovie();
    const [first] = (await h.rest(`/movie/${id}/credits`)).cast;
    const person = await h.rest(`/person/${first.id}`);
    const { page, problems, operations } = await open(`#/movie/${id}`);
    await page.locator('.cast a').first().click();
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe(person.name);
    expect(await page.locator('.department').textContent()).toBe(person.known_for_department);
    await page.getByRole('button', { name: 'Show biography', exact: true }).click();
    await expect.poll(() => page.locator('.biography').textContent(), WAIT).toBe(person.biography);
    expect(operations.slice(-2)).toEqual(['PersonPageQuery', 'PersonPageRefetchQuery']);
    expect(problems).toEqual([]);
  }, 30_000);

  it('a series, down through a season to an episode', async () => {
    const [{ id }] = (await h.rest('/tv/popular')).results;
    const series = await h.rest(`/tv/${id}`);
    const { season_number: number } = series.seasons.find((season: any) => season.season_number > 0 && season.episode_count > 0);
    const season = await h.rest(`/tv/${id}/season/${number}`);
    const [episode] = season.episodes;
    const { page, problems } = await open(`#/tv/${id}`);
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe(series.name);
    expect(await texts(page, '.seasons a')).toEqual(series.seasons.map((s: any) => s.name));
    await page.locator(`a[href="#/tv/${id}/season/${number}"]`).click();
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe(season.name);
    expect(await texts(page, '.episodes a')).toEqual(season.episodes.map((e: any) => e.name));
    await page.locator('.episodes a').first().click();
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe(episode.name);
    expect(await page.locator('.air-date').textContent()).toBe(episode.air_date);
    expect(problems).toEqual([]);
  }, 30_000);

  it('sign-in, then writes that the account screen shows with no updater and no refetch', async () => {
    const accountId = h.catalog.data.account.id;
    const oracle = await createUserSession(h);
    const catalog = (path: string) => h.rest(`/account/${accountId}/${path}?session_id=${oracle}`);
    const listNames = async () => (await catalog('lists')).results.map((list: any) => list.name);
    const watchlisted = (await catalog('watchlist/movies')).total_results;
    let movieId = 0; // a popular movie not on the watchlist yet
    for (const { id } of (await h.rest('/movie/popular')).results) {
      if (!(await h.rest(`/movie/${id}/account_states?session_id=${oracle}`)).watchlist && (movieId = id)) break;
    }
    expect(movieId).not.toBe(0);

    const { page, problems, operations } = await open('#/sign-in');
    await page.getByLabel('User name').fill(h.catalog.data.account.username);
    await page.getByLabel('Password').fill(DEMO_ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe(h.catalog.data.account.username);
    const count = page.locator('.watchlist-count');
    expect(await count.textContent()).toBe(`Movies on the watchlist: ${watchlisted}`);
    expect(await texts(page, '.lists .name')).toEqual(await listNames());

    await page.evaluate((id) => (location.hash = `#/movie/${id}`), movieId);
    await page.getByRole('button', { name: 'Add to watchlist', exact: true }).click();
    await page.getByRole('button', { name: 'Remove from watchlist' }).waitFor(WAIT);
    const sent = operations.length;
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await expect.poll(() => count.textContent(), WAIT).toBe(`Movies on the watchlist: ${watchlisted + 1}`);
    expect((await catalog('watchlist/movies')).total_results).toBe(watchlisted + 1);

    await page.getByLabel('New list').fill('Relay night');
    await page.getByRole('button', { name: 'Create list', exact: true }).click();
    await expect.poll(() => page.locator('.lists .name').first().textContent(), WAIT).toBe('Relay night');
    expect(await listNames()).toContain('Relay night');
    await page.locator('.lists li', { hasText: 'Relay night' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => texts(page, '.lists .name'), WAIT).not.toContain('Relay night');
    expect(await listNames()).not.toContain('Relay night');
    // The account screen came back from the store: only the two writes went out.
    expect(operations.slice(sent)).toEqual(['AccountCreateListMutation', 'AccountDeleteListMutation']);
    expect(problems).toEqual([]);
  }, 30_000);
});

describe("the Relay example app's source", () => {
  it("has no updater and no network of its own: writes select what they change, and the network is the starter's", () => {
    const source = readdirSync(appSource)
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(join(appSource, file), 'utf8'))
      .join('\n');
    expect(source).not.toMatch(/updater\s*[:(]|ConnectionHandler|commitLocalUpdate|Network\.create|\bfetch\(/);
    expect(source).toContain("import { createRelayNetwork } from '../../src/relay-network.ts';");
    expect(source).toMatch(/listEdge @prependEdge\(connections:/);
    expect(source).toMatch(/deletedId @deleteRecord/);
  });
});
