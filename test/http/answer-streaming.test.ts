import { brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonPieces } from '../../src/graphql/json-pieces.ts';
import { keepingAllBut } from '../../src/graphql/gateway-parts.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { rawChunks, rawExchange } from './raw-http.ts';
import { mostReviewedMovies, reviewsQuery } from './wordy-upstream.ts';

/**
 * Answers counted past 1 MiB are serialised piece by piece as the client reads
 * (src/graphql/answer-size.ts, written by src/http/listener.ts): the same bytes as a whole
 * answer, without Content-Length or ETag, compressed on the way when asked. Every part of a
 * multipart or SSE answer is made the same way (src/graphql/streamed-parts.ts): the same bytes as
 * Yoga's own, written in pieces.
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

/** An answer read over a raw socket: its body and the size of each chunk, each a write of the gateway's. */
async function rawAnswer(url: string, query: string, accept: string) {
  const body = JSON.stringify({ query });
  const head = `POST /graphql HTTP/1.1\nHost: localhost\nContent-Type: application/json\nAccept: ${accept}\nContent-Length: ${Buffer.byteLength(body)}\nConnection: close\n`;
  const answer = await rawExchange(Number(new URL(url).port), head, { body, waitMs: 20_000 });
  expect(answer.status).toBe(200);
  return rawChunks(answer);
}

/** Yoga's SSE answer pings every 300 ms under NODE_ENV=test, ours every 12 s: pings are left out of the comparison. */
const withoutPings = (text: string) => text.replace(/^:\n\n/gm, '');

describe('an answer in parts (@defer, or asked as multipart/mixed or text/event-stream)', () => {
  const ids = () => mostReviewedMovies(streamed.catalog, 30);
  const deferred = () => reviewsQuery(ids(), 30).replace(/^\{ /, '{ configuration { changeKeys } ... @defer { ').replace(/\}$/, '} }');
  const cases = [
    { name: 'a deferred part of 2 MB, multipart/mixed', query: deferred, accept: 'multipart/mixed' },
    { name: 'a deferred part of 2 MB, text/event-stream', query: deferred, accept: 'text/event-stream' },
    { name: 'a single answer of 2 MB asked as multipart/mixed', query: () => reviewsQuery(ids(), 30), accept: 'multipart/mixed' },
    { name: 'a single answer of 2 MB asked as text/event-stream', query: () => reviewsQuery(ids(), 30), accept: 'text/event-stream' },
  ];
  it.each(cases)('$name: the bytes Yoga writes, in chunks of at most 256 KiB', async ({ query, accept }) => {
    const expected = await rawAnswer(whole.url, query(), accept);
    expect(expected.body.length).toBeGreaterThan(2_000_000);
    const answer = await rawAnswer(streamed.url, query(), accept);
    expect(withoutPings(answer.body.toString())).toBe(withoutPings(expected.body.toString()));
    expect(Math.max(...answer.sizes)).toBeLessThanOrEqual(256 * 1024);
  });
});

describe('JsonPieces', () => {
  it('joined, its pieces are JSON.stringify of the value, whatever the value and the piece size', () => {
    // Values small enough to be walked at every depth (nativeChars) and strings cut into slices:
    // escapes, and surrogate pairs that a slice must not part, lone halves too.
    const text = fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', '\u0001', 'é', '😀', '\ud800', '\udc00'), maxLength: 40 });
    const walked = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node')),
        fc.dictionary(text, tie('node')),
      ),
    })).node;
    const value = fc.oneof(fc.jsonValue({ maxDepth: 6 }), walked);
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 0, max: 64 }), (value, size, nativeChars) => {
        const pieces = new JsonPieces(value, nativeChars);
        let joined = '';
        for (let piece = pieces.next(size); piece !== undefined; piece = pieces.next(size)) joined += piece;
        expect(joined).toBe(JSON.stringify(value));
      }),
    );
    // What JSON.stringify leaves out or replaces, and a value with its own toJSON.
    const odd = { a: undefined, b: () => 1, c: [undefined, () => 1, 1], d: new Date(0), e: { toJSON: () => 'own' } };
    expect(new JsonPieces(odd).next(1_000)).toBe(JSON.stringify(odd));
    expect(new JsonPieces(odd, 0).next(1_000)).toBe(JSON.stringify(odd));
  });

  it('makes no piece much longer than asked, wherever the weight of the value sits (issue 42, item 7)', () => {
    const review = 'x'.repeat(50_000);
    const results = Array.from({ length: 20 }, () => Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c${i}`, review])));
    const answer = { data: { movie: { reviews: { results } } } };
    const pieces = new JsonPieces(answer);
    let longest = 0;
    for (let piece = pieces.next(64 * 1024); piece !== undefined; piece = pieces.next(64 * 1024)) longest = Math.max(longest, piece.length);
    expect(longest).toBeLessThanOrEqual(2 * 64 * 1024 + 16 * 1024);
  });
});
