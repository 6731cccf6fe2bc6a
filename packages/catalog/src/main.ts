#!/usr/bin/env node
/**
 * Runs the catalog on its own: the package's `media-catalog` bin (`npm run catalog` in the
 * gateway). Node runs this TypeScript as it is (type stripping, Node 22.18 or later).
 * CATALOG_PORT (default 4010), CATALOG_HOST (default 127.0.0.1), CATALOG_LATENCY_MS (default 0),
 * CATALOG_FAULTS (a JSON array of fault rules, see faults.ts; default none),
 * CATALOG_BANDWIDTH_KBPS (one link shared by every answer, in kilobits per second; default 0 =
 * unlimited), CATALOG_COMPRESSION (false: never compress; default true, when the client asks).
 */
import { startCatalog, type FaultRule } from './server.ts';

function whole(name: string, fallback: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    console.error(`Invalid ${name}: expected an integer from 0 to ${max}, got "${text}"`);
    process.exit(1);
  }
  return value;
}

function faultRules(): FaultRule[] {
  const text = process.env.CATALOG_FAULTS;
  if (!text) return [];
  try {
    const rules: unknown = JSON.parse(text);
    if (!Array.isArray(rules)) throw new Error('not an array');
    return rules as FaultRule[];
  } catch (error) {
    console.error(`Invalid CATALOG_FAULTS: expected a JSON array of fault rules (${(error as Error).message})`);
    process.exit(1);
  }
}

const catalog = await startCatalog({
  faults: faultRules(),
  host: process.env.CATALOG_HOST || '127.0.0.1',
  port: whole('CATALOG_PORT', 4010, 65_535),
  latencyMs: whole('CATALOG_LATENCY_MS', 0, 60_000),
  bandwidthKbps: whole('CATALOG_BANDWIDTH_KBPS', 0, 100_000_000),
  compression: process.env.CATALOG_COMPRESSION !== 'false',
});
console.log(`Media Catalog listening at ${catalog.baseUrl}`);
console.log(`Demo bearer token: ${catalog.demoToken}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void catalog.close().then(() => process.exit(0));
  });
}
