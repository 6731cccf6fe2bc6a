import { request as httpRequest } from 'node:http';
import { meros } from 'meros/browser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 21, items 10 and 13, read with meros (a multipart/mixed parser we did not write, the one
 * urql and Relay's network layers use): every error of a deferred part carries its code and is
 * masked exactly as in a single answer, and the deferred work of a client that has gone stops.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());
beforeEach(() => {
  h.catalog.setFaults([]);
  h.catalog.resetCalls();
});

type Json = Record<string, any>;

async function parts(query: string): Promise<Json[]> {
  const response = await fetch(h.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'multipart/mixed; deferSpec=20220824, application/json' },
    body: JSON.stringify({ query }),
  });
  const stream = await meros<Json>(response);
  if (!(Symbol.asyncIterator in stream)) throw new Error(`not multipart: ${response.headers.get('content-type')}`);
  const bodies: Json[] = [];
  for await (const part of stream) bodies.push(part.body as Json);
  return bodies;
}

const deferredErrors = (bodies: Json[]) => bodies.flatMap((body) => (body.incremental ?? []).flatMap((item: Json) => item.errors ?? []));

describe('errors inside @defer parts', () => {
  it('a deferred missing season carries NOT_FOUND, as in a single answer', async () => {
    const series = h.catalog.data.tvSeries[0]!.id;
    const single = await h.query(`{ tvSeries(id: ${series}) { id: databaseId season(number: 999) { name } } }`);
    const bodies = await parts(`{ tvSeries(id: ${series}) { id: databaseId ... @defer { season(number: 999) { name } } } }`);
    const errors = deferredErrors(bodies);
    expect(errors.map((error) => [error.extensions?.code, error.path])).toEqual([['NOT_FOUND', ['tvSeries', 'season']]]);
    expect(errors[0].message).toBe(single.body.errors?.[0]?.message);
  });

  it('an internal error in a deferred part (a resolver tripping over a wrongly shaped answer) is coded and masked like a single answer’s', async () => {
    const movie = h.catalog.data.movies[4]!;
    h.catalog.setFaults([{ path: `^/movie/${movie.id}/(reviews|credits)$`, body: 'wrong-shape' }]);
    const fields = 'reviews { totalCount edges { node { id author } } } credits { cast { character } }';
    const single = await h.query(`{ movie(id: ${movie.id}) { title ${fields} } }`);
    const singleErrors = single.body.errors ?? [];
    expect(singleErrors.length).toBeGreaterThan(0);
    const bodies = await parts(`{ movie(id: ${movie.id}) { title ... @defer { ${fields} } } }`);
    expect(bodies[0]!.data.movie.title).toBe(movie.title);
    const errors = deferredErrors(bodies);
    expect(errors.length).toBe(singleErrors.length);
    const shape = (list: Json[]) =>
      list.map((error) => ({ message: error.message, code: error.extensions?.code })).sort((a, b) => a.message.localeCompare(b.message));
    expect(shape(errors)).toEqual(shape(singleErrors));
    for (const error of errors) {
      expect(['UPSTREAM_ERROR', 'INTERNAL_SERVER_ERROR']).toContain(error.extensions?.code);
      // Nothing of the upstream's data or of the gateway's internals: graphql-js and TypeError texts.
      expect(error.message).not.toMatch(/not-a-number|nope|Iterable|is not a function|Cannot read|represent/i);
      expect(error.extensions?.originalError).toBeUndefined();
    }
  });
});

describe('a client that goes away', () => {
  it('stops the deferred work: no upstream call of the deferred part is made after the client has gone', async () => {
    const movie = h.catalog.data.movies[6]!;
    // The deferred part's first call is slow; the calls it leads to (each recommendation's credits) come after it.
    h.catalog.setFaults([{ path: `^/movie/${movie.id}/recommendations$`, latencyMs: 1_000 }]);
    const query = `{ movie(id: ${movie.id}) { title ... @defer { recommendations { edges { node { id: databaseId credits { cast { character } } } } } } } }`;
    const firstPart = new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        h.url,
        { method: 'POST', headers: { 'content-type': 'application/json', accept: 'multipart/mixed; deferSpec=20220824' } },
        (response) => {
          response.once('data', () => {
            // The first part is here: the client leaves while the deferred part is still loading.
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', () => undefined);
      request.once('timeout', reject);
      request.end(JSON.stringify({ query }));
    });
    await firstPart;
    // Long enough for the slow call to end and every call it leads to to go out, were any made.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(h.callsTo(`/movie/${movie.id}`)).toBe(1);
    expect(h.callsTo(/^\/movie\/\d+\/credits$/)).toBe(0);
    // Asked again and read to the end, the same deferred part makes those calls: the test can see them.
    h.catalog.setFaults([]);
    h.catalog.resetCalls();
    const bodies = await parts(query);
    expect(bodies.at(-1)!.hasNext).toBe(false);
    expect(h.callsTo(/^\/movie\/\d+\/credits$/)).toBeGreaterThan(0);
  });
});
