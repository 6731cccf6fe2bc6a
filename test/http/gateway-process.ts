import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The gateway as `npm start` runs it, in its own process: its ready line, its signals, its exit
 * code. One process (WORKERS=1) unless the env says otherwise.
 */
export interface StartedProcess {
  url: Promise<string>;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
  pid: number;
  kill(signal: NodeJS.Signals): void;
  /** What the process has written to stdout so far (its log lines at LOG_LEVEL=info). */
  stdout(): string;
}

/**
 * The environment and Node flags of package.json's `npm start` (`MALLOC_ARENA_MAX=2 node
 * --max-old-space-size=192 … src/index.ts`), read from the script itself, so that a test of
 * memory runs under the heap limit production has, whatever that script says.
 */
export function npmStartFlags(): { env: Record<string, string>; nodeFlags: string[] } {
  const script: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start;
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, value] = words.shift()!.split('=');
    env[name!] = value!;
  }
  if (words.shift() !== 'node' || words.pop() !== 'src/index.ts') throw new Error(`unexpected start script: ${script}`);
  return { env, nodeFlags: words };
}

/** The gateway started exactly as `npm start` starts it: its environment and Node flags (the heap limit). */
export function startAsNpmStart(env: Record<string, string>): StartedProcess {
  const start = npmStartFlags();
  return startProcess({ ...start.env, ...env }, start.nodeFlags);
}

/** A process's resident memory now, in MB (Linux's /proc). */
export function residentMb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

export function startProcess(env: Record<string, string>, nodeFlags: string[] = []): StartedProcess {
  const child = spawn(process.execPath, [...nodeFlags, 'src/index.ts'], {
    // No balancer checks these processes: a SIGTERM drains at once unless a test asks for the delay.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      WORKERS: '1',
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const match = /ready at (http:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`exited before listening: ${stderr}`)));
  });
  url.catch(() => undefined);
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { url, exit, pid: child.pid!, kill: (signal) => child.kill(signal), stdout: () => stdout };
}

/**
 * `running` if the process is still up after `ms`, else how it ended: its exit code and the end
 * of its stderr ("JavaScript heap out of memory"), so that a test of memory says why it failed.
 */
export async function stateAfter(started: StartedProcess, ms = 200): Promise<string> {
  const timer = new Promise<string>((resolve) => setTimeout(() => resolve('running'), ms));
  const ended = started.exit.then(({ code, stderr }) => {
    const lines = stderr.trim().split('\n');
    const telling = lines.filter((line) => /FATAL|Error/.test(line));
    return `exited with ${code}: ${(telling.length > 0 ? telling : lines).slice(-3).join(' / ')}`;
  });
  return Promise.race([ended, timer]);
}

/**
 * Runs `send` for 0 … count-1, `parallel` at a time. A failed request (the process died under
 * it) fails with the process's state, not only the client's ECONNRESET.
 */
export async function sendInParallel(
  started: StartedProcess,
  count: number,
  parallel: number,
  send: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await send(next++);
  };
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } catch (error) {
    throw new Error(`request ${next} failed (${String(error)}); the gateway: ${await stateAfter(started, 2_000)}`);
  }
}
