import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { startProcess } from './gateway-process.ts';
import * as expected from '../expected.ts';

/** WORKERS=2: the gateway as the production start runs it on a 2-core machine, over real HTTP. */
const startWorkers = (env: Record<string, string>) => startProcess({ WORKERS: '2', ...env });

/** One request on a connection of its own, so that the cluster hands each to the next worker. */
function post(url: string, body: string, path = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(path || url);
    const req = httpRequest(
      target,
      { method: body ? 'POST' : 'GET', agent: false, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const CONFIGURATION = JSON.stringify({ query: '{ configuration { changeKeys } }' });

describe('WORKERS=2: two gateway processes on one port', () => {
  let catalog: RunningCatalog;
  beforeAll(async () => {
    catalog = await startCatalog({ latencyMs: 0 });
  });
  afterAll(() => catalog.close());

  it('both answer, each with its own caches, /metrics sums both, and SIGTERM drains both and exits 0', async () => {
    const gateway = startWorkers({
      CATALOG_BASE_URL: catalog.baseUrl,
      CATALOG_ACCESS_TOKEN: catalog.demoToken,
      SHUTDOWN_TIMEOUT_MS: '10000',
    });
    try {
      const url = await gateway.url;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
      catalog.resetCalls();
      // Four requests, each on a new connection: the primary deals connections round-robin, so
      // each worker answers two, and each (its caches being its own) asks the catalog once.
      for (let i = 0; i < 4; i++) {
        const answer = await post(url, CONFIGURATION);
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.text).data.configuration.changeKeys.length).toBeGreaterThan(0);
      }
      expect(catalog.calls.filter((call) => call.path === '/configuration')).toHaveLength(2);

      // Whichever worker answers /metrics speaks for the instance: 2 hits, 2 executions in all.
      const metrics = (await post(url, '', url.replace('/graphql', '/metrics'))).text;
      expect(metrics).toMatch(/^gateway_response_cache_hits_total 2$/m);
      expect(metrics).toMatch(/^gateway_graphql_request_duration_seconds_count\{operationName="anonymous",operationType="query"\} 2$/m);
      expect(JSON.parse((await post(url, '', url.replace('/graphql', '/health'))).text)).toEqual({ status: 'ok' });

      // A worker killed outright is replaced; the other keeps the port answering. (A connection
      // the primary hands over in the instant of the death is lost with the worker: node:cluster.)
      const workers = () => readFileSync(`/proc/${gateway.pid}/task/${gateway.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
      const [killed] = workers();
      process.kill(killed!, 'SIGKILL');
      for (let waited = 0; (workers().length < 2 || workers().includes(killed!)) && waited < 30_000; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(workers()).toHaveLength(2);
      expect(workers()).not.toContain(killed);
      expect((await post(url, CONFIGURATION)).status).toBe(200);

      // A slow request on each worker, then SIGTERM: both finish, new work is refused, exit 0.
      catalog.setFaults([{ path: '^/movie/upcoming$', latencyMs: 1_500 }]);
      // Two pages, so that no coalescing of identical calls can make them one.
      const slow = (page: number) =>
        JSON.stringify({ query: `{ upcomingMovies(${expected.pageWindow('Query.upcomingMovies', page)}) { edges { node { title } } } }` });
      const inFlight = [post(url, slow(1)), post(url, slow(2))];
      for (let waited = 0; catalog.load.inFlight < 2 && waited < 10_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(catalog.load.inFlight).toBe(2);
      gateway.kill('SIGTERM');
      for (const answer of await Promise.all(inFlight)) {
        expect(answer.status).toBe(200);
        expect(expected.nodes(JSON.parse(answer.text).data.upcomingMovies).length).toBeGreaterThan(0);
      }
      const { code, stdout, stderr } = await gateway.exit;
      expect(code).toBe(0);
      expect(stdout).toContain('SIGTERM: asking 2 workers to drain.');
      expect(stderr).toMatch(new RegExp(`^Worker ${killed} stopped \\(code SIGKILL\\); starting a new one\\.$`, 'm'));
    } finally {
      catalog.setFaults([]);
      // Whatever failed, no gateway outlives the test (its workers exit with their primary).
      gateway.kill('SIGKILL');
    }
  }, 90_000);

  it('refuses a bad WORKERS with one line naming it, exit code 1', async () => {
    const { code, stderr } = await startWorkers({ WORKERS: '0', CATALOG_BASE_URL: catalog.baseUrl }).exit;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid configuration: WORKERS must be/);
  }, 30_000);
});
