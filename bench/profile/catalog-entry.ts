/**
 * The embedded catalog in a process of its own, so that the direct call crosses a process
 * boundary as the gateway's call does (in one process with the client, a direct call never
 * waits for another process to be scheduled). CATALOG_LATENCY_MS sets its injected latency,
 * CATALOG_EXTRA_TOKENS (comma-separated) more accepted bearer tokens, CATALOG_BANDWIDTH_KBPS one
 * link shared by every answer, CATALOG_COMPRESSION=false plain answers whatever the client asks.
 * A second port answers GET / with the calls received since the last GET /reset.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCatalog } from '@media-catalog/catalog';

const catalog = await startCatalog({
  latencyMs: Number(process.env.CATALOG_LATENCY_MS ?? 20),
  extraTokens: process.env.CATALOG_EXTRA_TOKENS?.split(',').filter(Boolean),
  bandwidthKbps: Number(process.env.CATALOG_BANDWIDTH_KBPS ?? 0),
  compression: process.env.CATALOG_COMPRESSION !== 'false',
});
const calls = createServer((request, response) => {
  if (request.url === '/reset') catalog.resetCalls();
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(catalog.calls));
});
calls.listen(0, '127.0.0.1', () => {
  const port = (calls.address() as AddressInfo).port;
  console.log(`catalog calls at http://127.0.0.1:${port}/ token ${catalog.demoToken} ready at ${catalog.baseUrl}`);
});
process.once('SIGTERM', () => {
  calls.close();
  void catalog.close().then(() => process.exit(0));
});
