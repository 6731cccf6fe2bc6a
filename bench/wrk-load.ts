/**
 * wrk, when it is on PATH, as the load generator of BENCH_ONLY=cpu: it costs less CPU per request
 * than autocannon, which matters when the generator shares the cores with the server. A Lua
 * script sends the POST body and counts the answers that are not 2xx or carry GraphQL errors.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadSpec {
  url: string;
  pid: number;
  headers: Record<string, string>;
  body: string;
  connections: number;
  warmSeconds: number;
  seconds: number;
}

export interface LoadFigures {
  answers: number;
  /** Non-2xx, GraphQL errors, socket errors and timeouts. */
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  cpuSeconds: number;
}

/** wrk's path, or undefined when it is not installed (`apt-get install wrk` on Debian). */
export function wrkOnPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'wrk');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

const lua = (spec: LoadSpec) => `
wrk.method = "POST"
wrk.body = ${JSON.stringify(spec.body)}
${Object.entries(spec.headers)
  .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
  .join('\n')}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) failed = 0 end
function response(status, headers, body)
  if status < 200 or status > 299 or string.find(body, '"errors"', 1, true) then failed = failed + 1 end
end
function done(summary, latency, requests)
  local failures = 0
  for _, thread in ipairs(threads) do failures = failures + thread:get("failed") end
  local e = summary.errors
  io.write(string.format("BENCH %d %d %d %d %d\\n", summary.requests, failures, e.connect + e.read + e.write + e.timeout,
    summary.duration, latency:percentile(50)))
end
`;

/** A warm-up run, then the measured run with the server's CPU read around it. */
export async function wrkLoad(wrk: string, prefix: string[], spec: LoadSpec, cpuSeconds: (pid: number) => number): Promise<LoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'post.lua');
  writeFileSync(script, lua(spec));
  const once = async (seconds: number) => {
    // autocannon's default timeout (wrk's own is 2 s): a slow answer is slow, not an error.
    const command = [...prefix, wrk, '-t1', `-c${spec.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, spec.url];
    const { stdout } = await run(command[0]!, command.slice(1));
    const [answers, failures, socketErrors, durationUs, p50Us] = /BENCH (\d+) (\d+) (\d+) (\d+) (\d+)/
      .exec(stdout)!
      .slice(1)
      .map(Number) as [number, number, number, number, number];
    return { answers, errors: failures + socketErrors, seconds: durationUs / 1e6, rps: answers / (durationUs / 1e6), p50: p50Us / 1000 };
  };
  try {
    await once(spec.warmSeconds);
    const before = cpuSeconds(spec.pid);
    const figures = await once(spec.seconds);
    return { ...figures, cpuSeconds: cpuSeconds(spec.pid) - before };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
