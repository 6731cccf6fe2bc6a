import { createHash } from 'node:crypto';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisConnection } from '../../src/fleet/redis.ts';
import { createRedisKeyValueStore } from '../../src/fleet/redis-kv.ts';
import { persistedOperations } from '../../src/graphql/persisted-operations.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { until } from './fleet.ts';
import { startRedis, type RunningRedis } from './redis-server.ts';
import { outsideProgram } from '../outside-programs.ts';

/**
 * The Redis key/value store as the APQ store, on a real redis-server and the gateway's APQ
 * plugins in a bare Yoga: a query registered through one Yoga is known to another as soon as
 * its registering answer has arrived, values expire, a Redis away is never a failure: the
 * instance that registered a hash still runs it, and Redis gets it when it is back.
 */
const schema = createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });
const query = '{ hello }';
const sha256Hash = createHash('sha256').update(query).digest('hex');

const redisServer = outsideProgram('redis-server', import.meta.url);
let redis: RunningRedis;
let connections: RedisConnection[];

function yogaOn(connection: RedisConnection) {
  const store = createRedisKeyValueStore(connection, { prefix: 'test:apq:', ttlMs: 60_000, localMaxBytes: 1_000_000 });
  return createYoga({ schema, plugins: persistedOperations({ store, only: false }), logging: false });
}

async function send(yoga: ReturnType<typeof yogaOn>, body: Record<string, unknown>) {
  const response = await yoga.fetch('http://yoga/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  redis = await startRedis(redisServer!);
  connections = [connectRedis(redis.url, createLogger('silent')), connectRedis(redis.url, createLogger('silent'))];
  await until(() => connections.every((c) => c.state.up));
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
  await redis.stop();
});

describe.skipIf(!redisServer)('persisted queries in Redis, through Yoga APQ', () => {
  it('a query registered on one instance runs by its hash alone on another, and expires after its TTL', async () => {
    const [one, two] = connections.map(yogaOn);
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const unknown = await send(two!, { extensions });
    expect(unknown.body.errors?.[0]?.message).toBe('PersistedQueryNotFound');

    const registered = await send(one!, { query, extensions });
    expect(registered.body).toEqual({ data: { hello: 'world' } });
    // The registering answer waited for the store: in Redis already, and by hash on the other at once.
    expect(await connections[1]!.client.get(`test:apq:${sha256Hash}`)).toBe(query);
    const byHash = await send(two!, { extensions });
    expect(byHash.body).toEqual({ data: { hello: 'world' } });

    const ttl = await connections[0]!.client.pttl(`test:apq:${sha256Hash}`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('with Redis away: a hash this instance registered still runs, another instance misses without an error, and Redis gets it back', async () => {
    const away = 'query Away { hello }';
    const awayHash = createHash('sha256').update(away).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash: awayHash } };
    const [one, two] = connections.map(yogaOn);
    await redis.kill();
    try {
      await until(() => connections.every((c) => !c.state.up));
      expect((await send(one!, { query: away, extensions })).body).toEqual({ data: { hello: 'world' } });
      // The registering instance runs it by hash during the outage; the other misses, as an APQ client expects.
      expect((await send(one!, { extensions })).body).toEqual({ data: { hello: 'world' } });
      expect((await send(two!, { extensions })).body.errors?.[0]?.message).toBe('PersistedQueryNotFound');
    } finally {
      await redis.restart();
    }
    // Redis came back empty: the registering instance writes what it holds again.
    await until(() => connections.every((c) => c.state.up));
    const stored = () => connections[1]!.client.get(`test:apq:${awayHash}`);
    for (let tries = 0; (await stored()) === null && tries < 100; tries++) await new Promise((r) => setTimeout(r, 20));
    expect(await stored()).toBe(away);
    expect((await send(two!, { extensions })).body).toEqual({ data: { hello: 'world' } });
  });
});
