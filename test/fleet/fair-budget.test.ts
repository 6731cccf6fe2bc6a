import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { startFleet, until, type Fleet } from './fleet.ts';
import { outsideProgram } from '../outside-programs.ts';
import { startRedis, type RunningRedis } from './redis-server.ts';

/**
 * Issue 21, items 3 and 6, on a real redis-server: a 429 with `Retry-After: 86400` on one
 * caller's credential and one route pauses that credential on that route, for at most
 * UPSTREAM_MAX_PAUSE_MS, and no one else; and under UPSTREAM_RATE_LIMIT one request for many
 * objects cannot hold the whole budget: another caller's single object comes back in about a
 * turn while the large request is still going.
 */
const OTHER_TOKEN = 'second-caller-token-1234567890';
const redisServer = outsideProgram('redis-server', import.meta.url);
let redis: RunningRedis;

const movieQuery = (id: number) => `{ movie(id: ${id}) { title } }`;
const codes = (response: { body: { errors?: Array<{ extensions?: Record<string, unknown> }> } }) =>
  (response.body.errors ?? []).map((error) => error.extensions?.code);

describe.skipIf(!redisServer)('a 429 asking for a day', () => {
  let fleet: Fleet;
  let client: Redis;
  afterAll(() => redis?.stop());
  beforeAll(async () => {
    redis = await startRedis(redisServer!);
    fleet = await startFleet({
      instances: 2,
      catalog: { extraTokens: [OTHER_TOKEN] },
      config: { redisUrl: redis.url, upstreamMaxPauseMs: 2_000, requestDeadlineMs: 1_500 },
    });
    await until(() => fleet.instances.every((i) => i.gateway.upstream.redis?.state.up));
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    client?.disconnect();
    await fleet?.close();
  });

  it('pauses only that credential on that route, within the cap, on every instance; other callers and /readiness keep working', async () => {
    const [a, b] = fleet.instances;
    const [first, second, third] = fleet.catalog.data.movies;
    const tv = fleet.catalog.data.tvSeries[0]!;
    const limitedCaller = { authorization: `Bearer ${OTHER_TOKEN}` };
    fleet.catalog.setFaults([{ path: `^/movie/${first!.id}$`, status: 429, retryAfterSeconds: 86_400, times: 1 }]);
    const limited = await a!.query(movieQuery(first!.id), undefined, limitedCaller);
    expect(codes(limited)).toEqual(['RATE_LIMITED']);
    fleet.catalog.setFaults([]);

    // The pause lives in Redis for the cap, not for a day: it cannot outlive restarts by more.
    const keys = await client.keys('mcg:rate:*:paused:*');
    expect(keys).toHaveLength(1);
    const ttl = await client.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2_000);
    expect(keys[0]).not.toContain(OTHER_TOKEN);

    // The same credential on the same route, on the other instance: paused (heard through Redis), never sent.
    fleet.catalog.resetCalls();
    expect(codes(await b!.query(movieQuery(second!.id), undefined, limitedCaller))).toEqual(['RATE_LIMITED']);
    expect(fleet.catalog.calls).toHaveLength(0);
    // Every other caller, and the same caller on another route, answer on both instances.
    for (const instance of [a!, b!]) {
      const other = await instance.query(movieQuery(third!.id));
      expect(other.body.errors).toBeUndefined();
      expect(other.body.data.movie.title).toBe(third!.title);
      const otherRoute = await instance.query(`{ tvSeries(id: ${tv.id}) { name } }`, undefined, limitedCaller);
      expect(otherRoute.body.errors).toBeUndefined();
      expect(otherRoute.body.data.tvSeries.name).toBe(tv.name);
      const readiness = await fetch(instance.url.replace(/\/graphql$/, '/readiness'));
      expect(readiness.status).toBe(200);
    }
    // Past the cap the limited caller's route works again.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const again = await b!.query(movieQuery(second!.id), undefined, limitedCaller);
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data.movie.title).toBe(second!.title);
  });

  it('caps the pause at a minute by default', () => {
    expect(loadConfig({}).upstreamMaxPauseMs).toBe(60_000);
    expect(() => loadConfig({ UPSTREAM_MAX_PAUSE_MS: '86400000' })).toThrow(/UPSTREAM_MAX_PAUSE_MS/);
  });
});

describe('fairness of UPSTREAM_RATE_LIMIT', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ catalog: { extraTokens: [OTHER_TOKEN] }, config: { upstreamRateLimit: 20, requestDeadlineMs: 20_000 } });
  });
  afterAll(() => h?.close());

  for (const [who, headers] of [
    ['another credential', { authorization: `Bearer ${OTHER_TOKEN}` }],
    ['the same server token', {}],
  ] as const) {
    it(`a single movie of ${who} answers in about a turn while 100 movies of one request are still being fetched`, async () => {
      const movies = h.catalog.data.movies;
      const ids = movies.slice(0, 100).map((movie) => movie.id);
      let largeDone = false;
      const large = h.query(`{ movies(ids: [${ids.join(',')}]) { title } }`).then((answer) => {
        largeDone = true;
        return answer;
      });
      // The large request has taken its first turns.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const started = Date.now();
      const small = await h.query(movieQuery(movies[150]!.id), undefined, headers);
      const waitedMs = Date.now() - started;
      expect(small.body.errors).toBeUndefined();
      expect(small.body.data.movie.title).toBe(movies[150]!.title);
      console.log(`fair budget (${who}): the single movie waited ${waitedMs} ms while 100 were fetched at 20 calls/s`);
      expect(waitedMs).toBeLessThan(1_000);
      expect(largeDone).toBe(false);
      // The large request still gets all it asked for, at the rate.
      const answer = await large;
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.movies.map((movie: { title: string }) => movie.title)).toEqual(movies.slice(0, 100).map((m) => m.title));
    }, 30_000);
  }
});
