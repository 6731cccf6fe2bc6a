import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser/launch.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { outsideProgram } from '../outside-programs.ts';
import { type Compilation, compileFixtures } from './compile.ts';

/**
 * Issue 33, item 2, in headless Chromium: a page bundled as an app's is (vite), with relay-runtime,
 * the starter's network (starter/src/relay-network.ts) and the artifacts the real relay-compiler
 * writes for test/relay/fixtures/MovieDeferredPage.ts, served from the gateway's origin. It renders
 * a movie's title at once and its deferred reviews when their part arrives. Without the starter's
 * adapter relay-runtime fails the query ("No data returned for operation": defer.test.ts).
 */
const chromiumProgram = outsideProgram('chromium', import.meta.url);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const WAIT = { timeout: 15_000 };

/** The app's page: renders the query's snapshot, then the deferred fragment's, as components would. */
const app = (artifacts: string) => `
import { createOperationDescriptor, Environment, getSelector, RecordSource, Store } from 'relay-runtime';
import { createRelayNetwork } from ${JSON.stringify(join(repo, 'starter/src/relay-network.ts'))};
import query from ${JSON.stringify(join(artifacts, 'MovieDeferredPageQuery.graphql.ts'))};
import reviewsFragment from ${JSON.stringify(join(artifacts, 'MovieReviews_movie.graphql.ts'))};

const root = document.getElementById('root')!;
const environment = new Environment({
  network: createRelayNetwork(new URL('/graphql', location.href).href),
  store: new Store(new RecordSource()),
});
const operation = createOperationDescriptor(query, { id: Number(new URLSearchParams(location.search).get('id')) });
const renders: string[] = [];
function render() {
  const movie = (environment.lookup(operation.fragment).data as any)?.movie;
  if (!movie) return;
  const reviews = environment.lookup(getSelector(reviewsFragment, movie) as any);
  const authors = reviews.isMissingData ? null : (reviews.data as any).reviews.edges.map((edge: any) => edge.node.author);
  renders.push(authors ? 'reviews' : 'title');
  root.innerHTML = '';
  const title = root.appendChild(document.createElement('h1'));
  title.textContent = movie.title;
  const list = root.appendChild(document.createElement('ul'));
  list.id = authors ? 'reviews' : 'loading';
  for (const author of authors ?? []) list.appendChild(document.createElement('li')).textContent = author;
}
environment.execute({ operation }).subscribe({
  next: render,
  complete: () => ((window as any).relayDone = renders),
  error: (error: Error) => ((window as any).relayDone = ['error: ' + error.message]),
});
`;

describe.skipIf(!chromiumProgram)('a Relay page in Chromium', () => {
  let h: Harness;
  let tmp: string;
  let browser: Browser;
  let bundle: string;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'relay-defer-browser-'));
    let compiled: Compilation;
    [compiled, h, browser] = await Promise.all([compileFixtures(tmp, 'app'), startHarness(), launchChromium(chromiumProgram!)]);
    expect(compiled.code, compiled.output).toBe(0);
    const entry = join(tmp, 'app.ts');
    await writeFile(entry, app(compiled.artifacts));
    const built: any = await build({
      configFile: false,
      logLevel: 'warn',
      root: tmp,
      resolve: { alias: { 'relay-runtime': join(repo, 'node_modules/relay-runtime') } },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { write: false, minify: false, lib: { entry, formats: ['iife'], name: 'app' } },
    });
    bundle = (Array.isArray(built) ? built[0] : built).output[0].code;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await h?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("renders a movie's title, then its deferred reviews, read through the starter's network", async () => {
    const movieId = h.catalog.data.reviews.find((review) => review.media_type === 'movie')!.media_id;
    const origin = new URL(h.url).origin;
    const page = await (await browser.newContext()).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The app is served from the gateway's origin, as a same-site app would be: no CORS in the way.
    await page.route(`${origin}/app?*`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><div id="root"></div><script src="/app.js"></script>' }),
    );
    await page.route(`${origin}/app.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: bundle }));
    await page.goto(`${origin}/app?id=${movieId}`);
    const renders = await (await page.waitForFunction(() => (window as any).relayDone, undefined, WAIT)).jsonValue();

    const movie = await h.rest(`/movie/${movieId}`);
    const oracle = await h.rest(`/movie/${movieId}/reviews`);
    expect(renders[0]).toBe('title');
    expect(renders.at(-1)).toBe('reviews');
    expect(await page.locator('h1').textContent()).toBe(movie.title);
    expect(await page.locator('#reviews li').allTextContents()).toEqual(oracle.results.slice(0, 5).map((review: any) => review.author));
    expect(pageErrors).toEqual([]);
  }, 30_000);
});
