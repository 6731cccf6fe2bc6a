/**
 * Why does Tailcall cost more per answer against the embedded catalog than against the recorded
 * answers (issue 44's open question)? One Tailcall thread, caches off, 16 connections, each
 * document against each upstream in turn: CPU µs per answer from /proc, answers per second, the
 * upstream's CPU per answer, and (recorded upstream only) the upstream calls and TCP connections
 * it saw per answer; Tailcall's CPU while idle first, and each load also at 2 connections (a
 * lower rate: a cost per answer stays, a cost per second of being busy would grow per answer).
 *
 * Run: `node bench/profile/peer-upstreams.ts` (Tailcall as BENCH_ONLY=cpu installs it).
 * PEER_UPSTREAM_POOL: Tailcall's poolMaxIdlePerHost (the bench's 1024; its own default is 60);
 * PEER_UPSTREAM_DOCUMENTS: which of a, b, c (all); PEER_UPSTREAM_CONNECTIONS: the loads (16,2).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Catalog,
  peerDocuments,
  RECORDED_MOVIE_ID,
  type RecordedUpstream,
  startCatalogProcess,
  startRecordedUpstream,
} from '../peer-kit.ts';
import { startTailcall, stopPeer } from '../peers/tailcall.ts';
import { cpuSeconds, serverLoad } from '../server-load.ts';

const CONNECTIONS = (process.env.PEER_UPSTREAM_CONNECTIONS ?? '16,2').split(',').map(Number);

/** The catalog's own pid is not exported; its CPU is read through the process that answers on its port. */
async function upstreamPid(upstream: Catalog): Promise<number | undefined> {
  const { execFileSync } = await import('node:child_process');
  const port = new URL(upstream.baseUrl).port;
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  return pid ? Number(pid) : undefined;
}

async function measure(name: string, upstream: Catalog, movieId?: number) {
  const tailcall = await startTailcall(upstream.baseUrl, false, 1, Number(process.env.PEER_UPSTREAM_POOL ?? 1024));
  const pid = await upstreamPid(upstream);
  try {
    await sleep(1_000);
    const idleBefore = cpuSeconds(tailcall.pid);
    await sleep(5_000);
    const idle = ((cpuSeconds(tailcall.pid) - idleBefore) / 5) * 1e3;
    console.log(`| ${name} | idle, 5 s | Tailcall ${idle.toFixed(1)} ms of CPU a second |`);
    for (const [operation, query] of (await peerDocuments(movieId)).filter(([op]) =>
      (process.env.PEER_UPSTREAM_DOCUMENTS ?? 'abc').includes(op[1]!),
    )) {
      for (const connections of CONNECTIONS) {
        const recorded = 'stats' in upstream ? (upstream as RecordedUpstream) : undefined;
        await recorded?.reset();
        const upstreamBefore = pid ? cpuSeconds(pid) : 0;
        const f = await serverLoad(tailcall, query, upstream.token, connections);
        const upstreamCpu = pid ? cpuSeconds(pid) - upstreamBefore : Number.NaN;
        const stats = await recorded?.stats();
        // The stats cover the warm-up too: per answer, divide by every answer of both runs.
        const all = f.answers * ((Number(process.env.BENCH_CPU_WARM_SECONDS ?? 2) + f.seconds) / f.seconds);
        const per = stats
          ? `${(stats.calls / all).toFixed(1)} calls, ${(stats.connections / all).toFixed(3)} new connections, ${(stats.bytes / stats.calls / 1024).toFixed(1)} KB a call`
          : '';
        console.log(
          `| ${name} | ${operation} at ${connections} | ${((f.cpuSeconds * 1e6) / f.answers).toFixed(0)} µs | ${f.rps.toFixed(0)}/s | p50 ${f.p50.toFixed(0)} ms | upstream ${((upstreamCpu * 1e6) / all).toFixed(0)} µs an answer | ${per} | errors ${f.errors} |`,
        );
      }
    }
  } finally {
    await stopPeer(tailcall);
  }
}

console.log('| upstream | load | Tailcall CPU per answer | rate | latency | upstream CPU | upstream saw per answer | |');
console.log('|---|---|---|---|---|---|---|---|');
const catalog = await startCatalogProcess();
try {
  await measure('embedded catalog', catalog);
} finally {
  await catalog.stop();
}
const recorded = await startRecordedUpstream('plain');
try {
  await measure('recorded answers', recorded, RECORDED_MOVIE_ID);
} finally {
  await recorded.stop();
}
