import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { listen } from '../helpers.ts';
import { startProcess } from './gateway-process.ts';

describe('graceful shutdown', () => {
  let catalog: RunningCatalog;
  beforeAll(async () => {
    catalog = await startCatalog({ latencyMs: 800 });
  });
  afterAll(() => catalog.close());

  it('lets requests in flight finish after SIGTERM, refuses new ones, then exits 0', async () => {
    const gateway = startProcess({
      CATALOG_BASE_URL: catalog.baseUrl,
      CATALOG_ACCESS_TOKEN: catalog.demoToken,
      SHUTDOWN_TIMEOUT_MS: '10000',
    });
    const url = await gateway.url;
    // Two upstream rounds: the page, then each movie's details for its runtime, held 1 s each.
    catalog.setFaults([{ path: '^/movie/\\d+$', latencyMs: 1_000 }]);
    const queryOf = (page: number) => JSON.stringify({ query: `{ upcomingMovies(page: ${page}) { results { title runtime } } }` });
    const query = queryOf(1);
    const inFlight = [1, 2, 3].map((page) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: queryOf(page) }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      })),
    );
    // In flight for sure: each request's page has been answered, and its details are on their way
    // (a fixed pause was not enough on a loaded machine: a request not yet read was reset).
    const pagesAnswered = () =>
      new Set(catalog.calls.filter((call) => call.path === '/movie/upcoming').map((call) => call.query.page ?? '1')).size;
    for (let waited = 0; pagesAnswered() < 3 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pagesAnswered()).toBe(3);
    gateway.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: query }).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    for (const answer of await Promise.all(inFlight)) {
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.upcomingMovies.results[0].runtime).toEqual(expect.any(Number));
    }
    expect((await gateway.exit).code).toBe(0);
    catalog.setFaults([]);
  });

  it('SIGTERM with SHUTDOWN_DELAY_MS: unready at once, still serving (closing each connection) through the delay, then closed', async () => {
    const gateway = startProcess({
      CATALOG_BASE_URL: catalog.baseUrl,
      CATALOG_ACCESS_TOKEN: catalog.demoToken,
      SHUTDOWN_DELAY_MS: '1500',
    });
    const url = await gateway.url;
    const origin = new URL(url).origin;
    expect((await fetch(`${origin}/readiness`)).status).toBe(200);
    const signalled = Date.now();
    gateway.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readiness = await fetch(`${origin}/readiness`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'unready', reason: 'shutting down' });
    // A balancer that has not yet seen the 503 still sends requests: they are answered, not refused.
    const served = await fetch(`${url}?query=${encodeURIComponent('{ configuration { changeKeys } }')}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    expect((await served.json()).data.configuration.changeKeys).toContain('title');
    expect(Date.now() - signalled).toBeLessThan(1_500);
    expect((await gateway.exit).code).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_500);
    expect(gateway.stdout()).toContain('SIGTERM: unready, still serving for 1500 ms (SHUTDOWN_DELAY_MS).');
  });

  it('does not wait past SHUTDOWN_TIMEOUT_MS for a request stuck upstream', async () => {
    catalog.setFaults([{ path: '^/configuration$', latencyMs: 20_000 }]);
    try {
      const gateway = startProcess({
        CATALOG_BASE_URL: catalog.baseUrl,
        CATALOG_ACCESS_TOKEN: catalog.demoToken,
        SHUTDOWN_TIMEOUT_MS: '500',
      });
      const url = await gateway.url;
      const stuck = fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ configuration { changeKeys } }"}',
      }).catch(() => 'cut');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      gateway.kill('SIGTERM');
      expect((await gateway.exit).code).toBe(0);
      expect(Date.now() - started).toBeLessThan(3_000);
      await stuck;
    } finally {
      catalog.setFaults([]);
    }
  });
});

describe('start-up problems are one line and exit code 1', () => {
  it('a port already in use', async () => {
    const holder = createServer();
    const port = await listen(holder);
    try {
      const { code, stderr } = await startProcess({ PORT: String(port), CATALOG_BASE_URL: 'http://127.0.0.1:9/3' }).exit;
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(/^Failed to start: Cannot listen on 127\.0\.0\.1:\d+: the port is already in use \(set PORT/);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      holder.close();
    }
  });

  it.each([
    ['999.1.1.1', /^Invalid configuration: HOST must be an IP address or a host name, got "999\.1\.1\.1"$/],
    ['192.0.2.1', /^Failed to start: Cannot listen on 192\.0\.2\.1:0: the address is not one of this machine's \(check HOST\)\.$/],
  ])('HOST=%s', async (host, line) => {
    const { code, stderr } = await startProcess({ HOST: host, CATALOG_BASE_URL: 'http://127.0.0.1:9/3' }).exit;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(line);
  });
});
