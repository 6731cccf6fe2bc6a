import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { errorCodes, type Harness, startHarness } from '../helpers.ts';

/**
 * Issue 42, "also seen": a retry is a call. Under MAX_COST=1 a movie whose first two answers are
 * 503 made three exchanges with the catalog (one budgeted, two retries); now the retries take
 * from the request's allowance too, and none is made when it is spent.
 */
let h: Harness;
let movieId: number;

beforeAll(async () => {
  h = await startHarness({ config: { limits: { ...loadConfig({}).limits, cost: 1 } } });
  movieId = h.catalog.data.movies[0]!.id;
});
afterAll(() => h?.close());

describe('retries spend the call budget', () => {
  it('under MAX_COST=1 a failing call is not retried: one exchange, the failure on its field', async () => {
    h.catalog.setFaults([{ path: `^/movie/${movieId}$`, status: 503, times: 2 }]);
    try {
      h.catalog.resetCalls();
      const answer = await h.query(`{ movie(id: ${movieId}) { title } }`);
      expect(h.callsTo(`/movie/${movieId}`)).toBe(1);
      expect(errorCodes(answer)).toEqual(['UPSTREAM_ERROR']);
    } finally {
      h.catalog.setFaults([]);
    }
  });

  it('with calls to spare the same failures are retried and the movie answers', async () => {
    const spare = await startHarness({ config: { limits: { ...loadConfig({}).limits, cost: 5 } } });
    try {
      spare.catalog.setFaults([{ path: `^/movie/${movieId}$`, status: 503, times: 2 }]);
      const answer = await spare.query(`{ movie(id: ${movieId}) { title } }`);
      expect(answer.body.errors).toBeUndefined();
      expect(spare.callsTo(`/movie/${movieId}`)).toBe(3);
    } finally {
      await spare.close();
    }
  });
});
