import { startCatalog } from '@media-catalog/catalog';
import { readdirSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { waitForReady } from './child-server.ts';
const dir = '/tmp/snap-' + Date.now();
import { mkdirSync } from 'node:fs';
mkdirSync(dir);
const catalog = await startCatalog({ latencyMs: 0 });
const child = spawn(process.execPath, ['--heapsnapshot-signal=SIGUSR2', '--max-old-space-size=192', '--max-semi-space-size=8', '/work/main/dist/index.js'], {
  cwd: dir, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', WORKERS: '1', CATALOG_BASE_URL: catalog.baseUrl, CATALOG_ACCESS_TOKEN: catalog.demoToken, ...(process.env.EXTRA ? JSON.parse(process.env.EXTRA) : {}) }, stdio: ['ignore', 'pipe', 'inherit'] });
await waitForReady(child, 'gw');
await new Promise((r) => setTimeout(r, 1500));
child.kill('SIGUSR2');
let file: string | undefined;
for (let i = 0; i < 200 && !file; i++) { await new Promise((r) => setTimeout(r, 250)); const f = readdirSync(dir).find((n) => n.endsWith('.heapsnapshot')); if (f) { const a = readFileSync(`${dir}/${f}`, 'utf8'); if (a.trimEnd().endsWith('}')) file = `${dir}/${f}`; } }
child.kill('SIGTERM'); await catalog.close();
const snap = JSON.parse(readFileSync(file!, 'utf8'));
const f = snap.snapshot.meta.node_fields as string[]; const types = snap.snapshot.meta.node_types[0] as string[];
const n = f.length; const nodes = snap.nodes as number[]; const strings = snap.strings as string[];
const by = new Map<string, number>(); let total = 0;
for (let i = 0; i < nodes.length; i += n) {
  const type = types[nodes[i + f.indexOf('type')]!]!; const name = strings[nodes[i + f.indexOf('name')]!]!; const size = nodes[i + f.indexOf('self_size')]!;
  total += size; const key = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? `(${type})` : `${type}:${name.slice(0, 60)}`;
  by.set(key, (by.get(key) ?? 0) + size);
}
console.log('total MB', (total / 1048576).toFixed(1));
for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((v / 1048576).toFixed(2), k);
const big: Array<[number, string]> = [];
for (let i = 0; i < nodes.length; i += n) {
  const type = types[nodes[i + f.indexOf('type')]!]!; if (type !== 'string') continue;
  const size = nodes[i + f.indexOf('self_size')]!; if (size < 100_000) continue;
  big.push([size, strings[nodes[i + f.indexOf('name')]!]!.slice(0, 100).replace(/\s+/g, ' ')]);
}
big.sort((a, b) => b[0] - a[0]);
let sum = 0; for (const [s] of big) sum += s;
console.log('strings >100KB:', big.length, (sum / 1048576).toFixed(1), 'MB');
for (const [s, t] of big.slice(0, 40)) console.log((s / 1024).toFixed(0), 'KB', t);
