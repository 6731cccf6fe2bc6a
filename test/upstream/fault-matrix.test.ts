import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultRule } from '@media-catalog/catalog';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

/**
 * Every fault kind of the catalog's injector × a representative query: the exact error code on
 * the faulty field, the rest of the data intact, and a healthy answer to the next request.
 */
let h: Harness;
let movieId: number;

beforeAll(async () => {
  h = await startHarness({
    config: {
      upstreamTimeoutMs: 300,
      requestDeadlineMs: 2_000,
    },
  });
  movieId = h.catalog.data.movies[3].id;
});
afterAll(() => h.close());
beforeEach(() => {
  h.catalog.setFaults([]);
  h.catalog.resetCalls();
  // Each case starts with closed circuits.
  h.upstream.breakers.reset();
});

const QUERY = `query($id: Int!) { movie(id: $id) { title images { posters { filePath } } } configuration { changeKeys } }`;
const images = (rule: Omit<FaultRule, 'path'>): FaultRule => ({ path: '^/movie/\\d+/images$', ...rule });

describe('fault matrix', () => {
  it.each<[string, FaultRule, string]>([
    ['500', images({ status: 500 }), 'UPSTREAM_ERROR'],
    ['502 every time', images({ status: 502 }), 'UPSTREAM_ERROR'],
    ['503 every time', images({ status: 503 }), 'UPSTREAM_ERROR'],
    ['504 every time', images({ status: 504 }), 'UPSTREAM_TIMEOUT'],
    ['429 with a long Retry-After', images({ status: 429, retryAfterSeconds: 30 }), 'RATE_LIMITED'],
    ['429 without Retry-After, every time', images({ status: 429 }), 'RATE_LIMITED'],
    ['connection reset every time', images({ reset: true }), 'UPSTREAM_ERROR'],
    ['slower than the call timeout', images({ latencyMs: 1_000 }), 'UPSTREAM_TIMEOUT'],
    ['truncated JSON', images({ body: 'truncated' }), 'UPSTREAM_ERROR'],
    ['garbage bytes', images({ body: 'garbage' }), 'UPSTREAM_ERROR'],
    ['an HTML page', images({ body: 'html' }), 'UPSTREAM_ERROR'],
    ['JSON of the wrong shape', images({ body: 'wrong-shape' }), 'UPSTREAM_ERROR'],
  ])('%s → %s on the field, the rest intact', async (_, rule, code) => {
    h.catalog.setFaults([rule]);
    const started = Date.now();
    const response = await h.query(QUERY, { id: movieId });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(response.status).toBe(200);
    expect(errorCodes(response)).toEqual([code]);
    expect(response.body.errors![0].path?.slice(0, 2)).toEqual(['movie', 'images']);
    expect(response.body.data.movie.title).toEqual(expect.any(String));
    expect(response.body.data.configuration.changeKeys.length).toBeGreaterThan(0);
    expect(response.text).not.toMatch(/Internal error|backend server|<html|garbage|not-a-number/);

    h.catalog.setFaults([]);
    h.upstream.breakers.reset();
    const next = await h.query(QUERY, { id: movieId });
    expect(next.body.errors).toBeUndefined();
  });

  it.each<[string, FaultRule]>([
    ['503 once', images({ status: 503, times: 1 })],
    ['502 twice', images({ status: 502, times: 2 })],
    ['a reset once', images({ reset: true, times: 1 })],
    ['429 with Retry-After: 0 once', images({ status: 429, retryAfterSeconds: 0, times: 1 })],
  ])('a GET that meets %s is retried and succeeds', async (_, rule) => {
    h.catalog.setFaults([rule]);
    const response = await h.query(QUERY, { id: movieId });
    expect(response.body.errors).toBeUndefined();
    expect(h.callsTo(`/movie/${movieId}/images`)).toBe((rule.times ?? 0) + 1);
  });

  it('never retries a POST', async () => {
    h.catalog.setFaults([{ path: '^/authentication/session/new$', status: 503 }]);
    const response = await h.query(`mutation { createSession(input: { requestToken: "abc123" }) { session { sessionId } } }`);
    expect(errorCodes(response)).toEqual(['UPSTREAM_ERROR']);
    expect(h.callsTo('/authentication/session/new')).toBe(1);
  });
});

describe('circuit breaker', () => {
  it('fails fast while a route is failing, then probes and recovers', async () => {
    const breaking = await startHarness({ config: { upstreamTimeoutMs: 300, breakerThreshold: 5, breakerCooldownMs: 300 } });
    try {
      breaking.catalog.setFaults([{ path: '.*', status: 503 }]);
      const ids = breaking.catalog.data.movies.slice(0, 3).map((m) => m.id);
      for (const id of ids) await breaking.query(`{ movie(id: ${id}) { title } }`);
      // 5xx answers open the route's circuit; the host answered, so its circuit stays closed.
      expect(breaking.upstream.breakers.state('/movie/{id}')).toBe('open');
      expect(breaking.upstream.breakers.state()).toBe('closed');
      breaking.catalog.resetCalls();
      const started = Date.now();
      const fast = await breaking.query(`{ movie(id: ${ids[0]}) { title } }`);
      expect(Date.now() - started).toBeLessThan(200);
      expect(errorCodes(fast)).toEqual(['UPSTREAM_ERROR']);
      expect(fast.body.errors![0].message).toMatch(/paused/);
      expect(breaking.catalog.calls).toHaveLength(0);

      // The upstream recovers; after the cooldown one probe goes through and closes the circuit.
      breaking.catalog.setFaults([]);
      await new Promise((resolve) => setTimeout(resolve, 350));
      const probe = await breaking.query(`{ movie(id: ${ids[0]}) { title } }`);
      expect(probe.body.errors).toBeUndefined();
      expect(breaking.upstream.breakers.state('/movie/{id}')).toBe('closed');
    } finally {
      await breaking.close();
    }
  });
});
