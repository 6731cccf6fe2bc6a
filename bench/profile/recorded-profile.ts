/**
 * The CPU profile of ours under (c) on the same bytes as BENCH_ONLY=cpu: one process as `npm start`
 * runs it (`WORKERS=1`, caches off) under `--cpu-prof`, over the recorded upstream (plain, 20 ms a
 * call), 16 connections of (c); prints the GC share both ways (the profile's "(garbage collector)"
 * samples of the busy time, and bench/gc-observer.ts's pauses over the event loop's busy time) and
 * the top self-time frames. Run after `npm run build`: `node bench/profile/recorded-profile.ts [a|b|c]`.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAsNpmStart } from '../npm-start.ts';
import { peerDocuments, RECORDED_MOVIE_ID, startRecordedUpstream } from '../peer-kit.ts';
import { type LoadFigures, serverLoad } from '../server-load.ts';
import { gcTotals } from '../gc-totals.ts';
import { summarise } from './cpuprofile-summary.ts';

const which = process.argv[2] ?? 'c';
const [operation, query] = (await peerDocuments(RECORDED_MOVIE_ID)).find(([name]) => name[1] === which)!;
const outdir = mkdtempSync(join(tmpdir(), 'recorded-profile-'));
const gcFile = join(outdir, 'gc');
const upstream = await startRecordedUpstream('plain');
const env = {
  CATALOG_BASE_URL: upstream.baseUrl,
  WORKERS: '1',
  CACHE_ENABLED: 'false',
  RESPONSE_CACHE_ENABLED: 'false',
  BENCH_GC_FILE: gcFile,
};
const ours = await startAsNpmStart('dist/index.js', env, ['--import', './bench/gc-observer.ts', '--cpu-prof', `--cpu-prof-dir=${outdir}`]);
const totals = () => gcTotals(ours.pid, gcFile);
let figures: LoadFigures;
let [before, after, from, to] = [[0, 0], [0, 0], 0, 0];
try {
  from = Number(process.hrtime.bigint() / 1000n);
  before = await totals();
  figures = await serverLoad(ours, query, upstream.token, 16);
  after = await totals();
  to = Number(process.hrtime.bigint() / 1000n);
} finally {
  await ours.stop();
  await upstream.stop();
}

const file = readdirSync(outdir).find((name) => name.endsWith('.cpuprofile'))!;
const { busy, byFunction, byPackage } = summarise(JSON.parse(readFileSync(join(outdir, file), 'utf8')), { from, to });
const pct = (micros: number) => `${((100 * micros) / busy).toFixed(1)}%`;
const gcSamples = byFunction.find(([name]) => name.startsWith('(garbage collector)'))?.[1] ?? 0;
console.log(
  `${operation}: ${figures.answers} answers in ${figures.seconds.toFixed(1)} s, ${((figures.cpuSeconds * 1e6) / figures.answers).toFixed(0)} µs CPU each (under the profiler); ${join(outdir, file)}`,
);
console.log(
  `GC: ${pct(gcSamples)} of the profile's busy time; the observer's pauses ${(((after[0]! - before[0]!) / (after[1]! - before[1]!)) * 100).toFixed(0)}% of the event loop's busy time`,
);
console.log('\nself time by package');
for (const [name, micros] of byPackage.slice(0, 15)) console.log(`${pct(micros).padStart(6)}  ${name}`);
console.log('\nself time by function');
for (const [name, micros] of byFunction.slice(0, 25)) console.log(`${pct(micros).padStart(6)}  ${name}`);
