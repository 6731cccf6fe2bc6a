import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { startProcess } from '../http/gateway-process.ts';

/**
 * Issue 31, "also seen": without Redis each process keeps its own rate budget, and the
 * production start runs a process per core, so UPSTREAM_RATE_LIMIT was multiplied by the cores.
 * Each of an instance's WORKERS processes now keeps its share, and the ready line says so.
 */

/** One request on a connection of its own, so that the cluster deals requests to both workers: its status and body. */
function post(url: string, query: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ query }));
  });
}

describe('UPSTREAM_RATE_LIMIT with WORKERS=2 and no REDIS_URL', () => {
  let catalog: RunningCatalog;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog?.close());

  it('is the instance’s: the two workers together make about 10 calls a second, not 20', async () => {
    const gateway = startProcess({
      WORKERS: '2',
      UPSTREAM_RATE_LIMIT: '10',
      REQUEST_DEADLINE_MS: '1500',
      CATALOG_BASE_URL: catalog.baseUrl,
      CATALOG_ACCESS_TOKEN: catalog.demoToken,
    });
    try {
      const url = await gateway.url;
      catalog.resetCalls();
      let n = 0;
      let refused = 0;
      let running = true;
      // Sixteen clients asking distinct searches, each request on a new connection: more than 10 calls a
      // second can serve within the deadline, so some are refused.
      const client = async () => {
        while (running) {
          const answer = await post(url, `{ search { companies(query: "word${n++}") { totalCount } } }`);
          expect(answer.status).toBe(200);
          if (answer.body.includes('"RATE_LIMITED"')) refused++;
        }
      };
      const clients = Array.from({ length: 16 }, client);
      // The window opens with the first call to reach the catalog, not when the clients start: on
      // a loaded machine the workers' first requests may take a while, and a window that counted
      // that while read a budget of 10 as too slow.
      while (catalog.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const callsIn3s = catalog.calls.length;
      running = false;
      await Promise.all(clients);
      console.log(`2 workers under UPSTREAM_RATE_LIMIT=10: ${callsIn3s} upstream calls in 3 s, ${n} requests, ${refused} RATE_LIMITED`);
      // 10 a second and each worker's first turn; two budgets of 10 made about 60.
      expect(callsIn3s).toBeLessThanOrEqual(36);
      // The clients asked more than the budget gave: the budget, not the machine, set the pace.
      expect(refused).toBeGreaterThan(0);
      gateway.kill('SIGTERM');
      const { stdout } = await gateway.exit;
      expect(stdout).toContain("(2 workers; without REDIS_URL each keeps 5 of UPSTREAM_RATE_LIMIT's 10 calls/s)");
    } finally {
      gateway.kill('SIGKILL');
    }
  }, 60_000);
});
