import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './launch.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { outsideProgram } from '../outside-programs.ts';
import * as expected from '../expected.ts';

/**
 * GraphiQL as a person uses it: real headless Chromium (Debian's package, which .ci/run installs, else the
 * build inside @sparticuz/chromium: test/outside-programs.ts)
 * opens /graphql with every host but the gateway's blocked, so a page that still needed a CDN
 * would stay blank here and fail. It runs the example, reads the result, opens the docs.
 */
const chromiumProgram = outsideProgram('chromium', import.meta.url);
const ARTIFACTS = new URL('../artifacts/', import.meta.url);
// Generous for a 9 MB page on a loaded 2-core machine, yet a blank page fails well within the test's time.
const WAIT = { timeout: 15_000 };

let h: Harness;
let browser: Browser;
let page: Page;
/** Every request the page tried to send anywhere but the gateway (all of them were blocked). */
const offsite: string[] = [];
/** The GraphQL requests the page sent, with their headers and answers. */
const exchanges: Array<{
  operationName?: string;
  headers: Record<string, string>;
  answer: Promise<any>;
  language: Promise<string | null>;
}> = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  h = await startHarness({ config: { graphiql: true } });
  const program = chromiumProgram!;
  browser = await launchChromium(program);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const gateway = new URL(h.url).host;
  // The only network the page gets is the gateway: a stand-in for a machine without internet.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).host === gateway) return route.continue();
    offsite.push(url);
    return route.abort('internetdisconnected');
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).host !== gateway) return;
    const body = request.postDataJSON() as { operationName?: string; query?: string };
    if (body.query?.includes('__schema')) return;
    exchanges.push({
      operationName: body.operationName,
      headers: request.headers(),
      answer: request.response().then((response) => response?.json()),
      language: request.response().then((response) => response?.headerValue('content-language') ?? null),
    });
  });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe.skipIf(!chromiumProgram)('GraphiQL in a browser without internet', () => {
  it('loads, runs the example tab and shows catalog data, then the schema in the docs explorer', async () => {
    const started = performance.now();
    // The tour asks for French (its Headers tab): the catalog's French answer is what the page must show.
    const upcoming = await h.rest<{ results: Array<{ title: string }> }>('/movie/upcoming?page=1&region=US&language=fr-FR');
    const firstTitle = upcoming.results[0].title;

    await page.goto(h.url, { waitUntil: 'domcontentloaded' });
    // A blank page (assets that never arrived) has no run button: this wait is where it fails.
    const run = page.locator('.graphiql-execute-button');
    await run.waitFor({ state: 'visible', ...WAIT }).catch((error: Error) => {
      throw new Error(`GraphiQL never showed its run button (a blank page); requests blocked: ${offsite.join(', ') || 'none'}`, {
        cause: error,
      });
    });
    expect(await page.locator('.graphiql-tab').count()).toBeGreaterThanOrEqual(4);
    expect(await page.locator('.graphiql-tab-active').textContent()).toContain('Tour');

    await run.click();
    // What the person sees: the first upcoming movie's title in the result pane. The editor
    // renders spaces as no-break spaces, hence the normalising.
    await page.waitForFunction(
      (title) => document.querySelector('.graphiql-response')?.textContent?.replace(/\s+/g, ' ').includes(title),
      firstTitle,
      WAIT,
    );
    expect(exchanges.map((exchange) => exchange.operationName)).toEqual(['Tour']);
    const [tour] = exchanges;
    const answer = await tour.answer;
    expect(answer.errors).toBeUndefined();
    expect(expected.nodes(answer.data.upcomingMovies)[0].title).toBe(firstTitle);
    expect(answer.data.review.author).toBeTruthy();
    expect(answer.data.tvSeries.season.episode.name).toBeTruthy();
    // The default tab sends no credentials: the gateway's server token answers.
    expect(tour.headers.authorization).toBeUndefined();
    expect(tour.headers['x-session-id']).toBeUndefined();
    // The tab's Accept-Language replaced the browser's own: the gateway answered in French, and
    // the series in Spanish (its `language` argument), and says both.
    expect(tour.headers['accept-language']).toBe('fr-FR');
    expect(await tour.language).toBe('es-ES, fr-FR');

    await page.locator('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]').click();
    const docs = page.locator('.graphiql-doc-explorer');
    // Filled from introspection: the root types, then the Query type's own fields.
    await docs.getByText('Query', { exact: true }).first().click(WAIT);
    await docs.getByText('upcomingMovies', { exact: true }).first().waitFor(WAIT);
    expect(await docs.locator('.graphiql-doc-explorer-title').textContent()).toBe('Query');

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: new URL('graphiql.png', ARTIFACTS).pathname });
    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
    console.info(`GraphiQL loaded, ran and documented in ${Math.round(performance.now() - started)} ms`);
  }, 30_000);

  it('carries placeholder credentials, clearly marked, in the account tab', async () => {
    // By keyboard, as a keyboard user switches tabs; graphiql-tabs.test.ts switches them with the mouse.
    await page.getByRole('tab', { name: 'YourAccount' }).getByRole('button', { name: 'YourAccount' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.graphiql-tab-active', { hasText: 'YourAccount' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Headers', exact: true }).click();
    const headers = page.locator('.graphiql-editor-tool');
    await page.waitForFunction(
      () => document.querySelector('.graphiql-editor-tool')?.textContent?.replace(/\s+/g, ' ').includes('X-Session-Id'),
      undefined,
      WAIT,
    );
    const text = ((await headers.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('"Authorization": "Bearer <PLACEHOLDER: your read access token>"');
    expect(text).toContain('"X-Session-Id": "<PLACEHOLDER:');
    await page.screenshot({ path: new URL('graphiql-headers.png', ARTIFACTS).pathname });
    expect(offsite).toEqual([]);
  }, 20_000);
});
