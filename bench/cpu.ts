/**
 * BENCH_ONLY=cpu (issue 44, point 4): CPU per answer of one gateway process (`WORKERS=1`,
 * dist/index.js as `npm start` runs it, caches off) against one Tailcall worker thread, on the same
 * bytes: both over one upstream serving the real service's recorded answers (bench/recorded-upstream.ts),
 * 20 ms a call, plain to both; then compressed (gzip) for whoever asks. Beside them, in the same run:
 * hits (caches on), the GC share of ours under (c), ours' peak and resting RSS, and the floors
 * (bench/cpu-floors.ts). Every answer is checked for the same data before any load, so a system
 * answering errors is caught, never measured. The tables and each target: bench/cpu-report.ts.
 * BENCH_CPU_UPSTREAM=catalog runs the same over the embedded catalog (its invented, smaller answers).
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hitFloors, micros, stackFloors, upcomingFloors } from './cpu-floors.ts';
import { gcTotals } from './gc-totals.ts';
import { type ABeside, type CpuRun, cpuReport, type Measured, type SystemRun } from './cpu-report.ts';
import { type ServerProcess, startAsNpmStart } from './npm-start.ts';
import {
  answerOf,
  type Catalog,
  checkSameAnswers,
  peakRssMb,
  peerDocuments,
  RECORDED_MOVIE_ID,
  type RecordedUpstream,
  rssMb,
  startCatalogProcess,
  startRecordedUpstream,
} from './peer-kit.ts';
import { startTailcall, stopPeer, TAILCALL_VERSION } from './peers/tailcall.ts';
import { tailcallOrMissing } from './peers/tailcall-install.ts';
import { pinServer, serverLoad } from './server-load.ts';

const CONNECTIONS = 16;
/** Alternating rounds of the cached loads (hits), of which each cell shows the median. */
const HIT_ROUNDS = Number(process.env.BENCH_CPU_HIT_ROUNDS ?? 3);
/** Alternating rounds of (a) caches off beside its floor (aBesideItsFloor). */
const A_ROUNDS = Number(process.env.BENCH_CPU_A_ROUNDS ?? 3);
const ON_CATALOG = process.env.BENCH_CPU_UPSTREAM === 'catalog';

interface Server extends ServerProcess {
  /** Where ours' GC observer (bench/gc-observer.ts) writes its total; only ours has one. */
  gcFile?: string;
}

async function startUpstream(compression: 'plain' | 'gzip'): Promise<Catalog> {
  if (!ON_CATALOG) return startRecordedUpstream(compression);
  return startCatalogProcess({ CATALOG_COMPRESSION: compression === 'gzip' ? 'true' : 'false' });
}

async function startOurs(upstream: Catalog, caches: boolean): Promise<Server> {
  const gcFile = join(tmpdir(), `bench-gc-${process.pid}-${Date.now()}`);
  const server = await startAsNpmStart(
    'dist/index.js',
    {
      CATALOG_BASE_URL: upstream.baseUrl,
      CATALOG_ACCESS_TOKEN: upstream.token,
      WORKERS: '1',
      BENCH_GC_FILE: gcFile,
      ...(caches ? {} : { CACHE_ENABLED: 'false', RESPONSE_CACHE_ENABLED: 'false' }),
    },
    ['--import', './bench/gc-observer.ts'],
  );
  pinServer(server.pid);
  return { ...server, gcFile };
}

async function startPeer(upstream: Catalog, caches: boolean): Promise<Server | undefined> {
  if ('missing' in tailcallOrMissing()) return undefined;
  const peer = await startTailcall(upstream.baseUrl, caches, 1);
  pinServer(peer.pid);
  return { url: peer.url, pid: peer.pid, stop: () => stopPeer(peer) };
}

/** One load; for ours also its GC pauses and busy time over the whole load (warm-up included). */
async function measure(server: Server, query: string, upstream: Catalog): Promise<Measured> {
  const recorded = 'stats' in upstream ? (upstream as RecordedUpstream) : undefined;
  await recorded?.reset();
  const before = server.gcFile ? await gcTotals(server.pid, server.gcFile) : undefined;
  const figures = await serverLoad(server, query, upstream.token, CONNECTIONS);
  const after = server.gcFile ? await gcTotals(server.pid, server.gcFile) : undefined;
  const gc = before && after ? { gcMs: after[0] - before[0], busyMs: after[1] - before[1] } : undefined;
  return { figures, gc, upstream: await recorded?.stats() };
}

/** Ours and the peer up, checked for the same data (against `reference` when given), then loaded in turn per document. */
async function pairRun(upstream: Catalog, caches: boolean, documents: [string, string][], reference?: Map<string, string>) {
  const ours = await startOurs(upstream, caches);
  const peer = await startPeer(upstream, caches);
  const servers = peer ? [ours, peer] : [ours];
  try {
    const restMb = caches ? Number.NaN : await restRssMb(ours);
    // VmHWM at rest: what starting alone peaked at, before any load (schema building, module loading).
    const startPeakMb = caches ? Number.NaN : peakRssMb(ours.pid);
    const names = ['ours', `Tailcall ${TAILCALL_VERSION}`];
    const targets = servers.map((server, index) => ({ name: names[index]!, url: server.url }));
    const checked = await checkSameAnswers(upstream, targets, documents, { reference });
    const runs: SystemRun[] = servers.map(() => ({ loads: new Map(), peakMb: 0 }));
    // A hit costs tens of µs, and one 5 s cell of ours moved by a third between rounds of one
    // process while Tailcall's held (docs/performance.md): hits take the median of alternating rounds.
    const rounds: Measured[][][] = servers.map(() => documents.map(() => []));
    for (let round = 0; round < (caches ? HIT_ROUNDS : 1); round++) {
      for (const [document, [, query]] of documents.entries()) {
        for (const [index, server] of servers.entries()) rounds[index]![document]!.push(await measure(server, query, upstream));
      }
    }
    for (const [index, run] of runs.entries()) {
      for (const [document, [operation]] of documents.entries()) run.loads.set(operation, medianLoad(rounds[index]![document]!));
    }
    servers.forEach((server, index) => void (runs[index]!.peakMb = peakRssMb(server.pid)));
    const hitBytes = caches ? Buffer.from((await answerOf(ours.url, documents[0]![1], upstream.token)).text) : undefined;
    return { ours: runs[0]!, peer: runs[1], restMb, startPeakMb, checked, hitBytes };
  } finally {
    for (const server of servers) await server.stop();
    rmSync(ours.gcFile!, { force: true });
  }
}

/** The load whose CPU per answer is the median of the rounds' (the upper one of an even count). */
function medianLoad(loads: Measured[]): Measured {
  const perAnswer = (load: Measured) => load.figures.cpuSeconds / load.figures.answers;
  return [...loads].sort((a, b) => perAnswer(a) - perAnswer(b))[Math.floor(loads.length / 2)]!;
}

/**
 * (a) caches off beside the floor of bare Yoga plus its one call, both up at once and loaded in
 * alternating rounds: the target's ratio is taken within each round and the median reported.
 * Measured minutes apart, as the floors are, the floor alone moved by a third between runs.
 */
async function aBesideItsFloor(upstream: Catalog, query: string): Promise<ABeside> {
  const ours = await startOurs(upstream, false);
  const gcFile = join(tmpdir(), `bench-floor-gc-${process.pid}-${Date.now()}`);
  const env = { CATALOG_BASE_URL: upstream.baseUrl, CATALOG_ACCESS_TOKEN: upstream.token, BENCH_GC_FILE: gcFile };
  const floor = await startAsNpmStart('bench/profile/yoga-proxy.ts', env, ['--import', './bench/gc-observer.ts']);
  pinServer(floor.pid);
  const beside: ABeside = { ours: [], floor: [], ratios: [] };
  try {
    for (let round = 0; round < A_ROUNDS; round++) {
      const oursMicros = micros(await serverLoad(ours, query, upstream.token, CONNECTIONS));
      const floorMicros = micros(await serverLoad(floor, query, upstream.token, CONNECTIONS));
      beside.ours.push(oursMicros);
      beside.floor.push(floorMicros);
      beside.ratios.push(oursMicros / floorMicros);
    }
    return beside;
  } finally {
    await ours.stop();
    await floor.stop();
    rmSync(ours.gcFile!, { force: true });
    rmSync(gcFile, { force: true });
  }
}

/** Ours at rest: its resident set once `/readiness` says ready and a second has passed, before any load. */
async function restRssMb(server: ServerProcess): Promise<number> {
  const readiness = new URL('/readiness', server.url);
  for (let attempt = 0; attempt < 100 && (await fetch(readiness)).status !== 200; attempt++) await sleep(100);
  await sleep(1_000);
  return rssMb(server.pid);
}

export async function cpuFigures(): Promise<string[]> {
  const tailcall = tailcallOrMissing();
  const documents = await peerDocuments(ON_CATALOG ? undefined : RECORDED_MOVIE_ID);
  const configuration = documents[0]!;
  let upstream = await startUpstream('plain');
  let run: CpuRun;
  try {
    const off = await pairRun(upstream, false, documents);
    const on = await pairRun(upstream, true, documents, off.checked.answers);
    const { floors, byName } = await stackFloors(upstream, configuration, off.checked.answers, CONNECTIONS);
    const aBeside = await aBesideItsFloor(upstream, configuration[1]);
    const hits = await hitFloors(on.hitBytes!, upstream.token, configuration[1], CONNECTIONS);
    // The (c) floors need the recorded upstream's real sizes; the catalog's answers differ in shape.
    const upcoming = ON_CATALOG ? [] : await upcomingFloors(upstream as RecordedUpstream, documents[2]!, off.checked.answers, CONNECTIONS);
    run = {
      documents,
      off,
      on,
      floors,
      byName,
      hitFloors: hits,
      upcomingFloors: upcoming,
      tailcall,
      onCatalog: ON_CATALOG,
      connections: CONNECTIONS,
      hitRounds: HIT_ROUNDS,
      aBeside,
    };
  } finally {
    await upstream.stop();
  }
  upstream = await startUpstream('gzip');
  try {
    run.gzip = await pairRun(upstream, false, documents, run.off.checked.answers);
  } finally {
    await upstream.stop();
  }
  return cpuReport(run);
}
