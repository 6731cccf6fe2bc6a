import { spawn } from 'node:child_process';

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

export function startProcess(env: Record<string, string>): StartedProcess {
  const child = spawn(process.execPath, ['src/index.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'silent', WORKERS: '1', ...env },
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
