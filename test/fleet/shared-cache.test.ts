import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STALE_KEEP_MS } from '../../src/upstream/http-cache.ts';
import { listen } from '../helpers.ts';
import { instanceConfig, startFleet, startInstance, until, type Fleet, type Instance } from './fleet.ts';
import { startRedis, type RunningRedis } from './redis-server.ts';
import { outsideProgram } from '../outside-programs.ts';
import { CONFIGURATION_BODY } from '../upstream/scripted-configuration.ts';

/**
 * Two gateway instances on one real redis-server share the upstream HTTP cache: what one
 * fetched, the other answers with no upstream call, per credential; Redis going away fails no
 * request, and its return brings the sharing back.
 */
const SECOND_TOKEN = 'second-valid-token-for-fleet-cache-0123456789';
const movieQuery = (id: number) => `{ movie(id: ${id}) { id: databaseId title credits { cast { character person { name } } } } }`;

const redisServer = outsideProgram('redis-server', import.meta.url);
let redis: RunningRedis;
let fleet: Fleet;
let inspect: Redis;

beforeAll(async () => {
  redis = await startRedis(redisServer!);
  fleet = await startFleet({
    instances: 2,
    catalog: { extraTokens: [SECOND_TOKEN] },
    // The response cache stays on, as in production: the second instance builds its answers
    // from Redis' entries, and their freshness must still reach its response cache.
    config: { redisUrl: redis.url },
  });
  inspect = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await inspect.connect();
  await until(() => fleet.instances.every((i) => i.gateway.upstream.redis?.state.up));
});
afterAll(async () => {
  inspect.disconnect();
  await fleet?.close();
  await redis?.stop();
});
beforeEach(() => fleet.catalog.resetCalls());

describe.skipIf(!redisServer)('one HTTP cache for the fleet', () => {
  it('the second instance answers what the first fetched with no upstream call; another credential makes its own', async () => {
    const [a, b] = fleet.instances;
    const id = fleet.catalog.data.movies[3]!.id;
    const cold = await a!.query(movieQuery(id));
    expect(cold.body.errors).toBeUndefined();
    expect(fleet.catalog.calls.length).toBeGreaterThan(0);

    fleet.catalog.resetCalls();
    const shared = await b!.query(movieQuery(id));
    expect(shared.body).toEqual(cold.body);
    expect(fleet.catalog.calls).toHaveLength(0);
    expect(b!.gateway.upstream.cache!.stats.hits).toBeGreaterThan(0);
    expect(b!.gateway.upstream.cache!.fleet!.stats.hits).toBeGreaterThan(0);

    // The freshness of Redis' entries reached the second instance's response cache.
    const hits = b!.gateway.responseCache!.stats.hits;
    await b!.query(movieQuery(id));
    expect(b!.gateway.responseCache!.stats.hits).toBe(hits + 1);

    const other = await b!.query(movieQuery(id), undefined, { authorization: `Bearer ${SECOND_TOKEN}` });
    expect(other.body).toEqual(cold.body);
    expect(fleet.catalog.calls.length).toBeGreaterThan(0);
    expect(fleet.catalog.calls.every((call) => call.path.startsWith(`/movie/${id}`))).toBe(true);
  });

  it('keeps entries under hashed keys, for as long as the headers allow plus a day to revalidate by ETag', async () => {
    const keys = await inspect.keys('mcg:http:*');
    expect(keys.length).toBeGreaterThan(0);
    const dump = keys.join('\n');
    expect(dump).not.toContain(fleet.catalog.demoToken);
    expect(dump).not.toContain(SECOND_TOKEN);
    expect(dump).not.toContain('movie');
    for (const key of keys) {
      const ttl = await inspect.pttl(key);
      // The catalog sends details with max-age=14400 and an ETag.
      expect(ttl).toBeGreaterThan(STALE_KEEP_MS);
      expect(ttl).toBeLessThanOrEqual(14_400_000 + STALE_KEEP_MS);
    }
  });

  it('a Redis killed mid-run fails no request, is logged once per instance, and sharing returns with it', async () => {
    const [a, b] = fleet.instances;
    const ids = fleet.catalog.data.movies.slice(10, 40).map((movie) => movie.id);
    const failures: string[] = [];
    let answered = 0;
    let stop = false;
    const load = async (instance: typeof a, offset: number) => {
      for (let n = offset; !stop; n++) {
        const response = await instance!.query(movieQuery(ids[n % ids.length]!));
        answered++;
        if (response.status !== 200 || response.body.errors) failures.push(response.text);
      }
    };
    const running = [load(a, 0), load(b, 7), load(a, 13), load(b, 21)];
    await until(() => answered > 40);
    await redis.kill();
    await until(() => fleet.instances.every((i) => !i.gateway.upstream.redis?.state.up));
    const atKill = answered;
    await until(() => answered > atKill + 100);
    stop = true;
    await Promise.all(running);
    expect(failures).toEqual([]);
    expect(fleet.instances.every((i) => i.gateway.upstream.redis!.state.outages === 1)).toBe(true);
    // Every lookup while Redis was away was counted, and answered from the upstream.
    expect(fleet.instances.every((i) => i.gateway.upstream.redis!.state.errors > 0)).toBe(true);
    expect(fleet.instances.every((i) => i.gateway.upstream.cache!.fleet!.stats.errors > 0)).toBe(true);

    const unreachable = fleet.logLines.filter((line) => line.includes('Redis unreachable'));
    expect(unreachable).toHaveLength(2);
    expect(fleet.logLines.join('\n')).not.toContain(redis.password);

    await redis.restart();
    await until(() => fleet.instances.every((i) => i.gateway.upstream.redis?.state.up));
    expect(fleet.logLines.filter((line) => line.includes('Redis reachable again'))).toHaveLength(2);
    fleet.catalog.resetCalls();
    const id = fleet.catalog.data.movies[60]!.id;
    const cold = await a!.query(movieQuery(id));
    expect(fleet.catalog.calls.length).toBeGreaterThan(0);
    fleet.catalog.resetCalls();
    const shared = await b!.query(movieQuery(id));
    expect(shared.body).toEqual(cold.body);
    expect(fleet.catalog.calls).toHaveLength(0);
  });

  it('a Redis that hangs holds no request: each answers from the upstream within its short command timeout', async () => {
    const [a] = fleet.instances;
    redis.freeze();
    try {
      const ids = fleet.catalog.data.movies.slice(70, 74).map((movie) => movie.id);
      const started = Date.now();
      const responses = await Promise.all(ids.map((id) => a!.query(movieQuery(id))));
      expect(responses.map((r) => r.body.errors)).toEqual(ids.map(() => undefined));
      // Without the command timeout each lookup would wait on the frozen Redis for good.
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(a!.gateway.upstream.redis!.state.up).toBe(false);
    } finally {
      redis.thaw();
    }
    // After its cool-off the instance tries Redis again (with a lookup of something new) and finds it back.
    let next = 80;
    await until(() => {
      void a!.query(movieQuery(fleet.catalog.data.movies[next++]!.id));
      return a!.gateway.upstream.redis!.state.up;
    });
  });
});

describe.skipIf(!redisServer)('a REDIS_URL where no Redis answers', () => {
  it('serves every request from the upstream, logs it once, and says so in its counters', async () => {
    const lines: string[] = [];
    // A port that was free a moment ago: nothing listens there.
    const server = createServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const url = `redis://:not-a-real-password@127.0.0.1:${port}`;
    const lonely = await startInstance(instanceConfig(fleet.catalog.baseUrl, fleet.catalog.demoToken, { redisUrl: url }), lines);
    try {
      const ids = fleet.catalog.data.movies.slice(100, 110).map((movie) => movie.id);
      for (const id of ids) expect((await lonely.query(movieQuery(id))).body.errors).toBeUndefined();
      const redisState = lonely.gateway.upstream.redis!.state;
      expect(redisState.up).toBe(false);
      expect(redisState.errors).toBeGreaterThanOrEqual(ids.length);
      expect(lines.filter((line) => line.includes('Redis unreachable'))).toHaveLength(1);
      expect(lines.join('\n')).not.toContain('not-a-real-password');
      // And in /metrics, beside a healthy instance's.
      const scrape = async (instance: Instance) => (await fetch(instance.url.replace(/\/graphql$/, '/metrics'))).text();
      const metrics = await scrape(lonely);
      expect(metrics).toMatch(/^gateway_redis_up 0$/m);
      expect(Number(/^gateway_redis_errors (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(ids.length);
      expect(metrics).not.toContain('not-a-real-password');
      expect(await scrape(fleet.instances[0]!)).toMatch(/^gateway_redis_up 1$/m);
    } finally {
      await lonely.close();
    }
  });
});

describe.skipIf(!redisServer)('ETag revalidation across instances', () => {
  let stub: ReturnType<typeof createServer>;
  let seen: Array<string | undefined>;
  let instances: Instance[];
  const body = CONFIGURATION_BODY;

  beforeAll(async () => {
    seen = [];
    stub = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(req.headers['if-none-match'] as string | undefined);
      if (req.headers['if-none-match'] === 'W/"v1"')
        return res.writeHead(304, { 'cache-control': 'public, max-age=600', etag: 'W/"v1"' }).end();
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, no-cache', etag: 'W/"v1"' }).end(body);
    });
    const port = await listen(stub);
    const config = instanceConfig(`http://127.0.0.1:${port}/3`, 'stub-token', { redisUrl: redis.url, responseCacheMaxBytes: 0 });
    instances = [await startInstance(config), await startInstance(config)];
    await until(() => instances.every((i) => i.gateway.upstream.redis?.state.up));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    stub?.closeAllConnections();
    await new Promise((resolve) => stub?.close(resolve));
  });

  it('a stale entry stored by one instance is revalidated by the other, whose 304 refreshes it for both', async () => {
    const [a, b] = instances;
    const query = '{ configuration { changeKeys } }';
    const first = await a!.query(query);
    expect(first.body.data).toEqual({ configuration: { changeKeys: ['title'] } });
    const second = await b!.query(query);
    expect(second.body).toEqual(first.body);
    // B found A's stale entry in Redis and sent its ETag; the 304 made it fresh for 600 s.
    expect(seen).toEqual([undefined, 'W/"v1"']);
    const third = await a!.query(query);
    expect(third.body).toEqual(first.body);
    expect(seen).toHaveLength(2);
    expect(b!.gateway.upstream.cache!.stats.revalidations).toBe(1);
  });
});

describe.skipIf(!redisServer)('one persisted-query store for the fleet', () => {
  it('a hash registered on one instance runs by hash on the other (APQ on Redis)', async () => {
    const [a, b] = fleet.instances;
    const query = '{ movieGenres { id: databaseId name } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const post = (instance: Instance, body: unknown) =>
      fetch(instance.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        (response) => response.json() as Promise<{ data?: unknown; errors?: Array<{ extensions?: { code?: string } }> }>,
      );
    const unknown = await post(b!, { extensions });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await post(a!, { query, extensions });
    expect(registered.errors).toBeUndefined();
    const byHash = await post(b!, { extensions });
    expect(byHash.errors).toBeUndefined();
    expect(byHash.data).toEqual(registered.data);
    // Kept in Redis under its hash (the inspecting client above may have seen Redis restart).
    const fresh = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await fresh.connect();
    try {
      expect(await fresh.get(`mcg:apq:${sha256Hash}`)).toBe(query);
    } finally {
      fresh.disconnect();
    }
  });
});
