import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { startVarnish, type RunningVarnish } from './varnish.ts';
import { outsideProgram } from '../outside-programs.ts';
import * as expected from '../expected.ts';

/**
 * A real caching proxy in front of the gateway: Debian's Varnish with its default VCL, which
 * obeys Cache-Control, Vary and ETag and nothing else we configure. A hit is an answer the
 * gateway never saw (its request count) and Varnish says so (two ids in X-Varnish, an Age).
 */
const varnishd = outsideProgram('varnishd', import.meta.url);
let h: Harness;
let varnish: RunningVarnish;

const through = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${varnish.url}/graphql?query=${encodeURIComponent(query)}`, { headers });
const isHit = (response: Response) => (response.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024 } });
  varnish = await startVarnish(varnishd!, Number(new URL(h.url).port));
}, 30_000);
afterAll(async () => {
  await varnish?.close();
  await h?.close();
});
beforeEach(() => h.catalog.resetCalls());

describe.skipIf(!varnishd)('Varnish in front of the gateway', () => {
  it('answers a repeated public GET itself: the gateway and the catalog see one request', async () => {
    const movie = h.catalog.data.movies[5]!;
    const query = `{ movie(id: ${movie.id}) { title overview } }`;
    const served = h.served();
    const miss = await through(query);
    expect(miss.status).toBe(200);
    expect(isHit(miss)).toBe(false);
    const missBody = await miss.json();
    expect(missBody.data.movie.title).toBe(movie.title);
    const hit = await through(query);
    expect(isHit(hit)).toBe(true);
    expect(hit.headers.get('age')).toMatch(/^\d+$/);
    expect(await hit.json()).toEqual(missBody);
    expect(h.served()).toBe(served + 1);
    expect(h.callsTo(`/movie/${movie.id}`)).toBe(1);
  });

  it('answers If-None-Match from its copy with 304', async () => {
    const query = '{ configuration { changeKeys } }';
    const first = await through(query);
    const served = h.served();
    const revalidated = await through(query, { 'if-none-match': first.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
    expect(h.served()).toBe(served);
  });

  it('keeps a copy per Accept, as Vary says', async () => {
    const query = '{ watchProviderRegions { countryCode } }';
    await through(query);
    const served = h.served();
    const other = await through(query, { accept: 'application/graphql-response+json' });
    expect(isHit(other)).toBe(false);
    expect(other.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(h.served()).toBe(served + 1);
    expect(isHit(await through(query, { accept: 'application/graphql-response+json' }))).toBe(true);
  });

  it('keeps a copy per Accept-Language: a French answer never reaches a German reader', async () => {
    const movie = h.catalog.data.movies.find((m) => {
      const codes = new Set(h.catalog.data.movieExtras.get(m.id)?.translations.map((t) => t.iso_639_1));
      return m.original_language === 'en' && codes.has('fr') && codes.has('de');
    })!;
    const text = (code: string) => h.catalog.data.movieExtras.get(movie.id)!.translations.find((t) => t.iso_639_1 === code)!.data;
    const url = `${varnish.url}/graphql?query=${encodeURIComponent(`{ movie(id: ${movie.id}) { title } }`)}`;
    const ask = (language: string) => fetch(url, { headers: { 'accept-language': language } });

    const french = await ask('fr-FR');
    expect(french.headers.get('vary')).toMatch(/\bAccept-Language\b/);
    expect(french.headers.get('content-language')).toBe('fr-FR');
    expect((await french.json()).data.movie.title).toBe(text('fr').title);
    const served = h.served();
    const german = await ask('de-DE');
    expect(isHit(german)).toBe(false);
    expect((await german.json()).data.movie.title).toBe(text('de').title);
    expect(h.served()).toBe(served + 1);
    // Each language is now a hit of its own copy.
    const frenchAgain = await ask('fr-FR');
    expect(isHit(frenchAgain)).toBe(true);
    expect((await frenchAgain.json()).data.movie.title).toBe(text('fr').title);
    expect(h.served()).toBe(served + 1);
  });

  it('keeps the gzip answer and serves it compressed, or decoded to a client without gzip', async () => {
    const query = `{ popularMovies(${expected.pageWindow('Query.popularMovies', 2)}) { edges { node { id title overview } } } }`;
    const served = h.served();
    const miss = await request(`${varnish.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(miss.headers['content-encoding']).toBe('gzip');
    const packed = Buffer.from(await miss.body.arrayBuffer());
    const hit = await request(`${varnish.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(Buffer.from(await hit.body.arrayBuffer()).equals(packed)).toBe(true);
    const plain = await request(`${varnish.url}/graphql?query=${encodeURIComponent(query)}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(await plain.body.text())).toEqual(JSON.parse(gunzipSync(packed).toString()));
    expect(h.served()).toBe(served + 1);
  });

  it('keeps an APQ GET by hash once the document is registered, never the not-found answer', async () => {
    const query = '{ movieGenres { id: databaseId name } }';
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
    const byHash = () => fetch(`${varnish.url}/graphql?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery }))}`);
    const served = h.served();
    const unknown = [await byHash(), await byHash()];
    expect(unknown.map((answer) => answer.status)).toEqual([404, 404]);
    expect(h.served()).toBe(served + 2);
    // Apollo's link registers with a POST, which Varnish passes through.
    await fetch(`${varnish.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, extensions: { persistedQuery } }),
    });
    const [miss, hit] = [await byHash(), await byHash()];
    expect((await miss.json()).data.movieGenres.length).toBeGreaterThan(0);
    expect(isHit(hit)).toBe(true);
    expect(h.served()).toBe(served + 4);
  });

  it.each([
    ['a session', { 'x-session-id': 'not-a-real-session' }],
    ['a guest session', { 'x-guest-session-id': 'not-a-real-guest-session' }],
  ])('passes every request with %s to the gateway', async (_name, headers) => {
    const query = '{ configuration { images { secureBaseUrl } } }';
    const served = h.served();
    const answers = [await through(query, headers), await through(query, headers)];
    expect(answers.map(isHit)).toEqual([false, false]);
    expect(answers.map((answer) => answer.headers.get('cache-control'))).toEqual(['private, no-store', 'private, no-store']);
    expect(h.served()).toBe(served + 2);
  });

  it('passes every request with the client’s own Authorization to the gateway', async () => {
    const query = '{ configuration { images { baseUrl } } }';
    const served = h.served();
    const headers = { authorization: `Bearer ${h.catalog.demoToken}` };
    const answers = [await through(query, headers), await through(query, headers)];
    expect(answers.map(isHit)).toEqual([false, false]);
    expect(h.served()).toBe(served + 2);
  });

  it('never keeps an answer with an error', async () => {
    const query = '{ movie(id: 999999998) { title } }';
    const served = h.served();
    const answers = [await through(query), await through(query)];
    expect(answers.map(isHit)).toEqual([false, false]);
    expect((await answers[1]!.json()).errors[0].extensions.code).toBe('NOT_FOUND');
    expect(h.served()).toBe(served + 2);
  });
});
