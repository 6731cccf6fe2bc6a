import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/runtime/logger.ts';
import { createRateBudget } from '../../src/fleet/rate-budget.ts';
import { connectRedis } from '../../src/fleet/redis.ts';
import { startFleet, until, type Fleet } from './fleet.ts';
import { startRedis, type RunningRedis } from './redis-server.ts';
import { outsideProgram } from '../outside-programs.ts';

/**
 * One upstream budget for the fleet, on a real redis-server: two instances under
 * UPSTREAM_RATE_LIMIT=20 together stay within 20 calls a second, every request answers with
 * data or RATE_LIMITED, and a 429's Retry-After seen by one instance pauses the other.
 */
const redisServer = outsideProgram('redis-server', import.meta.url);
let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis(redisServer!);
});
afterAll(() => redis?.stop());

describe.skipIf(!redisServer)('UPSTREAM_RATE_LIMIT shared by two instances', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet({
      instances: 2,
      // A short request deadline: a call whose turn is further off than that is refused at once.
      config: { redisUrl: redis.url, upstreamRateLimit: 20, requestDeadlineMs: 2_000 },
    });
    await until(() => fleet.instances.every((i) => i.gateway.upstream.redis?.state.up));
  });
  afterAll(() => fleet?.close());

  it('blasted with distinct queries for 5 s, they make at most 20 × 5 calls (plus the burst), each answered with data or RATE_LIMITED', async () => {
    fleet.catalog.resetCalls();
    const query = 'query($q: String!) { search { companies(query: $q) { totalCount } } }';
    const outcomes = { data: 0, rateLimited: 0, other: [] as string[] };
    const started = Date.now();
    let n = 0;
    const worker = async (instance: (typeof fleet.instances)[number]) => {
      while (Date.now() - started < 5_000) {
        const response = await instance.query(query, { q: `word${n++}` });
        const codes = (response.body.errors ?? []).map((error) => error.extensions?.code);
        if (response.status === 200 && codes.length === 0 && response.body.data?.search?.companies) outcomes.data++;
        else if (response.status === 200 && codes.length > 0 && codes.every((code) => code === 'RATE_LIMITED')) outcomes.rateLimited++;
        else outcomes.other.push(response.text);
      }
    };
    // 25 clients per instance: more calls than the 2 s deadline has turns for (40), so some are refused.
    const workers = fleet.instances.flatMap((instance) => Array.from({ length: 25 }, () => worker(instance)));
    await new Promise((resolve) => setTimeout(resolve, 5_000 - (Date.now() - started)));
    const callsIn5s = fleet.catalog.calls.length;
    await Promise.all(workers);
    const elapsedMs = Date.now() - started;
    const calls = fleet.catalog.calls.length;
    console.log(
      `rate budget: ${callsIn5s} upstream calls in the first 5 s, ${calls} in ${elapsedMs} ms; ${outcomes.data} answered with data, ${outcomes.rateLimited} RATE_LIMITED, ${outcomes.other.length} other`,
    );

    expect(outcomes.other, 'answers with neither data nor only RATE_LIMITED').toEqual([]);
    expect(callsIn5s).toBeLessThanOrEqual(110);
    // The calls still waiting for a turn at 5 s kept to the budget too.
    expect(calls).toBeLessThanOrEqual((20 * elapsedMs) / 1000 + 10);
    // Both instances had their share, and the budget was spent, not idle.
    expect(fleet.instances.every((i) => i.gateway.upstream.stats.calls > 10)).toBe(true);
    expect(callsIn5s).toBeGreaterThanOrEqual(60);
    expect(outcomes.data).toBe(calls);
    expect(outcomes.rateLimited).toBeGreaterThan(0);
    expect(fleet.instances.every((i) => i.gateway.upstream.rateBudget!.stats.refusals > 0)).toBe(true);
    expect(fleet.instances.every((i) => i.gateway.upstream.rateBudget!.stats.waits > 0)).toBe(true);
    // The same counts in /metrics.
    for (const instance of fleet.instances) {
      const metrics = await (await fetch(instance.url.replace(/\/graphql$/, '/metrics'))).text();
      const refusals = Number(/^gateway_upstream_rate_budget_events\{event="refusal"\} (\d+)$/m.exec(metrics)?.[1]);
      expect(refusals).toBe(instance.gateway.upstream.rateBudget!.stats.refusals);
    }
  });
});

describe.skipIf(!redisServer)('a 429 with Retry-After pauses the whole fleet', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    // 2 s: a 1 s pause leaves the retry's turn 0.5 s before the deadline, enough on a loaded machine; a 2 s one does not.
    fleet = await startFleet({ instances: 2, config: { redisUrl: redis.url, upstreamRateLimit: 40, requestDeadlineMs: 2_000 } });
    await until(() => fleet.instances.every((i) => i.gateway.upstream.redis?.state.up));
  });
  afterAll(() => fleet?.close());

  const movie = (id: number) => `{ movie(id: ${id}) { title } }`;

  it('a pause longer than the deadline: the other instance answers RATE_LIMITED at once, with no upstream call', async () => {
    const [a, b] = fleet.instances;
    const [first, second] = fleet.catalog.data.movies;
    fleet.catalog.setFaults([{ path: `^/movie/${first!.id}$`, status: 429, retryAfterSeconds: 2, times: 1 }]);
    const limited = await a!.query(movie(first!.id));
    expect(limited.body.errors?.map((e) => e.extensions?.code)).toEqual(['RATE_LIMITED']);
    fleet.catalog.setFaults([]);
    fleet.catalog.resetCalls();

    const paused = await b!.query(movie(second!.id));
    expect(paused.status).toBe(200);
    expect(paused.body.errors?.map((e) => e.extensions?.code)).toEqual(['RATE_LIMITED']);
    expect(fleet.catalog.calls).toHaveLength(0);
    expect(b!.gateway.upstream.rateBudget!.stats.refusals).toBeGreaterThan(0);
  });

  it('a pause within the deadline: the other instance waits it out, then answers', async () => {
    const [a, b] = fleet.instances;
    // The pause of the test before ends first.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const [, , third, fourth] = fleet.catalog.data.movies;
    // Retry-After: 1 is within what the gateway waits for, so the first instance retries after it.
    fleet.catalog.setFaults([{ path: `^/movie/${third!.id}$`, status: 429, retryAfterSeconds: 1, times: 1 }]);
    const pauses = a!.gateway.upstream.rateBudget!.stats.pauses;
    const first = a!.query(movie(third!.id));
    await until(() => a!.gateway.upstream.rateBudget!.stats.pauses > pauses);
    const pausedAt = Date.now();
    const second = await b!.query(movie(fourth!.id));
    const waited = Date.now() - pausedAt;
    expect(second.body.errors).toBeUndefined();
    expect(second.body.data.movie.title).toBe(fourth!.title);
    // The pause was set on the upstream's word, one second; the second instance heard of it through Redis.
    expect(waited).toBeGreaterThanOrEqual(800);
    expect(b!.gateway.upstream.rateBudget!.stats.waits).toBeGreaterThan(0);
    expect((await first).body.errors).toBeUndefined();
  });
});

describe.skipIf(!redisServer)('without Redis, the budget is per process', () => {
  it('Redis away: turns are decided in process, still spaced by the rate', async () => {
    const connection = connectRedis(redis.url, createLogger('silent'));
    await until(() => connection.state.up);
    const budget = createRateBudget({ perSecond: 10, redis: connection, name: 'fallback-test' });
    await redis.kill();
    try {
      await until(() => !connection.state.up);
      const latest = Date.now() + 5_000;
      const turns = await Promise.all(Array.from({ length: 5 }, () => budget.acquire(latest)));
      expect(turns).toEqual([true, true, true, true, true]);
      expect(budget.stats.localTurns).toBe(5);
      // 10 a second: the first goes at once, then one every 100 ms: 100 + 200 + 300 + 400 waited.
      expect(budget.stats.waits).toBe(4);
      expect(budget.stats.waitedMs).toBeGreaterThanOrEqual(900);
      expect(budget.stats.waitedMs).toBeLessThanOrEqual(1_000);
      // A turn past the latest start is refused at once.
      expect(await budget.acquire(Date.now() + 50)).toBe(false);
    } finally {
      await connection.close();
      await redis.restart();
    }
  });

  it('two budgets on one Redis hand out one set of turns', async () => {
    const connections = [connectRedis(redis.url, createLogger('silent')), connectRedis(redis.url, createLogger('silent'))];
    try {
      await until(() => connections.every((c) => c.state.up));
      const budgets = connections.map((redis) => createRateBudget({ perSecond: 10, redis, name: 'shared-test' }));
      const latest = Date.now() + 1_000;
      const turns = await Promise.all(budgets.flatMap((budget) => Array.from({ length: 20 }, () => budget.acquire(latest))));
      // Turns every 100 ms until the latest start, 1 s away: about 10 of the 40, whichever budget
      // asked (two budgets of their own would grant about 20).
      const granted = turns.filter(Boolean).length;
      expect(granted).toBeGreaterThanOrEqual(8);
      expect(granted).toBeLessThanOrEqual(11);
      expect(budgets.every((budget) => budget.stats.localTurns === 0)).toBe(true);
      expect(budgets[0]!.stats.refusals + budgets[1]!.stats.refusals).toBe(40 - granted);
    } finally {
      await Promise.all(connections.map((c) => c.close()));
    }
  });
});
