import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesEtag } from '../../src/http/deliver.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Caching headers of GET answers, straight from the gateway (test/delivery/varnish.test.ts puts
 * a real caching proxy in front). The embedded catalog sends `max-age=86400` for
 * configuration, 14400 for details and 3600 for pages (packages/catalog/src/caching.ts).
 */
let h: Harness;

const VARY = 'Accept, Accept-Encoding, Accept-Language, Authorization, X-Session-Id, X-Guest-Session-Id';
const get = (query: string, headers: Record<string, string> = {}) => fetch(`${h.url}?query=${encodeURIComponent(query)}`, { headers });
const maxAge = (response: Response) => Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1]);

beforeAll(async () => {
  // A cap of a day, so that the catalog's own lifetimes show through.
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, delivery: { apqMaxBytes: 0, maxAgeMs: 86_400_000 } } });
});
afterAll(() => h.close());

describe('a public GET answer', () => {
  it('is public for as long as the least fresh upstream answer behind it', async () => {
    const configuration = await get('{ configuration { changeKeys } }');
    expect(configuration.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(maxAge(configuration)).toBeGreaterThan(86_400 - 5);
    const movie = h.catalog.data.movies[0]!;
    const withPage = await get(
      `{ configuration { changeKeys } movie(id: ${movie.id}) { title } popularMovies { edges { node { id: databaseId } } } }`,
    );
    expect(maxAge(withPage)).toBeLessThanOrEqual(3600);
    expect(maxAge(withPage)).toBeGreaterThan(3600 - 5);
    expect(withPage.headers.get('vary')).toBe(VARY);
  });

  it('carries an ETag that answers If-None-Match with 304 and no body', async () => {
    const query = '{ genres: movieGenres { id: databaseId name } }';
    const first = await get(query);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(query, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(again.headers.get('vary')).toBe(VARY);
    const other = await get(query, { 'if-none-match': 'W/"something-else"' });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual(await first.json());
  });

  it('is answered from the whole-response cache with the same headers and the max-age left', async () => {
    const query = '{ watchProviderRegions { countryCode } }';
    const miss = await get(query);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const hits = h.responseCache!.stats.hits;
    const hit = await get(query);
    expect(h.responseCache!.stats.hits).toBe(hits + 1);
    expect(hit.headers.get('etag')).toBe(miss.headers.get('etag'));
    expect(hit.headers.get('vary')).toBe(VARY);
    expect(maxAge(hit)).toBeLessThan(maxAge(miss));
    expect(maxAge(hit)).toBeGreaterThan(maxAge(miss) - 5);
    const notModified = await get(query, { 'if-none-match': miss.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expect(h.responseCache!.stats.hits).toBe(hits + 2);
  });
});

describe('a GET answer that must not be shared', () => {
  it.each([
    ['Authorization', () => ({ authorization: `Bearer ${h.catalog.demoToken}` })],
    ['X-Session-Id', () => ({ 'x-session-id': 'some-session' })],
    ['X-Guest-Session-Id', () => ({ 'x-guest-session-id': 'some-guest-session' })],
  ])('with %s from the client: private, no-store', async (_name, headers) => {
    // The server token's own answer, asked with the client's credential: still not shared.
    const answer = await get('{ configuration { changeKeys } }', headers());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('vary')).toBe(VARY);
  });

  it('with any error: private, no-store, no ETag', async () => {
    const answer = await get('{ movie(id: 999999999) { title } }');
    expect((await answer.json()).errors[0].extensions.code).toBe('NOT_FOUND');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('etag')).toBeNull();
    const invalid = await get('{ nope }');
    expect(invalid.headers.get('cache-control')).toBe('private, no-store');
  });

  it('with CACHE_CONTROL_MAX_AGE_MS=0: never public', async () => {
    const closed = await startHarness({ config: { cacheMaxBytes: 1024 * 1024, delivery: { apqMaxBytes: 0, maxAgeMs: 0 } } });
    try {
      const answer = await fetch(`${closed.url}?query=${encodeURIComponent('{ configuration { changeKeys } }')}`);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    } finally {
      await closed.close();
    }
  });
});

describe('If-None-Match', () => {
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"other", W/"abc"', true],
    ['*', true],
    ['W/"other"', false],
    ['', false],
  ])('%j against W/"abc": %s', (header, expected) => {
    expect(matchesEtag(header, 'W/"abc"')).toBe(expected);
  });
});
