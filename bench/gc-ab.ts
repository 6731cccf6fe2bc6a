/**
 * Node flags or builds of the gateway against each other under (c) of BENCH_ONLY=cpu, alternating
 * in one run (issue 44: GC share and peak RSS): each variant a fresh process started as `npm start`
 * starts it (`WORKERS=1`, caches off, the start script's flags first, then the variant's, which win),
 * with the GC observer of bench/gc-observer.ts, over the recorded upstream (20 ms a call); one (c)
 * load of 16 connections per round. Prints per variant and round: CPU µs per answer, GC share
 * (pauses over busy time) and peak RSS (VmHWM), then the medians. A variant is
 * `[flag or NAME=value, ...]@entry` (split on commas; a NAME=value goes to its environment), e.g.
 *
 *   node bench/gc-ab.ts @dist/index.js --max-semi-space-size=16@dist/index.js --max-semi-space-size=4@dist/index.js
 *
 * BENCH_AB_ROUNDS (default 3), BENCH_CPU_SECONDS (default 5).
 */
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { micros } from './cpu-floors.ts';
import { gcTotals } from './gc-totals.ts';
import { startAsNpmStart } from './npm-start.ts';
import { checkSameAnswers, peakRssMb, peerDocuments, RECORDED_MOVIE_ID, startRecordedUpstream } from './peer-kit.ts';
import { pinServer, serverLoad } from './server-load.ts';

const variants = process.argv.slice(2).map((argument) => {
  const at = argument.lastIndexOf('@');
  const settings = argument.slice(0, at).split(',').filter(Boolean);
  const env = Object.fromEntries(settings.filter((one) => !one.startsWith('-')).map((one) => one.split('=') as [string, string]));
  return { name: argument, flags: settings.filter((one) => one.startsWith('-')), env, entry: argument.slice(at + 1) };
});
if (variants.length === 0) throw new Error('usage: node bench/gc-ab.ts [flag,…]@<entry.js> …');
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const upcoming = (await peerDocuments(RECORDED_MOVIE_ID))[2]!;
const upstream = await startRecordedUpstream('plain');
const env = { CATALOG_BASE_URL: upstream.baseUrl, CATALOG_ACCESS_TOKEN: upstream.token, WORKERS: '1' };
const off = { CACHE_ENABLED: 'false', RESPONSE_CACHE_ENABLED: 'false' };
const figures = new Map<string, { cpu: number; gc: number; peak: number }[]>(variants.map((v) => [v.name, []]));
let reference: Map<string, string> | undefined;
console.log(`load average at start ${loadavg()[0]!.toFixed(1)}`);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of variants) {
      const gcFile = join(tmpdir(), `bench-gc-ab-${process.pid}-${Date.now()}`);
      const server = await startAsNpmStart(variant.entry, { ...env, ...off, ...variant.env, BENCH_GC_FILE: gcFile }, [
        '--import',
        './bench/gc-observer.ts',
        ...variant.flags,
      ]);
      try {
        pinServer(server.pid);
        // Every variant answers (c) with the first one's data before its load.
        reference = (await checkSameAnswers(upstream, [{ name: variant.name, url: server.url }], [upcoming], { reference })).answers;
        const before = await gcTotals(server.pid, gcFile);
        const load = await serverLoad(server, upcoming[1], upstream.token, 16);
        const after = await gcTotals(server.pid, gcFile);
        const row = { cpu: micros(load), gc: (after[0] - before[0]) / (after[1] - before[1]), peak: peakRssMb(server.pid) };
        figures.get(variant.name)!.push(row);
        console.log(
          `round ${round + 1} ${variant.name}: ${row.cpu.toFixed(0)} µs, GC ${(row.gc * 100).toFixed(1)}%, peak ${row.peak.toFixed(0)} MB, ${load.errors} errors (load ${loadavg()[0]!.toFixed(1)})`,
        );
      } finally {
        await server.stop();
        rmSync(gcFile, { force: true });
      }
    }
  }
} finally {
  await upstream.stop();
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, rows] of figures) {
  const [cpu, gc, peak] = [median(rows.map((r) => r.cpu)), median(rows.map((r) => r.gc)), median(rows.map((r) => r.peak))];
  console.log(`median ${name}: ${cpu.toFixed(0)} µs, GC ${(gc * 100).toFixed(1)}%, peak ${peak.toFixed(0)} MB`);
}
console.log(`load average at end ${loadavg()[0]!.toFixed(1)}`);
