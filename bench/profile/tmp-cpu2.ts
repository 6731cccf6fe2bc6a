import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startCatalog } from '../../src/catalog/server.ts';
import { startChild, stopChild, CONFIGURATION } from './lib.ts';
const catalog = await startCatalog({ latencyMs: 20 });
const body = JSON.stringify({ query: CONFIGURATION });
const ticks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { u: Number(f[11]) * 10, s: Number(f[12]) * 10 };
};
const variants: Record<string, Record<string, string>> = JSON.parse(process.env.VARIANTS!);
const results: Record<string, number[]> = {};
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++)
  for (const [name, env] of Object.entries(variants)) {
    const child = name.startsWith('floor')
      ? await startChild('bytes-floor', 'bytes-floor.ts', { FLOOR_BODY_FILE: '/tmp/floor-body', ...env })
      : await startChild('gateway', 'gateway-entry.ts', {
          CATALOG_BASE_URL: catalog.baseUrl,
          CATALOG_ACCESS_TOKEN: catalog.demoToken,
          FLOOR_BODY_FILE: '/tmp/floor-body',
          ...env,
        });
    await fetch(child.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await autocannon({
      url: child.url,
      connections: 10,
      duration: 1,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const a = ticks(child.child.pid!);
    const r = await autocannon({
      url: child.url,
      connections: 10,
      duration: Number(process.env.SECS ?? 4),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const b = ticks(child.child.pid!);
    const n = r.requests.total;
    const cpu = ((b.u + b.s - a.u - a.s) * 1000) / n;
    (results[name] ??= []).push(cpu);
    console.log(
      name.padEnd(14),
      'req/s',
      Math.round(r.requests.average),
      'user',
      (((b.u - a.u) * 1000) / n).toFixed(1),
      'sys',
      (((b.s - a.s) * 1000) / n).toFixed(1),
      'cpu µs/req',
      cpu.toFixed(1),
    );
    await stopChild(child);
  }
for (const [name, v] of Object.entries(results))
  console.log(name.padEnd(14), 'median cpu µs/req', v.sort((x, y) => x - y)[Math.floor(v.length / 2)]!.toFixed(1));
await catalog.close();
