import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import CachePolicy from 'http-cache-semantics';
import { readdirSync, readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createHttpCache, heldBytes, policyRequest } from '../../src/upstream/http-cache.ts';
import { createUserSession, listen, startHarness, type Harness } from '../helpers.ts';
import { CONFIGURATION_BODY } from './scripted-configuration.ts';

const SECOND_TOKEN = 'second-valid-token-for-cache-keying-0123456789';
const CACHE = { cacheMaxBytes: 8 * 1024 * 1024 };

describe('shared HTTP cache over the embedded catalog', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ catalog: { extraTokens: [SECOND_TOKEN] }, config: CACHE });
  });
  afterAll(() => h.close());
  beforeEach(() => h.catalog.resetCalls());

  it('answers a repeated query within max-age from the cache: 0 upstream calls warm', async () => {
    const query = `{ configuration { changeKeys } upcomingMovies { totalCount } }`;
    const cold = await h.query(query);
    expect(h.catalog.calls).toHaveLength(2);
    h.catalog.resetCalls();
    const warm = await h.query(query);
    expect(warm.body).toEqual(cold.body);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('keys entries by credential: two tokens, two calls; a wrong token never sees a cached answer', async () => {
    const query = `{ watchProviderRegions { countryCode } }`;
    await h.query(query, undefined, { authorization: `Bearer ${h.catalog.demoToken}` });
    await h.query(query, undefined, { authorization: `Bearer ${SECOND_TOKEN}` });
    expect(h.catalog.calls).toHaveLength(2);
    const wrong = await h.query(query, undefined, { authorization: 'Bearer wrong-token' });
    expect(wrong.body.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect(wrong.body.data).toEqual({ watchProviderRegions: null });
    expect(h.catalog.calls).toHaveLength(3);
    expect(h.catalog.calls[2].status).toBe(401);
  });

  it('never stores private (session) answers: every read of rated movies reaches the catalog', async () => {
    const sessionId = await createUserSession(h);
    h.catalog.resetCalls();
    const query = `query($id: Int!) { account(id: $id) { ratedMovies { totalCount } } }`;
    const variables = { id: h.catalog.data.account.id };
    await h.query(query, variables, { 'x-session-id': sessionId });
    await h.query(query, variables, { 'x-session-id': sessionId });
    expect(h.catalog.calls.filter((c) => c.path.endsWith('/rated/movies'))).toHaveLength(2);
  });
});

describe('Cache-Control and revalidation, against a scripted upstream', () => {
  type Script = (req: IncomingMessage, res: ServerResponse) => void;
  let script: Script;
  let seen: Array<{ ifNoneMatch?: string }> = [];
  let stub: ReturnType<typeof createServer>;
  let h: Harness;
  const body = CONFIGURATION_BODY;

  beforeAll(async () => {
    stub = createServer((req, res) => {
      seen.push({ ifNoneMatch: req.headers['if-none-match'] as string | undefined });
      script(req, res);
    });
    const port = await listen(stub);
    h = await startHarness({ config: { ...CACHE, catalogBaseUrl: `http://127.0.0.1:${port}/3` } });
  });
  afterAll(async () => {
    await h.close();
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
  });
  beforeEach(() => {
    seen = [];
  });

  const twice = async () => {
    const a = await h.query(`{ configuration { changeKeys } }`);
    const b = await h.query(`{ configuration { changeKeys } }`);
    expect(a.body.data).toEqual({ configuration: { changeKeys: ['title'] } });
    expect(b.body).toEqual(a.body);
  };

  it.each([
    ['no-store', 'public, no-store, max-age=600'],
    ['private', 'private, max-age=600'],
  ])('%s is never stored', async (_, cacheControl) => {
    script = (_, res) => res.writeHead(200, { 'content-type': 'application/json', 'cache-control': cacheControl }).end(body);
    await twice();
    expect(seen).toHaveLength(2);
  });

  it('a stale entry is revalidated with If-None-Match; a 304 refreshes it', async () => {
    let version = 0;
    script = (req, res) => {
      if (req.headers['if-none-match'] === 'W/"v1"')
        return res.writeHead(304, { 'cache-control': 'public, max-age=600', etag: 'W/"v1"' }).end();
      version++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, no-cache', etag: 'W/"v1"' }).end(body);
    };
    await h.query(`{ configuration { changeKeys } }`, undefined, { authorization: 'Bearer revalidation-token' });
    await h.query(`{ configuration { changeKeys } }`, undefined, { authorization: 'Bearer revalidation-token' });
    expect(seen.map((s) => s.ifNoneMatch)).toEqual([undefined, 'W/"v1"']);
    expect(version).toBe(1);
    // The 304 carried max-age=600: the refreshed entry is now fresh, so no call at all.
    const third = await h.query(`{ configuration { changeKeys } }`, undefined, { authorization: 'Bearer revalidation-token' });
    expect(third.body.data).toEqual({ configuration: { changeKeys: ['title'] } });
    expect(seen).toHaveLength(2);
    expect(h.upstream.cache!.stats.revalidations).toBeGreaterThanOrEqual(1);
  });
});

describe('in-flight coalescing and the concurrency bound', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ catalog: { latencyMs: 60 }, config: { cacheMaxBytes: 0, upstreamMaxConnections: 4 } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.catalog.resetCalls());

  it('two concurrent identical requests share one upstream call', async () => {
    const query = `{ watchProviderRegions { countryCode } }`;
    const [a, b] = await Promise.all([h.query(query), h.query(query)]);
    expect(a.body).toEqual(b.body);
    expect(h.catalog.calls).toHaveLength(1);
    expect(h.upstream.stats.coalesced).toBeGreaterThanOrEqual(1);
  });

  it('never has more calls in flight than the bound, and answers them all', async () => {
    const ids = h.catalog.data.movies.slice(0, 24).map((m) => m.id);
    const query = `{ ${ids.map((id) => `m${id}: movie(id: ${id}) { title }`).join(' ')} }`;
    const response = await h.query(query);
    expect(response.body.errors).toBeUndefined();
    expect(h.catalog.calls).toHaveLength(24);
    expect(h.catalog.load.maxInFlight).toBeLessThanOrEqual(4);
    expect(h.catalog.load.maxInFlight).toBeGreaterThan(1);
  });

  it('a queued call still honours its deadline', async () => {
    const slow = await startHarness({
      catalog: { latencyMs: 150 },
      config: { cacheMaxBytes: 0, upstreamMaxConnections: 1, upstreamTimeoutMs: 400 },
    });
    try {
      const ids = slow.catalog.data.movies.slice(0, 6).map((m) => m.id);
      const started = Date.now();
      const response = await slow.query(`{ ${ids.map((id) => `m${id}: movie(id: ${id}) { title }`).join(' ')} }`);
      const elapsed = Date.now() - started;
      const codes = (response.body.errors ?? []).map((e) => e.extensions!.code);
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes)).toEqual(new Set(['UPSTREAM_TIMEOUT']));
      // Calls that waited in the queue past their deadline were never sent: one at a time at
      // 150 ms each, the catalog sees at most the calls that could start within 400 ms.
      expect(slow.catalog.calls.length).toBeLessThanOrEqual(3);
      // Without deadlines the six calls would take 900 ms; the slack absorbs a loaded machine.
      expect(elapsed).toBeLessThan(880);
    } finally {
      await slow.close();
    }
  });
});

describe('the cache store', () => {
  const policy = () =>
    new CachePolicy(policyRequest('http://x/3/a'), { status: 200, headers: { 'cache-control': 'public, max-age=60' } }, { shared: true });

  it('is bounded in bytes and evicts the least recently used entry', async () => {
    const cache = createHttpCache(100_000);
    for (let i = 0; i < 30; i++)
      await cache.set(cache.keyOf('token', `http://x/3/movie/${i}`), {
        policy: policy(),
        body: { i },
        size: 6_000,
        freshUntil: Date.now() + 60_000,
      });
    expect(cache.size()).toBeLessThanOrEqual(100_000);
    expect(await cache.get(cache.keyOf('token', 'http://x/3/movie/0'))).toBeUndefined();
    expect((await cache.get(cache.keyOf('token', 'http://x/3/movie/29')))?.body).toEqual({ i: 29 });
    // 30 entries of 6,000 characters, each held as heldBytes(900): those that did not fit were evicted, and counted.
    expect(cache.stats.evictions).toBe(30 - Math.floor(100_000 / heldBytes(6_000)));
  });

  it('holds in the heap about what CACHE_MAX_BYTES says, filled with the real service’s answers kept parsed', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
    const dirs = ['recorded', 'recorded2', 'recorded3'].map((set) => new URL(`../contract/${set}/`, import.meta.url));
    const texts = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((file) => file.endsWith('.json') && file !== 'INDEX.json')
        .map((file) => readFileSync(new URL(file, dir), 'utf8')),
    );
    const maxBytes = 16 * 1_048_576;
    gc();
    const before = process.memoryUsage().heapUsed;
    const cache = createHttpCache(maxBytes);
    // Twice the bound's worth of distinct entries: the cache is full and has evicted.
    let stored = 0;
    for (let round = 0; stored < 2 * maxBytes; round++) {
      for (const text of texts) {
        const key = cache.keyOf('token', `http://x/3/${round}/${stored}`);
        await cache.set(key, { policy: policy(), body: JSON.parse(text), size: text.length, freshUntil: Date.now() + 60_000 });
        stored += text.length;
      }
    }
    gc();
    const held = process.memoryUsage().heapUsed - before;
    console.log(`HTTP cache of ${maxBytes / 1_048_576} MiB, filled twice over: ${(held / 1_048_576).toFixed(1)} MiB held in the heap`);
    expect(cache.stats.evictions).toBeGreaterThan(0);
    expect(held).toBeLessThan(maxBytes * 1.05);
  });

  it('keys by a hash that holds neither the token nor the URL', () => {
    const cache = createHttpCache(10_000);
    const key = cache.keyOf('secret-token-123', 'http://x/3/account/1?session_id=secret-session');
    expect(key).not.toContain('secret');
    expect(key).not.toBe(cache.keyOf('other-token', 'http://x/3/account/1?session_id=secret-session'));
  });
});
