import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideProgram } from '../outside-programs.ts';
import { type ChangingUpstream, startChangingUpstream } from '../upstream/changing-upstream.ts';
import { instanceConfig, startInstance, until, type Instance } from './fleet.ts';
import { startRedis, type RunningRedis } from './redis-server.ts';

/**
 * Two instances on one real redis-server: one reads the change feeds for both (a lease in Redis),
 * both drop what changed, and the lease moves when its holder goes.
 */
const POLL_MS = 300;
const redisServer = outsideProgram('redis-server', import.meta.url);
let redis: RunningRedis;
let upstream: ChangingUpstream;
let instances: Instance[];

const holderOf = async (instance: Instance) => /gateway_change_feed_holder 1\b/.test((await instance.gateway.metrics.scrape()).body);
const titleAt = async (instance: Instance, id: number) => (await instance.query(`{ movie(id: ${id}) { title } }`)).body.data?.movie?.title;

beforeAll(async () => {
  if (!redisServer) return;
  redis = await startRedis(redisServer);
  upstream = await startChangingUpstream();
  const base = instanceConfig(upstream.baseUrl, upstream.token, { redisUrl: redis.url });
  const config = { ...base, changes: { ...base.changes, pollMs: POLL_MS } };
  instances = [await startInstance(config), await startInstance(config)];
  await until(() => instances.every((i) => i.gateway.upstream.redis?.state.up));
});
afterAll(async () => {
  await Promise.all((instances ?? []).map((instance) => instance.close()));
  await upstream?.close();
  await redis?.stop();
});

describe.skipIf(!redisServer)('change feeds across a fleet on one Redis', () => {
  it('one instance reads the feeds for the fleet, and both drop what changed', async () => {
    const [a, b] = instances as [Instance, Instance];
    expect(await titleAt(a, 1)).toBe('Movie 1');
    expect(await titleAt(b, 1)).toBe('Movie 1');
    expect(upstream.callsTo('/movie/1')).toBe(1);
    await until(() => upstream.callsTo('/movie/changes') >= 2, 5_000);

    // Over ten intervals, one read per interval between them (two readers would make about twenty).
    const before = upstream.callsTo('/movie/changes');
    await new Promise((resolve) => setTimeout(resolve, 10 * POLL_MS));
    const reads = upstream.callsTo('/movie/changes') - before;
    expect(reads).toBeGreaterThanOrEqual(5);
    expect(reads).toBeLessThanOrEqual(12);
    expect([await holderOf(a), await holderOf(b)].filter(Boolean)).toHaveLength(1);

    upstream.rename(1, 'Renamed');
    const renamed = Date.now();
    for (const instance of [a, b]) {
      while ((await titleAt(instance, 1)) !== 'Renamed') {
        expect(Date.now() - renamed).toBeLessThan(POLL_MS + 5_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });

  it('both instances tell their `changes` subscribers what the holder read', async () => {
    const heard = instances.map((instance) => {
      const client = createClient({ url: instance.url, retryAttempts: 0 });
      const ids: number[] = [];
      void (async () => {
        for await (const result of client.iterate<{ changes: { id: number } }>({ query: 'subscription { changes { id: databaseId } }' })) {
          if (result.data) ids.push(result.data.changes.id);
        }
      })().catch(() => undefined);
      return { client, ids };
    });
    const open = async (instance: Instance) => /^gateway_change_subscriptions 1$/m.test((await instance.gateway.metrics.scrape()).body);
    for (const instance of instances) while (!(await open(instance))) await new Promise((resolve) => setTimeout(resolve, 20));
    upstream.rename(4, 'Renamed 4');
    try {
      await until(() => heard.every(({ ids }) => ids.includes(4)), POLL_MS + 5_000);
    } finally {
      for (const { client } of heard) client.dispose();
    }
  });

  it('the lease moves when its holder goes, and the other instance reads on', async () => {
    const holder = (await holderOf(instances[0]!)) ? instances[0]! : instances[1]!;
    const other = instances.find((instance) => instance !== holder)!;
    await holder.close();
    instances = [other];
    const started = Date.now();
    while (!(await holderOf(other))) {
      expect(Date.now() - started).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await titleAt(other, 2)).toBe('Movie 2');
    upstream.rename(2, 'Renamed 2');
    const renamed = Date.now();
    while ((await titleAt(other, 2)) !== 'Renamed 2') {
      expect(Date.now() - renamed).toBeLessThan(POLL_MS + 5_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
