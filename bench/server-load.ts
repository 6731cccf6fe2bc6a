/**
 * Load against one server process and the CPU it spent (BENCH_ONLY=cpu): utime + stime of the
 * process (all its threads) from /proc/<pid>/stat, read around the measured run, divided by the
 * answers served. The load generator runs in a child process (bench/load-child.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { type LoadFigures, type LoadSpec, wrkLoad, wrkOnPath } from './wrk-load.ts';

export type { LoadFigures, LoadSpec };

const run = promisify(execFile);
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export const WARM_SECONDS = Number(process.env.BENCH_CPU_WARM_SECONDS ?? 2);
export const SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 5);

/** Which load generator runs, as the report says it. */
export function loadGenerator(): string {
  return wrkOnPath()
    ? 'wrk (on PATH; bench/wrk-load.ts, a Lua script for the POST body), one thread'
    : 'autocannon in a child process (bench/load-child.ts; wrk is not on PATH)';
}

/** utime + stime of a process and all its threads, in seconds; with `thread`, of that thread alone. */
export function cpuSeconds(pid: number, thread?: number): number {
  const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: state is the first.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * The load generator and the server share the machine's cores; with 4 or more, taskset gives the
 * generator the last core and the server (every thread of it) the others but the first, so that the
 * catalog and the bench (not pinned) always have a core neither uses. The report says which.
 */
export function pinning(): { note: string; prefix: string[]; serverCores?: string } {
  const cores = availableParallelism();
  let taskset = false;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    taskset = true;
  } catch {}
  if (taskset && cores >= 4) {
    const serverCores = `1-${cores - 2}`;
    return {
      note: `pinned with taskset: the load generator to core ${cores - 1}, the server to cores ${serverCores}`,
      prefix: ['taskset', '-c', String(cores - 1)],
      serverCores,
    };
  }
  return {
    note: `not pinned: ${cores} cores${taskset ? '' : ', no taskset'}; load generator, catalog and server share them, so latency and req/s are low and noisy, CPU per answer much less so`,
    prefix: [],
  };
}

/** Pins a running server, all its threads, to its cores when the machine has enough of them. */
export function pinServer(pid: number): void {
  const { serverCores } = pinning();
  if (serverCores) execFileSync('taskset', ['-a', '-cp', serverCores, String(pid)], { stdio: 'ignore' });
}

export async function serverLoad(
  server: { url: string; pid: number },
  query: string,
  token: string,
  connections: number,
): Promise<LoadFigures> {
  const spec: LoadSpec = {
    url: server.url,
    pid: server.pid,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
    connections,
    warmSeconds: WARM_SECONDS,
    seconds: SECONDS,
  };
  const { prefix } = pinning();
  const wrk = wrkOnPath();
  if (wrk) return wrkLoad(wrk, prefix, spec, cpuSeconds);
  const command = [...prefix, process.execPath, 'bench/load-child.ts', JSON.stringify(spec)];
  const { stdout } = await run(command[0]!, command.slice(1), { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as LoadFigures;
}
