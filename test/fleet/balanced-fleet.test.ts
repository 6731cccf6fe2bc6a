import { createHash } from 'node:crypto';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, type StartedProcess } from '../http/gateway-process.ts';
import { outsideProgram } from '../outside-programs.ts';
import { freePort, type RunningHaproxy, startHaproxy } from './haproxy.ts';
import { type RunningRedis, startRedis } from './redis-server.ts';

/**
 * Issue 43, as a platform team runs the gateway: three processes started as `npm start` starts
 * them, one real redis-server, UPSTREAM_RATE_LIMIT=20, a real haproxy in front checking
 * `/readiness` every second (out after 2 failures) and never retrying, an upstream with 20 ms
 * latency. What the docs promise of a fleet must hold there: a 429 pauses its credential and
 * route alone, a busy budget is not a failing upstream, a rolling restart fails no request, and
 * a registered hash runs at once on every instance, Redis outage or not.
 */
const redisServer = outsideProgram('redis-server', import.meta.url);
const haproxyProgram = outsideProgram('haproxy', import.meta.url);
const ready = Boolean(redisServer && haproxyProgram);

let catalog: RunningCatalog;
let redis: RunningRedis;
let balancer: RunningHaproxy;
const ports: number[] = [];
const gateways: StartedProcess[] = [];
const urls: string[] = [];
let movieIds: number[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startGateway(i: number): StartedProcess {
  return startProcess({
    PORT: String(ports[i]),
    CATALOG_BASE_URL: catalog.baseUrl,
    CATALOG_ACCESS_TOKEN: catalog.demoToken,
    REDIS_URL: redis.url,
    UPSTREAM_RATE_LIMIT: '20',
    TRUSTED_PROXIES: '127.0.0.1',
    // Longer than haproxy's check interval times its failures (2 s): out of the balancer before the listener closes.
    SHUTDOWN_DELAY_MS: '3000',
  });
}

async function post(url: string, query: string, headers: Record<string, string> = {}, signal?: AbortSignal) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
    signal,
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as any };
}

const readiness = (url: string) => fetch(new URL('/readiness', url)).then((r) => r.status);

async function allUp(): Promise<boolean> {
  const states = Object.values(await balancer.servers());
  return states.length === 3 && states.every((state) => state === 'UP');
}

async function untilTrue(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  for (const started = Date.now(); !(await check()); await sleep(100)) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
  }
}

/** Watches the fleet for `ms`: haproxy's view and each instance's readiness, every 250 ms. */
async function watch(ms: number): Promise<{ down: string[]; unready: number }> {
  const down: string[] = [];
  let unready = 0;
  for (const started = Date.now(); Date.now() - started < ms; await sleep(250)) {
    for (const [name, state] of Object.entries(await balancer.servers())) if (state !== 'UP') down.push(`${name}: ${state}`);
    for (const url of urls) if ((await readiness(url)) !== 200) unready++;
  }
  return { down, unready };
}

beforeAll(async () => {
  if (!ready) return;
  catalog = await startCatalog({ latencyMs: 20 });
  redis = await startRedis(redisServer!);
  for (let i = 0; i < 3; i++) ports.push(await freePort());
  for (let i = 0; i < 3; i++) gateways.push(startGateway(i));
  urls.push(...(await Promise.all(gateways.map((g) => g.url))));
  balancer = await startHaproxy(haproxyProgram!, ports);
  await untilTrue(allUp, 15_000);
  const popular = await fetch(`${catalog.baseUrl}/movie/popular`, { headers: { authorization: `Bearer ${catalog.demoToken}` } });
  movieIds = ((await popular.json()) as { results: { id: number }[] }).results.map((movie) => movie.id);
}, 60_000);

afterAll(async () => {
  for (const gateway of gateways) gateway.kill('SIGKILL');
  await Promise.all(gateways.map((g) => g.exit));
  await balancer?.stop();
  await redis?.stop();
  await catalog?.close();
});

describe.skipIf(!ready)('a fleet of three behind haproxy', () => {
  it('one 429 pauses its credential on its route across the fleet, and nothing else: readiness stays 200, haproxy keeps every instance', async () => {
    const warm = `{ movie(id: ${movieIds[0]}) { title } }`;
    expect((await post(balancer.url, warm)).body.data.movie.title).toEqual(expect.any(String));
    catalog.setFaults([{ path: '^/movie/\\d+$', status: 429, retryAfterSeconds: 5, times: 1 }]);
    try {
      // One cold movie on one instance meets the 429: the server token's movie route pauses 5 s.
      const limited = post(urls[0]!, `{ movie(id: ${movieIds[1]}) { title } }`);
      await sleep(300);
      // Another instance: the same credential and route wait out the fleet-wide pause...
      const startedPaused = Date.now();
      const paused = post(urls[1]!, `{ movie(id: ${movieIds[2]}) { title } }`).then(() => Date.now() - startedPaused);
      // ...while other routes answer at once, and warm answers need no call at all.
      const startedOther = Date.now();
      const other = await post(balancer.url, '{ movieGenres { name } }');
      expect(other.body.errors).toBeUndefined();
      expect(Date.now() - startedOther).toBeLessThan(1_000);
      const watched = watch(4_000);
      const warmAnswers = [];
      for (let i = 0; i < 12; i++) {
        warmAnswers.push(await post(balancer.url, warm));
        await sleep(250);
      }
      expect(await watched).toEqual({ down: [], unready: 0 });
      expect(warmAnswers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
      expect(await paused).toBeGreaterThan(3_000);
      await limited;
    } finally {
      catalog.setFaults([]);
    }
  }, 40_000);

  it('a saturated budget keeps every instance in: readiness never waits for the budget', async () => {
    const stop = new AbortController();
    const ids = movieIds.slice(0, 20).join(', ');
    // 30 requests of 20 movies each in languages no cache holds: 600 calls at 20 a second for the whole fleet.
    const flood = Array.from({ length: 30 }, (_, i) => {
      const language = `en-${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;
      return post(balancer.url, `{ movies(ids: [${ids}]) { title } }`, { 'accept-language': language }, stop.signal).catch(() => undefined);
    });
    try {
      await sleep(500);
      expect(await watch(5_000)).toEqual({ down: [], unready: 0 });
    } finally {
      stop.abort();
      await Promise.all(flood);
    }
  }, 40_000);

  it('a registered hash answers at once on every other instance, and through a Redis outage', async () => {
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const byHash = (url: string, query: string) =>
      fetch(`${url}?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(query) } }))}`).then(
        async (r) => (await r.json()) as any,
      );
    const register = (url: string, query: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } }),
      }).then((r) => r.json());
    for (let i = 0; i < 6; i++) {
      const query = `query Registered${i} { movie(id: ${movieIds[i]}) { title } }`;
      await register(urls[i % 3]!, query);
      for (const other of [urls[(i + 1) % 3]!, urls[(i + 2) % 3]!]) {
        expect((await byHash(other, query)).data?.movie.title).toEqual(expect.any(String));
      }
    }
    await redis.kill();
    const during = `query DuringOutage { movie(id: ${movieIds[7]}) { id: databaseId } }`;
    try {
      await register(urls[0]!, during);
      // The instance that registered it runs it by hash while Redis is away.
      expect((await byHash(urls[0]!, during)).errors).toBeUndefined();
    } finally {
      await redis.restart();
    }
    // Redis came back empty: what the instances hold reaches it again, and every instance finds both kinds.
    await untilTrue(async () => (await byHash(urls[2]!, during)).errors === undefined, 10_000);
    const before = `query Registered0 { movie(id: ${movieIds[0]}) { title } }`;
    expect((await byHash(urls[1]!, before)).data?.movie.title).toEqual(expect.any(String));
  }, 40_000);

  it('a rolling restart through a balancer that never retries fails no request', async () => {
    const warm = `{ movie(id: ${movieIds[0]}) { title } }`;
    const statuses: Record<string, number> = {};
    let running = true;
    // Open loop: 20 requests a second whatever the answers take.
    const load = (async () => {
      const sent: Promise<void>[] = [];
      while (running) {
        sent.push(
          post(balancer.url, warm).then(
            (answer) => {
              const key = answer.status === 200 && answer.body?.data?.movie ? 'ok' : `status ${answer.status}`;
              statuses[key] = (statuses[key] ?? 0) + 1;
            },
            (error: Error) => {
              statuses[error.message] = (statuses[error.message] ?? 0) + 1;
            },
          ),
        );
        await sleep(50);
      }
      await Promise.all(sent);
    })();
    try {
      for (let i = 0; i < 3; i++) {
        gateways[i]!.kill('SIGTERM');
        expect((await gateways[i]!.exit).code).toBe(0);
        gateways[i] = startGateway(i);
        await gateways[i]!.url;
        await untilTrue(allUp, 15_000);
      }
    } finally {
      running = false;
      await load;
    }
    expect(Object.keys(statuses)).toEqual(['ok']);
    expect(statuses.ok).toBeGreaterThan(100);
  }, 120_000);
});
