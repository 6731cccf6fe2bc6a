import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 31, item 6: under UPSTREAM_RATE_LIMIT each credential has a lane, holding only a few
 * turns ahead. Invented bearer tokens (the catalog answers them 401) each bought a lane of their
 * own: 60 requests with 60 of them held 60 turns ahead of everyone else. A credential now gets
 * its own lane once the catalog has accepted it (a 2xx); until then it waits in the one lane of
 * all unverified credentials. The server token (anonymous callers) is trusted from the start.
 */
const REAL_TOKEN = 'a-second-real-token-0123456789';
const movieQuery = (id: number) => `{ movie(id: ${id}) { title } }`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('made-up tokens under UPSTREAM_RATE_LIMIT', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ catalog: { extraTokens: [REAL_TOKEN] }, config: { upstreamRateLimit: 10, requestDeadlineMs: 3_000 } });
  });
  afterAll(() => h?.close());

  it('60 requests with 60 invented tokens: an anonymous caller and an accepted token still answer within a few turns', async () => {
    const [target, forAnonymous, forReal, warmUp] = h.catalog.data.movies;
    // The real token is accepted once, before the attack.
    const warm = await h.query(movieQuery(warmUp!.id), undefined, { authorization: `Bearer ${REAL_TOKEN}` });
    expect(warm.body.errors).toBeUndefined();
    await sleep(200);
    h.catalog.resetCalls();

    const attacks = Array.from({ length: 60 }, () =>
      h.query(movieQuery(target!.id), undefined, { authorization: `Bearer invented-${randomBytes(12).toString('hex')}` }),
    );
    // The 60 are all waiting for turns.
    await sleep(500);
    const started = Date.now();
    const [anonymous, real] = await Promise.all([
      h.query(movieQuery(forAnonymous!.id)),
      h.query(movieQuery(forReal!.id), undefined, { authorization: `Bearer ${REAL_TOKEN}` }),
    ]);
    const waitedMs = Date.now() - started;
    expect(anonymous.body.errors).toBeUndefined();
    expect(anonymous.body.data.movie.title).toBe(forAnonymous!.title);
    expect(real.body.errors).toBeUndefined();
    expect(real.body.data.movie.title).toBe(forReal!.title);

    // Only the few turns the unverified lane holds went before them, not the 60.
    const position = (id: number) => h.catalog.calls.findIndex((call) => call.path === `/movie/${id}`);
    console.log(
      `unverified lane: the anonymous movie was call ${position(forAnonymous!.id) + 1}, the accepted token's ${position(forReal!.id) + 1}, both answered in ${waitedMs} ms, after 60 invented tokens at 10 calls/s`,
    );
    expect(position(forAnonymous!.id)).toBeLessThan(15);
    expect(position(forReal!.id)).toBeLessThan(15);

    // The invented tokens are answered too, each with its own refusal: 401, or no turn in time.
    for (const answer of await Promise.all(attacks)) {
      expect(errorCodes(answer).length).toBe(1);
      expect(['UNAUTHENTICATED', 'RATE_LIMITED']).toContain(errorCodes(answer)[0]);
      expect(answer.text).not.toContain('invented-');
    }
  }, 20_000);
});
