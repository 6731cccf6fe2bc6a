/**
 * Runs the catalog on its own: `npm run catalog`.
 * CATALOG_PORT (default 4010), CATALOG_HOST (default 127.0.0.1), CATALOG_LATENCY_MS (default 0).
 */
import { startCatalog } from './server.ts';

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

const catalog = await startCatalog({
  host: process.env.CATALOG_HOST || '127.0.0.1',
  port: whole('CATALOG_PORT', 4010, 65_535),
  latencyMs: whole('CATALOG_LATENCY_MS', 0, 60_000),
});
console.log(`Media Catalog listening at ${catalog.baseUrl}`);
console.log(`Demo bearer token: ${catalog.demoToken}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void catalog.close().then(() => process.exit(0));
  });
}
