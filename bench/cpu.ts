/**
 * BENCH_ONLY=cpu (issue 34): CPU per answer, latency under load and peak RSS of one gateway
 * process (`WORKERS=1`, dist/index.js as `npm start` runs it) against one Tailcall worker thread,
 * both over the same catalog (its own process, 20 ms per call), for the (a), (b) and (c)
 * documents; the floors of (a) with a static answer: bare graphql-yoga, graphql-js, graphql-jit, and graphql-jit whose resolver makes the upstream call;
 * and the floors of a hit of (a): bare `node:http` answering our hit's bytes, with and without the duties of a hit.
 * Peak RSS is read after each load, so the table shows where the peak is reached and what each load adds.
 * Every answer is checked for the same bytes before any load. Each figure stands beside its target.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { npmStartCommand, type ServerProcess, startAsNpmStart } from './npm-start.ts';
import { answerOf, type Catalog, checkSameAnswers, LATENCY_MS, peakRssMb, peerDocuments, rssMb, startCatalogProcess } from './peer-kit.ts';
import { startTailcall, stopPeer, TAILCALL_VERSION } from './peers/tailcall.ts';
import { tailcallCommand } from './peers/tailcall-install.ts';
import { type LoadFigures, loadGenerator, pinning, pinServer, SECONDS, serverLoad, WARM_SECONDS } from './server-load.ts';

const LIGHT = 16;
const HEAVY = 64;
const RSS_TARGET_MB = 120;
/**
 * Restated target 3 (docs/performance.md), since every Node floor alone peaks above 120 MB here:
 * under (a) alone, ours within this of the floor of a Node gateway under the same load; and what
 * the rest of the load adds to ours, no more than it adds to Tailcall's.
 */
const RSS_OVER_NODE_FLOOR = 1.25;
/** Restated for hits of (a), as issue 26 restated the hit path: CPU per hit within this of the duties floor's (≥ 0.8× its rate). */
const HIT_OVER_DUTIES_FLOOR = 1.25;

type Pair = [ServerProcess, ServerProcess];

async function startPair(catalog: Catalog, caches: boolean): Promise<Pair> {
  const ours = await startAsNpmStart('dist/index.js', {
    CATALOG_BASE_URL: catalog.baseUrl,
    CATALOG_ACCESS_TOKEN: catalog.token,
    WORKERS: '1',
    ...(caches ? {} : { CACHE_ENABLED: 'false', RESPONSE_CACHE_ENABLED: 'false' }),
  });
  const peer = await startTailcall(catalog.baseUrl, caches, 1);
  pinServer(ours.pid);
  pinServer(peer.pid);
  return [ours, { url: peer.url, pid: peer.pid, stop: () => stopPeer(peer) }];
}

/**
 * Ours at rest: its resident set once `/readiness` says ready (every schema built, the start's
 * garbage collected just after) and a second has passed, before any load.
 */
async function restRssMb(server: ServerProcess): Promise<number> {
  const readiness = new URL('/readiness', server.url);
  for (let attempt = 0; attempt < 100 && (await fetch(readiness)).status !== 200; attempt++) await sleep(100);
  await sleep(1_000);
  return rssMb(server.pid);
}

async function stopAll(servers: ServerProcess[]) {
  for (const server of servers) await server.stop();
}

/** NaN when nothing was answered: the cell then says so instead of showing a figure. */
const micros = (f: LoadFigures) => (f.answers > 0 ? (f.cpuSeconds * 1e6) / f.answers : Number.NaN);
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'no answer');
const withErrors = (text: string, f: LoadFigures) => (f.errors > 0 ? `${text} (${f.errors} errors of ${f.answers})` : text);
const verdict = (value: number, target: number) => (Number.isFinite(value) ? (value <= target ? 'met' : '**missed**') : 'not measured');
const ratio = (x: number, y: number) => (Number.isFinite(x / y) ? `${(x / y).toFixed(x / y < 10 ? 2 : 0)}×` : '—');
const ms = (f: LoadFigures) => (f.answers > 0 ? `${f.p50.toFixed(0)} ms` : 'no answer');

/**
 * One load per system and document, systems alternating within each document. `peaks` gets each
 * system's VmHWM after each load, in order: where in the sequence the peak was reached.
 */
async function loads(pair: Pair, documents: [string, string][], token: string, connections: number, peaks?: PeakAfter[]) {
  const figures = new Map<string, [LoadFigures, LoadFigures]>();
  for (const [operation, query] of documents) {
    const ours = await serverLoad(pair[0], query, token, connections);
    const tailcall = await serverLoad(pair[1], query, token, connections);
    figures.set(operation, [ours, tailcall]);
    peaks?.push({ load: `${operation.slice(0, 3)} at ${connections}`, mb: [peakRssMb(pair[0].pid), peakRssMb(pair[1].pid)] });
  }
  return figures;
}

interface PeakAfter {
  load: string;
  mb: [number, number];
}

async function floors(catalog: Catalog, configuration: [string, string], reference: Map<string, string>) {
  const rows: string[] = [];
  const cpu: number[] = [];
  const peak: number[] = [];
  for (const [name, entry, env] of [
    ['bare graphql-yoga, default settings (bench/bare-yoga.ts)', 'bench/bare-yoga.ts', {}],
    [
      '`node:http` + graphql-js `execute`, parsed and validated once (bench/floor-server.ts)',
      'bench/floor-server.ts',
      { FLOOR: 'graphql-js' },
    ],
    ['the same with graphql-jit `compileQuery`', 'bench/floor-server.ts', { FLOOR: 'graphql-jit' }],
    [
      'the same, its resolver making the upstream call of (a) (undici, keep-alive): the floor of a Node gateway',
      'bench/floor-server.ts',
      { FLOOR: 'graphql-jit-upstream' },
    ],
  ] as [string, string, Record<string, string>][]) {
    const server = await startAsNpmStart(entry, { CATALOG_BASE_URL: catalog.baseUrl, ...env });
    try {
      pinServer(server.pid);
      await checkSameAnswers(catalog, [{ name, url: server.url }], [configuration], { reference });
      const figures = await serverLoad(server, configuration[1], catalog.token, LIGHT);
      cpu.push(micros(figures));
      peak.push(peakRssMb(server.pid));
      rows.push(`| ${name} | ${withErrors(int(micros(figures)), figures)} | ${int(figures.rps)} | ${peak.at(-1)!.toFixed(0)} |`);
    } finally {
      await server.stop();
    }
  }
  // The floor of the stack the gateway must be built on: bare Yoga's static answer, plus what
  // the one upstream call adds to a Node server (with the call, less without it).
  const [bareYoga, , jit, jitWithCall] = cpu;
  return { rows, stackFloor: bareYoga! + jitWithCall! - jit!, floorPeaks: { bareYoga: peak[0]!, nodeGateway: peak[3]! } };
}

/**
 * The floors of a hit of (a), with our hit's own bytes (bench/profile/bytes-floor.ts): bare
 * `node:http` answering them, and the same doing by hand what every hit of ours must (a request
 * id, a key hashed over caller and body, the headers, a metric, the log line). Each row: name,
 * CPU µs per answer, req/s.
 */
async function hitFloors(hitBytes: Buffer, token: string, query: string): Promise<[string, number, number][]> {
  const folder = mkdtempSync(join(tmpdir(), 'hit-floor-'));
  const bodyFile = join(folder, 'answer.json');
  writeFileSync(bodyFile, hitBytes);
  const rows: [string, number, number][] = [];
  try {
    for (const [name, duties] of [
      ['bare `node:http` answering the same bytes (bench/profile/bytes-floor.ts)', '0'],
      ['the same, plus the duties of every hit by hand (`FLOOR_DUTIES=1`)', '1'],
    ] as const) {
      const server = await startAsNpmStart('bench/profile/bytes-floor.ts', { FLOOR_BODY_FILE: bodyFile, FLOOR_DUTIES: duties });
      try {
        pinServer(server.pid);
        const figures = await serverLoad(server, query, token, LIGHT);
        rows.push([name, micros(figures), figures.rps]);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}

export async function cpuFigures(): Promise<string[]> {
  const catalog = await startCatalogProcess();
  try {
    const documents = await peerDocuments();
    const names = ['ours', `Tailcall ${TAILCALL_VERSION}`];

    const off = await startPair(catalog, false);
    let checked: Awaited<ReturnType<typeof checkSameAnswers>>;
    let light: Map<string, [LoadFigures, LoadFigures]>;
    let heavy: Map<string, [LoadFigures, LoadFigures]>;
    let rest: number;
    const peaks: PeakAfter[] = [];
    try {
      rest = await restRssMb(off[0]);
      const targets = off.map((server, index) => ({ name: names[index]!, url: server.url }));
      checked = await checkSameAnswers(catalog, targets, documents);
      light = await loads(off, documents, catalog.token, LIGHT, peaks);
      heavy = await loads(off, documents, catalog.token, HEAVY, peaks);
    } finally {
      await stopAll(off);
    }

    const on = await startPair(catalog, true);
    let hits: Map<string, [LoadFigures, LoadFigures]>;
    let rssOn: number[];
    let hitBytes: Buffer;
    try {
      // Also the priming request: every later answer of these documents is a hit.
      const targets = on.map((server, index) => ({ name: names[index]!, url: server.url }));
      await checkSameAnswers(catalog, targets, documents, { reference: checked.answers });
      hits = await loads(on, documents, catalog.token, LIGHT);
      rssOn = on.map((server) => peakRssMb(server.pid));
      hitBytes = Buffer.from((await answerOf(on[0].url, documents[0]![1], catalog.token)).text);
    } finally {
      await stopAll(on);
    }
    const { rows: floorRows, stackFloor, floorPeaks } = await floors(catalog, documents[0]!, checked.answers);
    const hitFloorRows = await hitFloors(hitBytes, catalog.token, documents[0]![1]);
    const [oursA] = light.get(documents[0]![0])!;

    const table1 = documents.map(([operation]) => {
      const [ours, tailcall] = light.get(operation)!;
      const [oursHit, tailcallHit] = hits.get(operation)!;
      const computed = micros(ours) / micros(tailcall);
      const cached = micros(oursHit) / micros(tailcallHit);
      return `| ${operation} | ${withErrors(int(micros(ours)), ours)} | ${withErrors(int(micros(tailcall)), tailcall)} | **${ratio(micros(ours), micros(tailcall))}** ≤ 3×: ${verdict(computed, 3)} | ${withErrors(int(micros(oursHit)), oursHit)} | ${withErrors(int(micros(tailcallHit)), tailcallHit)} | **${ratio(micros(oursHit), micros(tailcallHit))}** ≤ 1×: ${verdict(cached, 1)} |`;
    });
    const table2 = documents.map(([operation]) => {
      const [ours, tailcall] = heavy.get(operation)!;
      const p50 = ours.answers > 0 && tailcall.answers > 0 ? ours.p50 / tailcall.p50 : Number.NaN;
      const target = operation.startsWith('(c)') ? ` ≤ 2×: ${verdict(p50, 2)}` : '';
      const cores = (f: LoadFigures) => (f.cpuSeconds / f.seconds).toFixed(2);
      return `| ${operation} | ${withErrors(int(ours.rps), ours)} | ${withErrors(int(tailcall.rps), tailcall)} | ${cores(ours)} | ${cores(tailcall)} | ${ms(ours)} | ${ms(tailcall)} | ${ratio(p50, 1)}${target} |`;
    });
    const calls = documents.map(([operation]) => `${operation} ${checked.calls.get(operation)!.join(' / ')}`);
    // VmHWM only grows: the peak through the whole caches-off load is the one read after its last load.
    const rssOff = peaks.at(-1)!.mb;
    const peakOurs = Math.max(rssOff[0], rssOn[0]!);
    const [underA] = peaks;
    const overNodeFloor = underA!.mb[0] / floorPeaks.nodeGateway;
    const added = [rssOff[0] - underA!.mb[0], rssOff[1] - underA!.mb[1]];
    const [oursHitA, tailcallHitA] = hits.get(documents[0]![0])!;
    const bareFloor = hitFloorRows[0]![1];
    const dutiesFloor = hitFloorRows[1]![1];
    return [
      `One gateway process, \`${npmStartCommand().text}\` with \`WORKERS=1\` (the start script's variables and node flags, read from package.json at each run; the compiled build as the entry), against Tailcall ${TAILCALL_VERSION} with 1 worker thread (bench/peers/tailcall.graphql, \`workers: 1\`; run with ${tailcallCommand().via}). One catalog in its own process, ${LATENCY_MS} ms on every call; every request carries the demo bearer token. Before any load, both answered every document with the same bytes, and so did each floor for (a).`,
      `Load: ${loadGenerator()}, ${WARM_SECONDS} s warm-up then ${SECONDS} s measured per cell, systems alternating per document; ${pinning().note}. CPU is utime + stime of the server process (all threads) from /proc/<pid>/stat over the measured ${SECONDS} s, divided by the answers served in them; non-2xx answers and answers with GraphQL errors count as answers and are shown as errors.`,
      '',
      `CPU µs per answer, ${LIGHT} connections (target: computed ≤ 3× Tailcall's, hits ≤ Tailcall's):`,
      '',
      `| op | ours, caches off | Tailcall, no @cache | ratio | ours, cached hit | Tailcall, @cache | ratio |`,
      '|---|---|---|---|---|---|---|',
      ...table1,
      '',
      `${HEAVY} connections, caches off (target: the (c) p50 ≤ 2× Tailcall's):`,
      '',
      '| op | ours req/s | Tailcall req/s | ours CPU (cores) | Tailcall CPU (cores) | ours p50 | Tailcall p50 | p50 ratio |',
      '|---|---|---|---|---|---|---|---|',
      ...table2,
      '',
      `- Peak RSS (VmHWM) through the whole (a)-(c) load: ours ${rssOff[0].toFixed(0)} MB caches off (${LIGHT} and ${HEAVY} connections), ${rssOn[0]!.toFixed(0)} MB cached; target ≤ ${RSS_TARGET_MB} MB: ${verdict(peakOurs, RSS_TARGET_MB)}; restated target below. Tailcall ${rssOff[1].toFixed(0)} MB without @cache, ${rssOn[1]!.toFixed(0)} MB with. Ours at rest, after start (once \`/readiness\` says ready), before any load: ${rest.toFixed(0)} MB.`,
      `- Peak RSS after each load in turn, caches off, ours / Tailcall (MB): ${peaks.map(({ load, mb }) => `${load} ${mb.map((v) => v.toFixed(0)).join(' / ')}`).join('; ')}. Under (a) alone at ${LIGHT} connections, ours ${underA!.mb[0].toFixed(0)} MB against the floor of a Node gateway's ${floorPeaks.nodeGateway.toFixed(0)} MB and bare graphql-yoga's ${floorPeaks.bareYoga.toFixed(0)} MB (the floors below, same load).`,
      `- Proposed restated target 3, caches off: under (a) alone, ≤ ${RSS_OVER_NODE_FLOOR}× the floor of a Node gateway: ${ratio(overNodeFloor, 1)}, ${verdict(overNodeFloor, RSS_OVER_NODE_FLOOR)}; and what the rest of the load adds, ≤ what it adds to Tailcall: ours ${added[0]!.toFixed(0)} MB, Tailcall ${added[1]!.toFixed(0)} MB, ${ratio(added[0]!, added[1]!)}, ${verdict(added[0]! / added[1]!, 1)}.`,
      `- Upstream calls per query, caches off, ours / Tailcall: ${calls.join('; ')} (target: ours unchanged, 1 / 1 / 21).`,
      '',
      `Floors for (a), a static answer and no upstream (the last one: with the upstream call), measured the same way (${LIGHT} connections, started with the same variables and node flags):`,
      '',
      '| floor | CPU µs per answer | req/s | peak RSS MB |',
      '|---|---|---|---|',
      ...floorRows,
      '',
      `- The floor of the stack itself for (a), bare graphql-yoga plus the one upstream call (the first floor, plus the last less the one before it): ${int(stackFloor)} µs; ours ${int(micros(oursA))} µs, ${ratio(micros(oursA), stackFloor)} (proposed restated target 1 for (a): ≤ 1×: ${verdict(micros(oursA) / stackFloor, 1)}).`,
      '',
      `Floors for a hit of (a), answering our hit's own bytes (${hitBytes.length} B), measured the same way:`,
      '',
      '| floor | CPU µs per answer | req/s |',
      '|---|---|---|',
      ...hitFloorRows.map(([name, cpu, rps]) => `| ${name} | ${int(cpu)} | ${int(rps)} |`),
      '',
      `- Ours per hit of (a): ${int(micros(oursHitA))} µs, ${ratio(micros(oursHitA), dutiesFloor)} the duties floor (restated hit target, issue 26's: ≤ ${HIT_OVER_DUTIES_FLOOR}× that floor, i.e. ≥ 0.8× its rate: ${verdict(micros(oursHitA) / dutiesFloor, HIT_OVER_DUTIES_FLOOR)}). Tailcall's hit, ${int(micros(tailcallHitA))} µs, is ${ratio(micros(tailcallHitA), bareFloor)} bare \`node:http\`'s answering the same bytes.`,
      `- On ${availableParallelism()} cores the load generator, the catalog and the server compete: the CPU per answer is the figure that holds; req/s and p50 are only comparable within one run.`,
    ];
  } finally {
    await catalog.stop();
  }
}
