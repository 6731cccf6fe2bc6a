/**
 * The floors of BENCH_ONLY=cpu, measured in the same run as ours and over the same upstream: what
 * the stack itself costs for (a) (bare graphql-yoga with a static answer, and with the one
 * upstream call of (a); `node:http` + graphql-js; + graphql-jit; + its call), ours without the
 * plain path, and what a hit of (a) costs bare `node:http` answering our hit's own bytes, with and
 * without the duties of a hit. Every floor answers (a) with the same data as ours before its load.
 * Two floors answer (c) too, making ours' upstream calls over the same upstream, with the GC
 * observer ours runs with: what GC share and peak memory a large answer costs the stack itself.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gcTotals } from './gc-totals.ts';
import { startAsNpmStart } from './npm-start.ts';
import { type Catalog, checkSameAnswers, peakRssMb, type RecordedUpstream, rssMb, type UpstreamStats } from './peer-kit.ts';
import { type LoadFigures, pinServer, serverLoad } from './server-load.ts';

export interface Floor {
  name: string;
  figures: LoadFigures;
  peakMb: number;
  /** Resident set once started and idle a second, before any load. */
  restMb: number;
  /** VmHWM at that moment: what starting alone peaked at. */
  startPeakMb: number;
  /** The (c) floors only: GC pauses over busy time through the load, and what the upstream served per answer. */
  gcShare?: number;
  served?: UpstreamStats;
  /** What the upstream served through the whole load (warm-up included). */
  underLoad?: UpstreamStats;
}

/** NaN when nothing was answered: the cell then says so instead of showing a figure. */
export const micros = (f: LoadFigures) => (f.answers > 0 ? (f.cpuSeconds * 1e6) / f.answers : Number.NaN);

async function measured(
  name: string,
  entry: string,
  env: Record<string, string>,
  check: (url: string) => Promise<unknown>,
  query: string,
  token: string,
  connections: number,
): Promise<Floor> {
  const gcFile = join(tmpdir(), `bench-floor-gc-${process.pid}-${Date.now()}`);
  // Every floor runs with ours' GC observer (bench/gc-observer.ts); only the (c) floors read it.
  const server = await startAsNpmStart(entry, { ...env, BENCH_GC_FILE: gcFile }, ['--import', './bench/gc-observer.ts']);
  try {
    pinServer(server.pid);
    await sleep(1_000);
    const restMb = rssMb(server.pid);
    const startPeakMb = peakRssMb(server.pid);
    await check(server.url);
    const before = await gcTotals(server.pid, gcFile);
    const figures = await serverLoad(server, query, token, connections);
    const after = await gcTotals(server.pid, gcFile);
    return { name, figures, peakMb: peakRssMb(server.pid), restMb, startPeakMb, gcShare: (after[0] - before[0]) / (after[1] - before[1]) };
  } finally {
    await server.stop();
    rmSync(gcFile, { force: true });
  }
}

export const FLOOR_NAMES = {
  bareYoga: 'bare graphql-yoga, default settings, a static answer (bench/bare-yoga.ts)',
  yogaWithCall:
    'bare graphql-yoga whose resolver makes the one upstream call of (a) (bench/profile/yoga-proxy.ts): the floor of a gateway on Yoga',
  graphqlJs: '`node:http` + graphql-js `execute`, parsed and validated once, a static answer (bench/floor-server.ts)',
  jit: 'the same with graphql-jit `compileQuery`',
  jitWithCall: 'the same, its resolver making the upstream call of (a) (undici, keep-alive): the floor of a Node gateway',
} as const;

/** The floors of (a), caches off, over `upstream`; `reference` holds ours' answers. */
export async function stackFloors(upstream: Catalog, configuration: [string, string], reference: Map<string, string>, connections: number) {
  const floors: Floor[] = [];
  // The static floors answer the upstream's own configuration (bench/static-configuration.ts).
  const staticConfiguration = await (
    await fetch(`${upstream.baseUrl}/configuration`, { headers: { authorization: `Bearer ${upstream.token}` } })
  ).text();
  const base = { CATALOG_BASE_URL: upstream.baseUrl, CATALOG_ACCESS_TOKEN: upstream.token, STATIC_CONFIGURATION: staticConfiguration };
  for (const [key, entry, env] of [
    ['bareYoga', 'bench/bare-yoga.ts', {}],
    ['yogaWithCall', 'bench/profile/yoga-proxy.ts', {}],
    ['graphqlJs', 'bench/floor-server.ts', { FLOOR: 'graphql-js' }],
    ['jit', 'bench/floor-server.ts', { FLOOR: 'graphql-jit' }],
    ['jitWithCall', 'bench/floor-server.ts', { FLOOR: 'graphql-jit-upstream' }],
  ] as [keyof typeof FLOOR_NAMES, string, Record<string, string>][]) {
    const name = FLOOR_NAMES[key];
    const check = (url: string) => checkSameAnswers(upstream, [{ name, url }], [configuration], { reference });
    floors.push(await measured(name, entry, { ...base, ...env }, check, configuration[1], upstream.token, connections));
  }
  const byName = (key: keyof typeof FLOOR_NAMES) => floors.find((f) => f.name === FLOOR_NAMES[key])!;
  return { floors, byName };
}

export const UPCOMING_FLOOR_NAMES = {
  yoga: "bare graphql-yoga whose resolvers make ours' 21 upstream calls of (c), shared in flight as ours shares them (bench/profile/yoga-proxy.ts)",
  graphqlJs: '`node:http` + graphql-js `execute` + undici making them (bench/floor-server.ts, `FLOOR=graphql-js-upstream`)',
} as const;

/**
 * The floors of (c), caches off, over `upstream`, each answering (c) with ours' data before its
 * load; the upstream's count of one answer's calls and bytes goes beside each.
 */
export async function upcomingFloors(
  upstream: RecordedUpstream,
  upcoming: [string, string],
  reference: Map<string, string>,
  connections: number,
) {
  const floors: Floor[] = [];
  const base = { CATALOG_BASE_URL: upstream.baseUrl, CATALOG_ACCESS_TOKEN: upstream.token };
  for (const [name, entry, env] of [
    [UPCOMING_FLOOR_NAMES.yoga, 'bench/profile/yoga-proxy.ts', {}],
    [UPCOMING_FLOOR_NAMES.graphqlJs, 'bench/floor-server.ts', { FLOOR: 'graphql-js-upstream' }],
  ] as [string, string, Record<string, string>][]) {
    let served: UpstreamStats | undefined;
    const check = async (url: string) => {
      served = (await checkSameAnswers(upstream, [{ name, url }], [upcoming], { reference })).upstream.get(upcoming[0])?.[0];
      await upstream.reset();
    };
    const floor = await measured(name, entry, { ...base, ...env }, check, upcoming[1], upstream.token, connections);
    floors.push({ ...floor, served, underLoad: await upstream.stats() });
  }
  return floors;
}

/**
 * The floors of a hit of (a), with our hit's own bytes (bench/profile/bytes-floor.ts): bare
 * `node:http` answering them, and the same doing by hand what every hit of ours must (a request
 * id, a key hashed over caller and body, the headers, a metric, the log line).
 */
export async function hitFloors(hitBytes: Buffer, token: string, query: string, connections: number): Promise<Floor[]> {
  const folder = mkdtempSync(join(tmpdir(), 'hit-floor-'));
  const bodyFile = join(folder, 'answer.json');
  writeFileSync(bodyFile, hitBytes);
  const floors: Floor[] = [];
  try {
    for (const [name, duties] of [
      ['bare `node:http` answering our hit’s bytes (bench/profile/bytes-floor.ts)', '0'],
      ['the same, plus the duties of every hit by hand (`FLOOR_DUTIES=1`)', '1'],
    ] as const) {
      const env = { FLOOR_BODY_FILE: bodyFile, FLOOR_DUTIES: duties };
      floors.push(await measured(name, 'bench/profile/bytes-floor.ts', env, async () => {}, query, token, connections));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return floors;
}
