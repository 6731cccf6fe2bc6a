import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressionStats } from '../../src/http/compression.ts';
import { startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/**
 * Compression by Accept-Encoding. undici's `request` shows the bytes as they travel; Node's
 * `fetch` (undici's, which decodes gzip and br as browsers do) shows a real client reading them.
 */
let h: Harness;

// A page of 20 movies with their overviews: about 8 KB of JSON.
const PAGE = '{ popularMovies { edges { node { id: databaseId title overview releaseDate posterPath voteAverage } } } }';
const SMALL = '{ configuration { changeKeys } }';

async function raw(query: string, headers: Record<string, string>) {
  const answer = await request(`${h.url}?query=${encodeURIComponent(query)}`, { headers });
  return { headers: answer.headers, bytes: Buffer.from(await answer.body.arrayBuffer()) };
}

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024 } });
});
afterAll(() => h.close());

describe('Accept-Encoding negotiation', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('%j chooses %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressed answers', () => {
  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ])('%s: the decoded bytes are the plain answer, several times smaller', async (encoding, decode) => {
    const plain = await raw(PAGE, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(4000);
    const packed = await raw(PAGE, { 'accept-encoding': encoding });
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(Number(packed.headers['content-length'])).toBe(packed.bytes.length);
    expect(packed.bytes.length * 3).toBeLessThan(plain.bytes.length);
    expect(decode(packed.bytes).equals(plain.bytes)).toBe(true);
    expect(packed.headers.vary).toMatch(/Accept-Encoding/);
    expect(packed.headers.etag).toBe(plain.headers.etag);
  });

  it.each([['its own Accept-Encoding'], ['br']])('Node’s fetch with %s decodes the answer and reads it as JSON', async (asked) => {
    const headers: Record<string, string> = asked === 'br' ? { 'accept-encoding': 'br' } : {};
    const answer = await fetch(`${h.url}?query=${encodeURIComponent(PAGE)}`, { headers });
    expect(['gzip', 'br']).toContain(answer.headers.get('content-encoding'));
    if (asked === 'br') expect(answer.headers.get('content-encoding')).toBe('br');
    expect(expected.nodes((await answer.json()).data.popularMovies)).toHaveLength(20);
  });

  it('leaves a small answer as it is', async () => {
    const small = await raw(SMALL, { 'accept-encoding': 'gzip, br' });
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses POST answers and errors alike', async () => {
    const answer = await request(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: PAGE }),
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(expected.nodes(JSON.parse(gunzipSync(Buffer.from(await answer.body.arrayBuffer())).toString()).data.popularMovies)).toHaveLength(
      20,
    );
  });

  it('a whole-response cache hit sends the bytes compressed once, never compressing again', async () => {
    const query = '{ topRatedMovies { edges { node { id: databaseId title overview } } } }';
    const miss = await raw(query, { 'accept-encoding': 'br' });
    const calls = compressionStats.calls;
    const hits = h.responseCache!.stats.hits;
    const hit = await raw(query, { 'accept-encoding': 'br' });
    expect(h.responseCache!.stats.hits).toBe(hits + 1);
    expect(hit.bytes.equals(miss.bytes)).toBe(true);
    expect(compressionStats.calls).toBe(calls);
    // Another coding is made once, at its first hit, and kept.
    const gzipHit = await raw(query, { 'accept-encoding': 'gzip' });
    expect(gzipHit.headers['content-encoding']).toBe('gzip');
    expect(compressionStats.calls).toBe(calls + 1);
    await raw(query, { 'accept-encoding': 'gzip' });
    expect(compressionStats.calls).toBe(calls + 1);
  });

  it('COMPRESSION_ENABLED=false sends every answer as it is', async () => {
    const plain = await startHarness({ config: { delivery: { apqMaxBytes: 0, maxAgeMs: 0, compressionMinBytes: undefined } } });
    try {
      const answer = await request(`${plain.url}?query=${encodeURIComponent(PAGE)}`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(expected.nodes(JSON.parse(await answer.body.text()).data.popularMovies)).toHaveLength(20);
    } finally {
      await plain.close();
    }
  });
});
