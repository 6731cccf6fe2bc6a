import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

/**
 * UPSTREAM_RATE_LIMIT without Redis: the budget is the process's own. Calls over it wait their
 * turn within the request's deadline; those whose turn comes too late fail RATE_LIMITED on
 * their field (HTTP 200, the rest of the answer intact), and are never sent. 0 is no budget.
 */
describe('the upstream rate budget of one process', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ config: { upstreamRateLimit: 10, requestDeadlineMs: 1_500 } });
  });
  afterAll(() => h.close());

  it('twenty movies at 10 calls a second within a 1.5 s deadline: the first ones wait their turn, the rest are RATE_LIMITED unsent', async () => {
    h.catalog.resetCalls();
    const ids = h.catalog.data.movies.slice(0, 20).map((movie) => movie.id);
    const response = await h.query(`{ ${ids.map((id) => `m${id}: movie(id: ${id}) { title }`).join(' ')} }`);
    expect(response.status).toBe(200);
    const answered = ids.filter((id) => response.body.data?.[`m${id}`]?.title);
    const codes = errorCodes(response);
    expect(answered.length + codes.length).toBe(20);
    expect(new Set(codes)).toEqual(new Set(['RATE_LIMITED']));
    // Turns every 100 ms that start at least 500 ms before the deadline: the first, then ten more.
    expect(answered.length).toBeGreaterThanOrEqual(9);
    expect(answered.length).toBeLessThanOrEqual(12);
    expect(h.catalog.calls).toHaveLength(answered.length);
    expect(h.upstream.rateBudget!.stats.waits).toBe(answered.length - 1);
    expect(h.upstream.rateBudget!.stats.refusals).toBe(codes.length);
  });

  it('is off by default', async () => {
    const plain = await startHarness();
    try {
      expect(plain.upstream.rateBudget).toBeUndefined();
      const ids = plain.catalog.data.movies.slice(0, 20).map((movie) => movie.id);
      const response = await plain.query(`{ ${ids.map((id) => `m${id}: movie(id: ${id}) { title }`).join(' ')} }`);
      expect(response.body.errors).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
