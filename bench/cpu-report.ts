/**
 * The tables of BENCH_ONLY=cpu (bench/cpu.ts) and issue 44's targets, each said met, not met, or
 * below a floor measured in the same run (a target no gateway on this stack can reach).
 */
import { availableParallelism, loadavg } from 'node:os';
import { type Floor, type FLOOR_NAMES, micros } from './cpu-floors.ts';
import { npmStartCommand } from './npm-start.ts';
import { LATENCY_MS, type UpstreamStats } from './peer-kit.ts';
import { median } from './profile/lib.ts';
import { type Command, TAILCALL_VERSION } from './peers/tailcall-install.ts';
import { type LoadFigures, loadGenerator, pinning, SECONDS, WARM_SECONDS } from './server-load.ts';

/**
 * Upstream calls per answer through a load: the calls of the whole load (warm-up included) over
 * the answers it would have served at its measured rate. Below one request's calls when
 * concurrent requests share identical calls in flight (ours does, caches off too, and so do the floors of (c)).
 */
const callsPerAnswer = (stats: UpstreamStats | undefined, figures: LoadFigures) =>
  stats ? (stats.calls / (figures.rps * (WARM_SECONDS + SECONDS))).toFixed(1) : '—';

export interface Measured {
  figures: LoadFigures;
  /** Ours only: ms of GC pauses and of the event loop's busy time (both wall clock, main thread) over the load. */
  gc?: { gcMs: number; busyMs: number };
  /** The recorded upstream's counts over the load (warm-up included). */
  upstream?: UpstreamStats;
}

export interface SystemRun {
  loads: Map<string, Measured>;
  /** VmHWM after the last load: the peak through all of them. */
  peakMb: number;
}

interface PairRun {
  ours: SystemRun;
  peer?: SystemRun;
  restMb: number;
  /** VmHWM when at rest: the peak of starting alone. */
  startPeakMb: number;
  checked: { calls: Map<string, number[]>; upstream: Map<string, UpstreamStats[]>; answers: Map<string, string> };
}

export interface CpuRun {
  documents: [string, string][];
  off: PairRun;
  on: PairRun;
  gzip?: PairRun;
  floors: Floor[];
  byName: (key: keyof typeof FLOOR_NAMES) => Floor;
  hitFloors: Floor[];
  /** The floors of (c) (bench/cpu-floors.ts upcomingFloors), the Yoga one first; none over the catalog. */
  upcomingFloors: Floor[];
  tailcall: Command | { missing: string };
  onCatalog: boolean;
  connections: number;
  /** Alternating rounds of the cached loads; each hit cell is their median. */
  hitRounds: number;
  /** (a) caches off beside the floor of bare Yoga plus its call, in alternating rounds (CPU µs per answer). */
  aBeside: ABeside;
}

export interface ABeside {
  ours: number[];
  floor: number[];
  /** Ours over the floor, within each round. */
  ratios: number[];
}

const TARGETS = { computed: 3, aOverFloor: 1.1, gcShare: 0.15, hit: 1, hitA: 1.5, peakMb: 160, restMb: 90 };

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 0)}×` : '—');
const percent = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)}%` : '—');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const cpu = (m: Measured | undefined) => (m ? micros(m.figures) : Number.NaN);
const cell = (m: Measured | undefined) =>
  !m ? '—' : m.figures.errors > 0 ? `${int(cpu(m))} (${m.figures.errors} errors of ${m.figures.answers})` : int(cpu(m));

/**
 * met / not met; `below a floor` when the target asks for less than a floor measured in this run
 * (`floor.value` in the target's unit, `floor.text` says what it is).
 */
function verdict(value: number, target: number, floor?: { text: string; value: number }): string {
  if (floor && target < floor.value) return `**below a floor**: ${floor.text}`;
  if (!Number.isFinite(value)) return 'not measured';
  return value <= target ? 'met' : '**not met**';
}

export function cpuReport(run: CpuRun): string[] {
  const { documents, off, on, gzip } = run;
  const names = documents.map(([operation]) => operation);
  const [a, b, c] = names as [string, string, string];
  const missing = 'missing' in run.tailcall ? run.tailcall.missing : undefined;
  const answerKb = (operation: string) => kb(Buffer.byteLength(off.checked.answers.get(operation) ?? ''));
  const served = (operation: string) =>
    (off.checked.upstream.get(operation) ?? []).map((s) => `${s.calls} / ${kb(s.bytes)}`).join(' · ') ||
    (off.checked.calls.get(operation) ?? []).join(' · ');

  // A hit can cost no less than bare `node:http` answering our hit of (a)'s bytes (larger answers cost more);
  // a hit of (a) no less than that server doing, by hand, the duties every hit keeps (request id,
  // key, headers, metric, log line), when measured.
  const hitFloor = micros(run.hitFloors[0]!.figures);
  const dutiesFloor = run.hitFloors[1] ? micros(run.hitFloors[1].figures) : undefined;
  const table = names.map((operation) => {
    const [ours, peer] = [off.ours.loads.get(operation), off.peer?.loads.get(operation)];
    const [oursHit, peerHit] = [on.ours.loads.get(operation), on.peer?.loads.get(operation)];
    const ratio = cpu(ours) / cpu(peer);
    const hitRatio = cpu(oursHit) / cpu(peerHit);
    const hitTarget = operation === a ? TARGETS.hitA : TARGETS.hit;
    const computed = operation === a ? '' : ` ≤ ${TARGETS.computed}×: ${verdict(ratio, TARGETS.computed)}`;
    const floor =
      operation === a && dutiesFloor !== undefined
        ? {
            text: `bare \`node:http\` with every hit's duties by hand, answering our hit of (a), ${int(dutiesFloor)} µs (${times(dutiesFloor / cpu(peerHit))} Tailcall's; ours ${times(cpu(oursHit) / dutiesFloor)} it)`,
            value: dutiesFloor / cpu(peerHit),
          }
        : { text: `bare \`node:http\` answering our hit of (a), ${int(hitFloor)} µs`, value: hitFloor / cpu(peerHit) };
    return `| ${operation} | ${answerKb(operation)} | ${served(operation)} | ${cell(ours)} | ${cell(peer)} | **${times(ratio)}**${computed} | ${cell(oursHit)} | ${cell(peerHit)} | **${times(hitRatio)}** ≤ ${hitTarget}×: ${verdict(hitRatio, hitTarget, floor)} |`;
  });

  const gcShareOf = (operation: string) => {
    const g = off.ours.loads.get(operation)?.gc;
    return g ? g.gcMs / g.busyMs : Number.NaN;
  };
  const gcShare = gcShareOf(c);
  const yogaWithCall = run.byName('yogaWithCall');
  const bareYoga = run.byName('bareYoga');
  const aRatio = run.aBeside.ratios.length > 0 ? median(run.aBeside.ratios) : Number.NaN;
  const aRounds = run.aBeside.ours.map((ours, round) => `${int(ours)} / ${int(run.aBeside.floor[round]!)} µs`).join(', ');
  const peak = Math.max(off.ours.peakMb, on.ours.peakMb, gzip?.ours.peakMb ?? 0);
  const [yogaC, nodeC] = run.upcomingFloors;
  const oursC = off.ours.loads.get(c);
  // Ours is built on Yoga: the Yoga floor is the one a target below it cannot be met above.
  const gcFloor = yogaC && { text: `bare graphql-yoga under (c), ${percent(yogaC.gcShare!)}`, value: yogaC.gcShare! };
  const peakFloor = yogaC
    ? { text: `bare graphql-yoga under (c), ${int(yogaC.peakMb)} MB`, value: yogaC.peakMb }
    : { text: `bare graphql-yoga under (a) alone, ${int(bareYoga.peakMb)} MB`, value: bareYoga.peakMb };
  const besideC = (pick: (f: Floor) => string) =>
    run.upcomingFloors.length ? ` (floors under (c): bare graphql-yoga ${pick(yogaC!)}, \`node:http\` + graphql-js ${pick(nodeC!)})` : '';

  const gzipTable = gzip
    ? names.map((operation) => {
        const [ours, peer] = [gzip.ours.loads.get(operation), gzip.peer?.loads.get(operation)];
        const share = (m: Measured | undefined) => (m?.upstream ? `${percent(m.upstream.gzipped / m.upstream.calls)}` : '—');
        return `| ${operation} | ${cell(ours)} | ${cell(peer)} | **${times(cpu(ours) / cpu(peer))}** | ${share(ours)} / ${share(peer)} |`;
      })
    : [];
  const opened = (run: SystemRun | undefined, operation: string) => run?.loads.get(operation)?.upstream?.connections ?? '—';

  const targets = [
    `- (a) ≤ ${TARGETS.aOverFloor}× the floor of bare Yoga plus its one upstream call: ${times(aRatio)}, ${verdict(aRatio, TARGETS.aOverFloor)} (both up at once, loaded in ${run.aBeside.ratios.length} alternating rounds, the median of the rounds' ratios; ours / the floor: ${aRounds}; measured apart, as in the tables: ${int(cpu(off.ours.loads.get(a)))} / ${int(micros(yogaWithCall.figures))} µs).`,
    `- (b) and (c) ≤ ${TARGETS.computed}× Tailcall's CPU per answer: ${times(cpu(off.ours.loads.get(b)) / cpu(off.peer?.loads.get(b)))}, ${verdict(cpu(off.ours.loads.get(b)) / cpu(off.peer?.loads.get(b)), TARGETS.computed)}; ${times(cpu(off.ours.loads.get(c)) / cpu(off.peer?.loads.get(c)))}, ${verdict(cpu(off.ours.loads.get(c)) / cpu(off.peer?.loads.get(c)), TARGETS.computed)}.`,
    `- GC ≤ ${percent(TARGETS.gcShare)} of CPU under (c) (pauses over the main thread's busy time): ${percent(gcShare)}, ${verdict(gcShare, TARGETS.gcShare, gcFloor)}${besideC((f) => percent(f.gcShare!))}.`,
    `- Hits ≤ Tailcall's for (b) and (c), ≤ ${TARGETS.hitA}× for (a): in the table's last column.`,
    `- Peak RSS of one process ≤ ${TARGETS.peakMb} MB through the whole load: ${int(peak)} MB, ${verdict(peak, TARGETS.peakMb, peakFloor)}${besideC((f) => `${int(f.peakMb)} MB`)}; under (a) alone the floor of a Node gateway peaked at ${int(run.byName('jitWithCall').peakMb)} MB, bare graphql-yoga at ${int(bareYoga.peakMb)} MB.`,
    `- At rest after start ≤ ${TARGETS.restMb} MB: ${int(off.restMb)} MB, ${verdict(off.restMb, TARGETS.restMb, { text: `bare graphql-yoga at rest, ${int(bareYoga.restMb)} MB`, value: bareYoga.restMb })}.`,
  ];

  return [
    `One gateway process, \`${npmStartCommand().text}\` with \`WORKERS=1\`, caches off (\`CACHE_ENABLED=false RESPONSE_CACHE_ENABLED=false\`; the start script's variables and node flags, read from package.json at each run, the compiled build as the entry, and \`--import ./bench/gc-observer.ts\`), against Tailcall ${TAILCALL_VERSION} with 1 worker thread, no @cache and no HTTP cache (bench/peers/tailcall.graphql, \`workers: 1\`${'missing' in run.tailcall ? '' : `; run with ${run.tailcall.via}`}).`,
    run.onCatalog
      ? `Upstream: the embedded catalog in its own process (\`BENCH_CPU_UPSTREAM=catalog\`), ${LATENCY_MS} ms a call, plain.`
      : `Upstream: one process serving the real service's recorded answers (bench/recorded-upstream.ts, from test/contract: Fight Club's details, credits, images, reviews, a real configuration and upcoming page), ${LATENCY_MS} ms a call, plain to both (Tailcall sends no Accept-Encoding; ours asks gzip and is not given it). Both hit that one upstream.`,
    `Load: ${loadGenerator()}, ${run.connections} connections, ${WARM_SECONDS} s warm-up then ${SECONDS} s measured per cell, systems alternating per document (the cached loads, hits, in ${run.hitRounds} such rounds, each cell the round of median CPU per answer); ${pinning().note}. CPU is utime + stime of the server process (all threads) from /proc/<pid>/stat over the measured ${SECONDS} s, divided by the answers served in them. Before any load, both answered every document with the same data (and each floor (a)): a system answering errors stops the run.`,
    ...(missing ? ['', `**${missing}**`] : []),
    '',
    `CPU µs per answer (upstream, per answer of one request: calls / bytes, ours · Tailcall):`,
    '',
    '| op | answer | upstream | ours, caches off | Tailcall | ratio | ours, hit | Tailcall, @cache hit | ratio |',
    '|---|---|---|---|---|---|---|---|---|',
    ...table,
    '',
    `- GC share of ours, caches off: the main thread's GC pauses (perf_hooks \`gc\` entries) over its busy time (the event loop's utilisation), through each whole load: ${names.map((operation) => `${operation.slice(0, 3)} ${percent(gcShareOf(operation))}`).join(', ')}.`,
    `- Peak RSS (VmHWM) of ours: ${int(off.ours.peakMb)} MB through the (a)-(c) loads caches off, ${int(on.ours.peakMb)} MB cached${gzip ? `, ${int(gzip.ours.peakMb)} MB with gzip from the upstream` : ''}; at rest after start (\`/readiness\` ready, a second idle): ${int(off.restMb)} MB, having peaked at ${int(off.startPeakMb)} MB while starting. Tailcall: ${int(off.peer?.peakMb ?? Number.NaN)} MB caches off, ${int(on.peer?.peakMb ?? Number.NaN)} MB with @cache.`,
    `- Upstream connections opened during each caches-off load (${WARM_SECONDS + SECONDS} s), ours / Tailcall: ${names.map((operation) => `${operation.slice(0, 3)} ${opened(off.ours, operation)} / ${opened(off.peer, operation)}`).join('; ')}.`,
    ...(gzip
      ? [
          '',
          'The upstream compressing (gzip) for whoever asks (ours asks `br, gzip`; Tailcall asks nothing and gets plain bodies), caches off:',
          '',
          '| op | ours | Tailcall | ratio | upstream answers gzipped, ours / Tailcall |',
          '|---|---|---|---|---|',
          ...gzipTable,
        ]
      : []),
    '',
    `Floors of (a), over the same upstream, measured the same way (${run.connections} connections, the start script's variables and node flags):`,
    '',
    '| floor | CPU µs per answer | req/s | RSS at rest MB | peak RSS MB |',
    '|---|---|---|---|---|',
    ...run.floors.map((f) => `| ${f.name} | ${int(micros(f.figures))} | ${int(f.figures.rps)} | ${int(f.restMb)} | ${int(f.peakMb)} |`),
    ...(run.upcomingFloors.length
      ? [
          '',
          `Floors of (c), over the same upstream, the same way and with ours' GC observer (each checked first for ours' data of (c); upstream per answer: calls / bytes); ours beside them. Ours shares an identical call of concurrent requests while it is in flight (caches off too), and so do the floors (bench/profile/proxy-schema.ts): under load, calls per answer fall far below one request's:`,
          '',
          '| floor of (c) | upstream, one request | upstream calls per answer under load | CPU µs per answer | req/s | GC share | RSS at rest MB | peak RSS while starting MB | peak RSS MB |',
          '|---|---|---|---|---|---|---|---|---|',
          ...run.upcomingFloors.map(
            (f) =>
              `| ${f.name} | ${f.served ? `${f.served.calls} / ${kb(f.served.bytes)}` : '—'} | ${callsPerAnswer(f.underLoad, f.figures)} | ${int(micros(f.figures))} | ${int(f.figures.rps)} | ${percent(f.gcShare!)} | ${int(f.restMb)} | ${int(f.startPeakMb)} | ${int(f.peakMb)} |`,
          ),
          `| ours, caches off (peak through (a)-(c)) | ${served(c).split(' · ')[0]} | ${oursC ? callsPerAnswer(oursC.upstream, oursC.figures) : '—'} | ${cell(oursC)} | ${int(off.ours.loads.get(c)?.figures.rps ?? Number.NaN)} | ${percent(gcShare)} | ${int(off.restMb)} | ${int(off.startPeakMb)} | ${int(off.ours.peakMb)} |`,
        ]
      : []),
    '',
    `Floors of a hit of (a), answering our hit's own bytes:`,
    '',
    '| floor | CPU µs per answer | req/s |',
    '|---|---|---|',
    ...run.hitFloors.map((f) => `| ${f.name} | ${int(micros(f.figures))} | ${int(f.figures.rps)} |`),
    '',
    `Issue 44's targets, on the same bytes, caches off (load average at the end ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores):`,
    '',
    ...targets,
  ];
}
