import { brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonPieces } from '../../src/graphql/json-pieces.ts';
import { keepingAllBut } from '../../src/graphql/gateway-parts.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { mostReviewedMovies, reviewsQuery } from './wordy-upstream.ts';

/**
 * Answers counted past 1 MiB are serialised piece by piece as the client reads
 * (src/graphql/streamed-answer.ts, written by src/http/listener.ts): the same bytes as a whole
 * answer, without Content-Length or ETag, compressed on the way when asked.
 */
let streamed: Harness;
let whole: Harness;
beforeAll(async () => {
  streamed = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024 } });
  whole = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024 }, keeps: keepingAllBut(['streamed-answers']) });
});
afterAll(async () => {
  await streamed.close();
  await whole.close();
});

const post = (url: string, query: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });

describe('a large answer', () => {
  it('is streamed: the same bytes as the whole answer, no Content-Length, no ETag; compressed on the way when asked', async () => {
    const query = reviewsQuery(mostReviewedMovies(streamed.catalog, 100), 30);
    const expected = await (await post(whole.url, query)).text();
    expect(expected.length).toBeGreaterThan(2_000_000);

    const answer = await post(streamed.url, query, { 'accept-encoding': 'identity' });
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('etag')).toBeNull();
    expect(await answer.text()).toBe(expected);

    const typed = await post(streamed.url, query, { accept: 'application/graphql-response+json' });
    expect(typed.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
    expect(await typed.text()).toBe(expected);

    // fetch would undo the coding itself: the raw bytes are read through node's own request.
    const { request } = await import('node:http');
    const compressed = await new Promise<{ coding?: string; bytes: Buffer }>((resolve, reject) => {
      const body = JSON.stringify({ query });
      const req = request(
        streamed.url,
        { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'br' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ coding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(compressed.coding).toBe('br');
    expect(compressed.bytes.length).toBeLessThan(expected.length / 5);
    expect(brotliDecompressSync(compressed.bytes).toString()).toBe(expected);
  });

  it('a small answer is still whole: its length and, over GET, its ETag', async () => {
    const answer = await fetch(`${streamed.url}?query=${encodeURIComponent('{ configuration { changeKeys } }')}`);
    expect(answer.headers.get('content-length')).toMatch(/^\d+$/);
    expect(answer.headers.get('etag')).toMatch(/^(W\/)?"/);
  });
});

describe('JsonPieces', () => {
  it('joined, its pieces are JSON.stringify of the value, whatever the value and the piece size', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 64 }), (value, size) => {
        const pieces = new JsonPieces(value);
        let joined = '';
        for (let piece = pieces.next(size); piece !== undefined; piece = pieces.next(size)) joined += piece;
        expect(joined).toBe(JSON.stringify(value));
      }),
    );
    // What JSON.stringify leaves out or replaces, and a value with its own toJSON.
    const odd = { a: undefined, b: () => 1, c: [undefined, () => 1, 1], d: new Date(0), e: { toJSON: () => 'own' } };
    expect(new JsonPieces(odd).next(1_000)).toBe(JSON.stringify(odd));
  });
});
