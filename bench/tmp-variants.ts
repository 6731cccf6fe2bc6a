import { startCatalog } from '@media-catalog/catalog';
import { CONFIGURATION, median, startChild, stopChild } from './profile/lib.ts';
import { variantEnv } from './profile/variants.ts';
import { serverLoad } from './server-load.ts';
const catalog = await startCatalog({ latencyMs: 20 });
const variants = process.argv.slice(2);
const doc = process.env.DOC ?? CONFIGURATION;
const figures: Record<string, number[]> = {};
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  for (const v of variants) {
    const child = await startChild(v, 'gateway-entry.ts', { CATALOG_BASE_URL: catalog.baseUrl, CATALOG_ACCESS_TOKEN: catalog.demoToken, RESPONSE_CACHE_ENABLED: 'false', CACHE_ENABLED: 'false', WORKERS: '1', ...variantEnv(v) });
    const f = await serverLoad({ url: child.url, pid: child.child.pid! }, doc, catalog.demoToken, 16);
    (figures[v] ??= []).push((f.cpuSeconds * 1e6) / f.answers);
    await stopChild(child);
  }
}
await catalog.close();
for (const [v, xs] of Object.entries(figures)) console.log(v.padEnd(16), median(xs).toFixed(0), 'µs', xs.map((x) => x.toFixed(0)).join(' '));
