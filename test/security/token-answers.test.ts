import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVarnish, type RunningVarnish } from '../delivery/varnish.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { outsideProgram } from '../outside-programs.ts';

/**
 * Issue 31, item 6: an answer that only a token unlocked is never kept by a shared cache for
 * a request without it. Through Debian's Varnish with its default VCL, which obeys
 * Cache-Control and Vary and knows nothing of our token headers: the router's GET of
 * `_service { sdl }` (refused to anyone else while INTROSPECTION=false) was `public,
 * max-age=3600` without Vary on X-Subgraph-Token, and Varnish served the whole SDL to the
 * next request without the token.
 */
const varnishd = outsideProgram('varnishd', import.meta.url);
const SUBGRAPH_TOKEN = 'router-secret-for-varnish-0123';
const METRICS_TOKEN = 'scraper-secret-for-varnish-0123';
let h: Harness;
let varnish: RunningVarnish;

const isHit = (response: Response) => (response.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;

beforeAll(async () => {
  h = await startHarness({
    config: { introspection: false, subgraphToken: SUBGRAPH_TOKEN, metricsToken: METRICS_TOKEN, cacheMaxBytes: 8 * 1024 * 1024 },
  });
  if (varnishd) varnish = await startVarnish(varnishd, Number(new URL(h.url).port));
}, 30_000);
afterAll(async () => {
  await varnish?.close();
  await h?.close();
});

describe.skipIf(!varnishd)('answers a token unlocked, through Varnish', () => {
  it('the router’s GET of `_service { sdl }` is private: the same GET without the token gets 401, not the SDL', async () => {
    const url = `${varnish.url}/subgraph?query=${encodeURIComponent('{ _service { sdl } }')}`;
    const router = await fetch(url, { headers: { 'x-subgraph-token': SUBGRAPH_TOKEN } });
    const routerText = await router.text();
    expect(router.status, routerText).toBe(200);
    expect(JSON.parse(routerText).data._service.sdl).toContain('type Movie');

    const stranger = await fetch(url);
    const strangerText = await stranger.text();
    // Not toContain: a failure would print the whole SDL.
    expect(strangerText.includes('type Movie')).toBe(false);
    expect(isHit(stranger)).toBe(false);
    expect(stranger.status).toBe(401);
    expect(JSON.parse(strangerText).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(router.headers.get('cache-control')).toBe('private, no-store, max-age=0');
  });

  it('a query the router ran on /subgraph is private too: no copy for a request without the token', async () => {
    const movie = h.catalog.data.movies[0]!;
    const url = `${varnish.url}/subgraph?query=${encodeURIComponent(`{ movie(id: ${movie.id}) { title } }`)}`;
    const router = await fetch(url, { headers: { 'x-subgraph-token': SUBGRAPH_TOKEN } });
    expect((await router.json()).data.movie.title).toBe(movie.title);
    const stranger = await fetch(url);
    expect(await stranger.text()).not.toContain(movie.title);
    expect(stranger.status).toBe(401);
    expect(router.headers.get('cache-control')).toBe('private, no-store, max-age=0');
  });

  it('/metrics with METRICS_TOKEN is never stored: a scrape without the token gets 401', async () => {
    const scraped = await fetch(`${varnish.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('gateway_');
    expect(scraped.headers.get('cache-control')).toMatch(/no-store/);
    const stranger = await fetch(`${varnish.url}/metrics`);
    expect(isHit(stranger)).toBe(false);
    expect(stranger.status).toBe(401);
    expect(await stranger.text()).not.toContain('gateway_');
  });
});
