/**
 * What the answers allocate: the gateway under V8's sampling heap profiler (heap-sampler.ts,
 * which counts the objects already collected too), loaded with one document, both caches off, 16
 * connections after a warm-up, then the bytes allocated per answer by function and by package
 * (sampled: a guide to where, not an exact total).
 *
 *   PROFILE_DOCUMENT='{ … }' node bench/profile/heap-profile.ts [seconds=10] [variant=gateway]
 *
 * A variant of variants.ts (`yoga-floor`: Yoga's own Node entry without any plugin of ours) shows
 * what the framework itself allocates for the same answer.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startCatalog } from '@media-catalog/catalog';
import { packageOf } from './cpuprofile-summary.ts';
import { variantEnv } from './variants.ts';
import { CONFIGURATION, postQuery, startChild, stopChild } from './lib.ts';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

const seconds = Number(process.argv[2] ?? 10);
const outdir = join(tmpdir(), `heap-prof-${Date.now()}`);
mkdirSync(outdir, { recursive: true });
const document = process.env.PROFILE_DOCUMENT ?? CONFIGURATION;
const catalog = await startCatalog({ latencyMs: 20 });
const gateway = await startChild(
  'gateway',
  'gateway-entry.ts',
  {
    CATALOG_BASE_URL: catalog.baseUrl,
    CATALOG_ACCESS_TOKEN: catalog.demoToken,
    RESPONSE_CACHE_ENABLED: 'false',
    CACHE_ENABLED: 'false',
    WORKERS: '1',
    HEAP_PROFILE_FILE: join(outdir, 'answers.heapprofile'),
    ...variantEnv(process.argv[3] ?? 'gateway'),
  },
  ['--import', new URL('./heap-sampler.ts', import.meta.url).pathname],
);
const file = join(outdir, 'answers.heapprofile');
for (let i = 0; i < 200; i++) await postQuery(gateway.url, document);
gateway.child.kill('SIGUSR1');
const result = await autocannon({
  url: gateway.url,
  connections: 16,
  duration: seconds,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: document }),
});
gateway.child.kill('SIGUSR2');
for (let waited = 0; !existsSync(file) && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
await new Promise((resolve) => setTimeout(resolve, 500));
await stopChild(gateway);
await catalog.close();
const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
const walk = (node: HeapNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/')}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
  const pkg = packageOf(url, functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.selfSize);
  total += node.selfSize;
  for (const child of node.children) walk(child);
};
walk(head);
const answers = result.requests.total;
console.log(`${file}: ${answers} answers, ${(total / answers).toFixed(0)} sampled bytes per answer`);
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, bytes]) => `${String(Math.round(bytes / answers)).padStart(7)} B  ${name}`);
console.log(`\nby package\n${top(byPackage, 15).join('\n')}`);
console.log(`\nby function\n${top(byFunction, 30).join('\n')}`);
