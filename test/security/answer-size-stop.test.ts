import { meros } from 'meros/browser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/**
 * MAX_RESPONSE_BYTES stops an answer while it is built (src/graphql/answer-size.ts): past the
 * bound no resolver runs, so no further upstream call is made; the answer is the one coded error,
 * and an incremental answer ends with a part that carries it. (The attack itself, in a gateway
 * process with npm start's heap: answer-size.test.ts.)
 */
const MAX = 12_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { limits: { ...loadConfig({}).limits, responseBytes: MAX } } });
});
afterAll(() => h?.close());
beforeEach(() => {
  h.catalog.resetCalls();
  h.catalog.setFaults([]);
});

/** Each item's overview ten times: about 3,000 characters an item, past the bound by the fifth of 20. */
const overviews = Array.from({ length: 10 }, (_, i) => `o${i}: overview`).join(' ');
const TOO_LARGE = {
  message: `The answer grew past the limit of ${MAX} bytes and was stopped; ask for fewer items or fields (pages, ids, aliases).`,
  extensions: { code: 'RESPONSE_TOO_LARGE', limit: 'responseBytes', max: MAX },
};

describe('past MAX_RESPONSE_BYTES', () => {
  it('the answer is the one RESPONSE_TOO_LARGE error, and the items after the bound load nothing', async () => {
    const answer = await h.query(`{ popularMovies { edges { node { ${overviews} credits { cast { character } } } } } }`);
    expect(answer.body).toEqual({ data: null, errors: [TOO_LARGE] });
    // The answer ends at the first field past the bound (a non-null field of an edge fails the
    // whole list at once), so the credits calls of the items before it may land just after it.
    for (let waited = 0; (waited < 100 || h.catalog.load.inFlight > 0) && waited < 2_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // One credits call per item reached before the bound, none after: far fewer than the 20 items.
    const credits = h.callsTo(/^\/movie\/\d+\/credits$/);
    expect(credits).toBeGreaterThan(0);
    expect(credits).toBeLessThan(10);
  });

  it('an answer within the bound is whole', async () => {
    const answer = await h.query('{ popularMovies { edges { node { id: databaseId title } } } }');
    expect(answer.body.errors).toBeUndefined();
    expect(expected.nodes(answer.body.data.popularMovies)).toHaveLength(20);
  });

  it('an incremental answer ends with a last part that carries the error', async () => {
    h.catalog.setFaults([{ path: '^/movie/top_rated$', latencyMs: 300 }]);
    const response = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed; deferSpec=20220824, application/json' },
      // The popular movies' ids go out first; the top-rated movies' overviews, deferred (and
      // slower upstream), pass the bound.
      body: JSON.stringify({
        query: `{ popularMovies { edges { node { id: databaseId } } } ... @defer { topRatedMovies { edges { node { ${overviews} } } } } }`,
      }),
    });
    const stream = await meros<Record<string, any>>(response);
    if (!(Symbol.asyncIterator in stream)) throw new Error(`not multipart: ${response.headers.get('content-type')}`);
    const bodies: Record<string, any>[] = [];
    for await (const part of stream) bodies.push(part.body);
    expect(bodies).toHaveLength(2);
    expect(expected.nodes(bodies[0]!.data.popularMovies)).toHaveLength(20);
    expect(bodies[0]!.hasNext).toBe(true);
    expect(bodies[1]).toMatchObject({ data: null, errors: [TOO_LARGE], hasNext: false });
  });
});
