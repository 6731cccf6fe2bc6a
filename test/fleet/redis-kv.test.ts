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
 * plugins in a bare Yoga: a query registered through one Yoga is known to another, values
 * expire, and a Redis away means "not found" (the client sends the query again), never a failure.
 */
const schema = createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });
const query = '{ hello }';
const sha256Hash = createHash('sha256').update(query).digest('hex');

const redisServer = outsideProgram('redis-server', import.meta.url);
let redis: RunningRedis;
let connections: RedisConnection[];

function yogaOn(connection: RedisConnection) {
  const store = createRedisKeyValueStore(connection, { prefix: 'test:apq:', ttlMs: 60_000 });
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
    // Stored once validation has passed, without holding up the answer: wait for it to land.
    const stored = () => connections[1]!.client.get(`test:apq:${sha256Hash}`);
    for (let tries = 0; (await stored()) === null && tries < 100; tries++) await new Promise((r) => setTimeout(r, 20));
    const byHash = await send(two!, { extensions });
    expect(byHash.body).toEqual({ data: { hello: 'world' } });

    const ttl = await connections[0]!.client.pttl(`test:apq:${sha256Hash}`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('with Redis away a lookup finds nothing and a store is dropped, without an error', async () => {
    const store = createRedisKeyValueStore(connections[0]!, { prefix: 'test:apq:', ttlMs: 60_000 });
    await redis.kill();
    try {
      await until(() => !connections[0]!.state.up);
      await expect(store.set('some-hash', query)).resolves.toBeUndefined();
      await expect(store.get(sha256Hash)).resolves.toBeNull();
      const answer = await send(yogaOn(connections[0]!), { extensions: { persistedQuery: { version: 1, sha256Hash } } });
      expect(answer.body.errors?.[0]?.message).toBe('PersistedQueryNotFound');
    } finally {
      await redis.restart();
    }
  });
});
