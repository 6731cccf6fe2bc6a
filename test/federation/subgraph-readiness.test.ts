import { DEMO_TOKEN, startCatalog } from '@media-catalog/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postQuery } from '../helpers.ts';
import { type StartedProcess, startProcess } from '../http/gateway-process.ts';

/**
 * Issue 32, item 6: `/readiness` says ready only once the subgraph schema is built. It was built
 * by the first `/subgraph` request, 0.7–1.4 s after a start, while `/readiness` already said
 * ready: a router's first entity fetch paid for it. A gateway process as `npm start` runs it
 * (test/http/gateway-process.ts), with SUBGRAPH_PREFIX, over a catalog of its own; the build
 * announces itself in the process's log (`subgraph schema built`, with its duration).
 */

let catalog: Awaited<ReturnType<typeof startCatalog>>;
let gateway: StartedProcess;
beforeAll(async () => {
  catalog = await startCatalog();
  gateway = startProcess({
    CATALOG_BASE_URL: catalog.baseUrl,
    CATALOG_ACCESS_TOKEN: DEMO_TOKEN,
    LOG_LEVEL: 'info',
    SUBGRAPH_PREFIX: 'Catalog',
    // A production start: `_service` answers only with introspection on (or SUBGRAPH_TOKEN).
    INTROSPECTION: 'true',
  });
}, 60_000);
afterAll(async () => {
  gateway.kill('SIGTERM');
  await gateway.exit;
  await catalog.close();
});

/** The process's JSON log lines so far (the ready line and other plain text left out). */
function logLines(): Array<Record<string, unknown>> {
  return gateway
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the subgraph at start', () => {
  it('is built before /readiness first says ready, and then served as built', async () => {
    const url = await gateway.url;
    const readiness = url.replace(/\/graphql$/, '/readiness');
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await fetch(readiness)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    const readyAt = Date.now();
    // Logged before readiness first said ready (lines are written in batches, at most 100 ms
    // later: the line's own time tells), and no /subgraph request has been made yet.
    let built: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 20 && !built; attempt++) {
      built = logLines().find((line) => line.msg === 'subgraph schema built');
      if (!built) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(built?.time).toBeLessThanOrEqual(readyAt);
    expect(built).toMatchObject({ level: 30, prefix: 'Catalog' });
    expect(built?.ms).toBeGreaterThan(0);
    const { body } = await postQuery(url.replace(/\/graphql$/, '/subgraph'), '{ _service { sdl } }');
    expect(body.data._service.sdl).toMatch(/type CatalogMovie\s+@key/);
    // Built once: the first request found it built.
    expect(logLines().filter((line) => line.msg === 'subgraph schema built')).toHaveLength(1);
  }, 60_000);
});
