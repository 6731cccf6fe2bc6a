/**
 * The gateway next to its peers (BENCH_ONLY=peers runs this part alone): Tailcall, a Rust
 * REST-to-GraphQL gateway, and a hand-written Apollo Server + RESTDataSource, serving the same
 * three documents from one catalog (its own process, 20 ms per call), each with its caches on and
 * then with every cache off. Before any load the bench proves that every system answers every
 * document with the same bytes as ours and that cached answers are kept per credential; then
 * alternating rounds of 10 connections each, and the peak RSS of every process.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { waitForReady } from './child-server.ts';
import { startGateway, stopGateway } from './gateway-process.ts';
import { type Catalog, checkSameAnswers, LATENCY_MS, peakRssMb, peerDocuments, startCatalogProcess } from './peer-kit.ts';
import { type PeerProcess, startTailcall, stopPeer, TAILCALL_VERSION } from './peers/tailcall.ts';
import { tailcallOrMissing } from './peers/tailcall-install.ts';

const SECONDS = Number(process.env.BENCH_PEER_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_PEER_ROUNDS ?? 2);
/** Ours with as many processes as Tailcall has worker threads (2). */
const OUR_WORKERS = process.env.BENCH_OUR_WORKERS ?? '2';
/** Written with the figures, so that a run never separates them from what they mean. */
const ABOUT_THE_PEERS = [
  `- **Tailcall version.** \`@tailcallhq/core-linux-x64-gnu@${TAILCALL_VERSION}\`, the release issue 34 measured, installed by the bench into node_modules/.cache/bench-peers. Its binary needs glibc 2.39; where the system's is older (Debian 12: 2.36), the bench runs it through Debian 13's glibc, fetched from deb.debian.org and unpacked beside it (bench/peers/tailcall-install.ts). \`TAILCALL_PEER_BIN=/path/to/tailcall\` runs another build. Its usage tracker is off (\`TAILCALL_TRACKER=false\`) and its daily update check stays offline: the bench gives it a cache folder of its own (\`XDG_CACHE_HOME\`) whose update-checker file says it checked just now.`,
  '- **Tailcall config** (bench/peers/tailcall.graphql): `@http` per field, `@modify` for the camelCase names, 2 worker threads, `@cache(maxAge: 60000)` on every field and `httpCache` on when cached. Its `@cache` key leaves the request headers out, so its cached rows serve one credential the answers fetched for another (shown above): a shared cache ours refuses to be.',
  '- **Apollo peer** (bench/peers/apollo-rest.mjs, bare Node, no tsx): RESTDataSource with its HTTP cache keyed per credential (`cacheKeyFor`), `ApolloServerPluginCacheControl({ defaultMaxAge: 60 })` and the response-cache plugin keyed by the Authorization header (`extraCacheKeyData`); caches off: `skipCache` and no plugin.',
  '- **Ours**: `dist/index.js` as `npm start` runs it, `WORKERS` processes on one port (in-memory caches per process), both caches on, or `CACHE_ENABLED=false RESPONSE_CACHE_ENABLED=false`.',
  '- **Where the time goes**: the hit path against bare Node is its own section below (`BENCH_ONLY=hit`); the profiles behind every figure, and each target met or missed, are in docs/performance.md (issue 26). Only the ratios within one run mean anything: absolute req/s move with the machine.',
];

interface Running {
  url: string;
  /** The processes whose peak RSS counts (ours with workers: the primary and each worker). */
  pids(): number[];
  stop(): Promise<void>;
}

interface System {
  name: string;
  start(caches: boolean): Promise<Running>;
}

/** A process and its children (the cluster's workers), from /proc. */
function withChildren(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return [pid, ...children];
  } catch {
    return [pid];
  }
}

function ours(workers: string, entry = 'dist/index.js'): (catalog: Catalog) => System {
  const name = workers === '1' ? 'ours, 1 process' : `ours, WORKERS=${workers}`;
  return (catalog) => ({
    name: entry.endsWith('.ts') ? `${name}, from source` : name,
    async start(caches) {
      const env: Record<string, string> = caches
        ? { WORKERS: workers }
        : { WORKERS: workers, CACHE_ENABLED: 'false', RESPONSE_CACHE_ENABLED: 'false' };
      const gateway = await startGateway(catalog.baseUrl, catalog.token, env, entry);
      return { url: gateway.url, pids: () => withChildren(gateway.pid), stop: () => stopGateway(gateway) };
    },
  });
}

function tailcall(catalog: Catalog): System {
  return {
    name: `Tailcall ${TAILCALL_VERSION}`,
    async start(caches) {
      const peer = await startTailcall(catalog.baseUrl, caches);
      return { url: peer.url, pids: () => [peer.pid], stop: () => stopPeer(peer) };
    },
  };
}

function apollo(catalog: Catalog): System {
  return {
    name: 'Apollo + RESTDataSource',
    async start(caches) {
      const child = spawn(process.execPath, ['bench/peers/apollo-rest.mjs'], {
        env: { ...process.env, NODE_ENV: 'production', CATALOG_BASE_URL: catalog.baseUrl, PORT: '0', PEER_CACHES: caches ? 'on' : 'off' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const { url } = await waitForReady(child, 'apollo');
      const peer: PeerProcess = { url, pid: child.pid!, child };
      return { url, pids: () => [peer.pid], stop: () => stopPeer(peer) };
    },
  };
}

async function load(url: string, query: string, token: string) {
  let failed = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
    requests: [{ onResponse: (status: number, body: string) => void ((status !== 200 || body.includes('"errors"')) && failed++) }],
  } as autocannon.Options);
  return { rps: result.requests.average, p50: result.latency.p50, errors: failed + result.errors + result.timeouts };
}

interface Cell {
  rps: number[];
  p50: number[];
  errors: number;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;

/** One mode (caches on or off): every system up, checked, then loaded in alternating rounds. */
async function runMode(catalog: Catalog, systems: System[], documents: [string, string][], caches: boolean) {
  const running: Running[] = [];
  try {
    for (const system of systems) running.push(await system.start(caches));
    return await measure(catalog, systems, running, documents, caches);
  } finally {
    for (const r of running) await r.stop();
  }
}

async function measure(catalog: Catalog, systems: System[], running: Running[], documents: [string, string][], caches: boolean) {
  // Byte-for-byte identical data, and in caches-off mode the upstream calls each system makes.
  const targets = systems.map((system, index) => ({ name: system.name, url: running[index]!.url }));
  const { calls, checks } = await checkSameAnswers(catalog, targets, documents, { secondCredential: caches });
  const cells = new Map<string, Cell>();
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [...systems.keys()] : [...systems.keys()].reverse();
    for (const [operation, query] of documents) {
      for (const index of order) {
        const key = `${operation}|${index}`;
        const cell = cells.get(key) ?? { rps: [], p50: [], errors: 0 };
        const figures = await load(running[index]!.url, query, catalog.token);
        cell.rps.push(figures.rps);
        cell.p50.push(figures.p50);
        cell.errors += figures.errors;
        cells.set(key, cell);
      }
    }
  }
  const rss = running.map((r) => Math.max(...r.pids().map(peakRssMb)));
  const processes = running.map((r) => r.pids().length);
  return { cells, rss, processes, calls, checks };
}

export async function peerFigures(): Promise<string[]> {
  const tailcallHere = tailcallOrMissing();
  if ('missing' in tailcallHere) return [`**${tailcallHere.missing}**: the section needs it and was skipped.`];
  const catalog = await startCatalogProcess();
  try {
    const documents = await peerDocuments();
    // The last: one process as `npm start` runs it, from the TypeScript source (Node strips the types).
    const systems = [
      ours(OUR_WORKERS)(catalog),
      tailcall(catalog),
      apollo(catalog),
      ours('1')(catalog),
      ours('1', 'src/index.ts')(catalog),
    ];
    const lines = [
      `${SECONDS} s per cell, ${ROUNDS} alternating rounds (median), 10 connections, catalog in its own process with ${LATENCY_MS} ms per call; every request carries the demo bearer token. Before the load, every system answered every document with the same bytes as ours${'' /* checked above */}.`,
      '',
      `| op | ${systems.map((s) => `${s.name} req/s (p50 ms)`).join(' | ')} | ours / Tailcall | ours 1 process / Apollo | peak RSS MB, largest process: ${systems.map((s) => s.name).join(' / ')} | upstream calls per query, caches off |`,
      `|---|${systems.map(() => '---|').join('')}---|---|---|---|`,
    ];
    const notes: string[] = [];
    for (const caches of [true, false]) {
      const mode = await runMode(catalog, systems, documents, caches);
      notes.push(...mode.checks);
      for (const [operation] of documents) {
        const cell = (index: number) => mode.cells.get(`${operation}|${index}`)!;
        const rps = systems.map((_, index) => median(cell(index).rps));
        const errors = systems.reduce((sum, _, index) => sum + cell(index).errors, 0);
        if (errors > 0) notes.push(`${operation}, caches ${caches ? 'on' : 'off'}: ${errors} failed answers during the load`);
        const calls = mode.calls.get(operation)!;
        lines.push(
          `| ${operation}, ${caches ? 'cached' : 'caches off'} | ${rps.map((r, index) => `${r.toFixed(0)} (${median(cell(index).p50).toFixed(0)})`).join(' | ')} | **${(rps[0]! / rps[1]!).toFixed(2)}×** | ${(rps[3]! / rps[2]!).toFixed(2)}× | ${mode.rss.map((r) => r.toFixed(0)).join(' / ')} | ${caches ? '' : calls.join(' / ')} |`,
        );
      }
      lines.push(`<!-- processes per system, caches ${caches ? 'on' : 'off'}: ${mode.processes.join(' / ')} -->`);
    }
    lines.push(
      '',
      ...(notes.length > 0
        ? notes.map((n) => `- ${n}`)
        : ['- Every cached system kept its answers per credential (a second token made upstream calls).']),
    );
    lines.push('', ...ABOUT_THE_PEERS);
    return lines;
  } finally {
    await catalog.stop();
  }
}
