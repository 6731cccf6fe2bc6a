/**
 * Issue target "hit path": a whole-response cache hit of ours (CORS, request id, log line and
 * metrics included) against a bare Node `http` server answering the same bytes, one process
 * each, 10 connections, alternating rounds. Beside them, the "duties floor": the bare server
 * plus, written by hand, what every hit must do (bench/profile/bytes-floor.ts), so the table
 * shows what Node costs, what the duties cost, and what is ours. CPU per request is read from
 * the process's own user+system time (/proc), which the load generator's share does not move.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { startCatalog } from '@media-catalog/catalog';
import { type Child, CONFIGURATION, cpuMs, median, startChild, stopChild } from './profile/lib.ts';
import { COMPILED, compileProfile } from './overhead.ts';
import { startGateway, stopGateway } from './gateway-process.ts';

const QUERY = JSON.stringify({ query: CONFIGURATION });
const ROUNDS = Number(process.env.HIT_ROUNDS ?? 3);
const SECONDS = Number(process.env.HIT_SECONDS ?? 4);
/**
 * Another build to measure beside ours in the same rounds (before and after a change on a shared,
 * loaded machine), e.g. `git stash; npm run build; cp -r dist node_modules/.cache/dist-before;
 * git stash pop; npm run build`, then HIT_BEFORE=node_modules/.cache/dist-before/index.js.
 */
const BEFORE = process.env.HIT_BEFORE;
if (BEFORE && !BEFORE.startsWith('dist/')) writeFileSync(join(dirname(BEFORE), 'package.json'), '{ "type": "module" }\n');

async function measure(url: string, pid: number) {
  const options = { url, connections: 10, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: QUERY };
  await autocannon({ ...options, duration: 1 });
  const before = cpuMs(pid);
  const result = await autocannon({ ...options, duration: SECONDS });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed answers under load`);
  return { rps: result.requests.average, cpuPerRequest: ((cpuMs(pid) - before) * 1000) / result.requests.total };
}

export async function hitPathFigures(): Promise<string[]> {
  await compileProfile();
  const catalog = await startCatalog({ latencyMs: 20 });
  const bodyFile = join(tmpdir(), `hit-path-body-${process.pid}`);
  // Ours first in each round: its answer is the floors' body.
  const systems = {
    'ours, a response-cache hit (npm start, 1 process)': async () => {
      const gateway = await startGateway(catalog.baseUrl, catalog.demoToken, { WORKERS: '1' });
      return { name: 'gateway', url: gateway.url, child: gateway.child, output: '' } satisfies Child;
    },
    ...(BEFORE
      ? {
          [`ours, before (${BEFORE})`]: async () => {
            const gateway = await startGateway(catalog.baseUrl, catalog.demoToken, { WORKERS: '1' }, BEFORE);
            return { name: 'gateway', url: gateway.url, child: gateway.child, output: '' } satisfies Child;
          },
        }
      : {}),
    'bare Node http, same bytes': async () => startChild('bytes-floor', 'bytes-floor.ts', { FLOOR_BODY_FILE: bodyFile }),
    'bare Node http + the duties by hand': async () =>
      startChild('bytes-floor', 'bytes-floor.ts', { FLOOR_BODY_FILE: bodyFile, FLOOR_DUTIES: '1' }),
  };
  const figures: Record<string, { rps: number[]; cpu: number[] }> = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, start] of Object.entries(systems)) {
        const system = await start();
        if (name.startsWith('ours')) {
          // The gateway's answer, primed into its cache, is the floor's body byte for byte.
          const answer = await fetch(system.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUERY });
          writeFileSync(bodyFile, Buffer.from(await answer.arrayBuffer()));
        }
        const { rps, cpuPerRequest } = await measure(system.url, system.child.pid!);
        (figures[name] ??= { rps: [], cpu: [] }).rps.push(rps);
        figures[name].cpu.push(cpuPerRequest);
        if (name.startsWith('ours')) await stopGateway({ url: system.url, pid: system.child.pid!, child: system.child });
        else await stopChild(system);
      }
    }
  } finally {
    await catalog.close();
  }
  const floor = figures['bare Node http, same bytes']!;
  const rows = Object.entries(figures).map(([name, { rps, cpu }]) => {
    const ratio = (median(rps) / median(floor.rps)).toFixed(2);
    const cpuRatio = (median(floor.cpu) / median(cpu)).toFixed(2);
    return `| ${name} | ${median(rps).toFixed(0)} | ${median(cpu).toFixed(1)} | ${ratio}× | ${cpuRatio}× |`;
  });
  return [
    `Median of ${ROUNDS} alternating rounds, ${SECONDS} s each after 1 s of warm-up, 10 connections, POST of the (a) configuration document; the bare servers answer the gateway's own bytes. Compiled into ${COMPILED}.`,
    '',
    '| system | req/s | CPU µs per request | req/s ÷ bare Node | bare Node CPU ÷ its CPU |',
    '|---|---|---|---|---|',
    ...rows,
  ];
}
