import { Client, fetchExchange, type OperationResult } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { urqlSchema } from '../../schema/client-cache.ts';
import { startHarness, type Harness } from '../helpers.ts';
import {
  captureWarnings,
  MOVIE_DETAIL,
  MOVIE_MORE,
  pickSubjects,
  REVIEW_FIRST,
  REVIEW_SECOND,
  ROOT_FIRST,
  ROOT_SECOND,
  SERIES_DETAIL,
  SERIES_MORE,
} from './overlapping.ts';
import { recordingFetch } from './recording-fetch.ts';

/**
 * Real urql with graphcache over real HTTP (GET, urql's default), with the generated `urqlSchema`
 * only (no keys: every object's `id` is its key): two queries selecting different sub-fields of the same value
 * objects leave no warning, and the first, asked again with `cache-only`, comes whole from the
 * cache without a request.
 */
let h: Harness;
let subjects: ReturnType<typeof pickSubjects>;
let capture: ReturnType<typeof captureWarnings>;

beforeAll(async () => {
  h = await startHarness();
  subjects = pickSubjects(h);
});
afterAll(() => h.close());
afterEach(() => capture?.restore());

function expectData(result: OperationResult) {
  expect(result.error).toBeUndefined();
  expect(result.data).toBeTruthy();
  return result.data;
}

const cases = [
  ['a movie: credits, images, a review page, review authors', MOVIE_DETAIL, MOVIE_MORE, () => ({ id: subjects.movieId })],
  ['a series, a season, its episodes and an episode', SERIES_DETAIL, SERIES_MORE, () => ({ id: subjects.seriesId })],
  ['Query.configuration and Query.search', ROOT_FIRST, ROOT_SECOND, () => ({ query: subjects.word })],
  ["fragments on a union and on Node (a review's movie)", REVIEW_FIRST, REVIEW_SECOND, () => ({ id: subjects.reviewId })],
] as const;

describe('urql graphcache with the generated schema', () => {
  it.each(cases)('%s: no warning, and the first query reads back whole with cache-only', async (_, first, second, variables) => {
    capture = captureWarnings();
    const recording = recordingFetch();
    const client = new Client({
      url: h.url,
      fetch: recording.fetch,
      exchanges: [cacheExchange({ schema: urqlSchema, logger: capture.logged }), fetchExchange],
    });
    const one = expectData(await client.query(first, variables()).toPromise());
    const two = expectData(await client.query(second, variables()).toPromise());
    expect(recording.sent.map((request) => request.method)).toEqual(['GET', 'GET']);

    const again = await client.query(first, variables(), { requestPolicy: 'cache-only' }).toPromise();
    const twoAgain = await client.query(second, variables(), { requestPolicy: 'cache-only' }).toPromise();
    expect(again.data).toEqual(one);
    expect(twoAgain.data).toEqual(two);
    expect(again.stale).toBe(false);
    expect(recording.sent).toHaveLength(2);
    expect(capture.messages).toEqual([]);
  });
});

// graphcache says each distinct warning once per process: these run after the cases above, so
// that a warning they provoke cannot hide one of those.
describe('graphcache without any configuration', () => {
  it('keys every value object by its id: no warning, and the movie page reads back whole with cache-only', async () => {
    capture = captureWarnings();
    const client = new Client({ url: h.url, exchanges: [cacheExchange({ logger: capture.logged }), fetchExchange] });
    const one = expectData(await client.query(MOVIE_DETAIL, { id: subjects.movieId }).toPromise());
    expectData(await client.query(MOVIE_MORE, { id: subjects.movieId }).toPromise());
    const again = await client.query(MOVIE_DETAIL, { id: subjects.movieId }, { requestPolicy: 'cache-only' }).toPromise();
    expect(again.data).toEqual(one);
    expect(capture.messages).toEqual([]);
  });

  it('without the schema, it matches fragments on a union by guesswork and warns', async () => {
    capture = captureWarnings();
    const client = new Client({ url: h.url, exchanges: [cacheExchange({ logger: capture.logged }), fetchExchange] });
    expectData(await client.query(REVIEW_FIRST, { id: subjects.reviewId }).toPromise());
    expect(capture.messages.join('\n')).toMatch(/Heuristic Fragment Matching|Invalid undefined: The field at `name` is `undefined`/);
  });
});
