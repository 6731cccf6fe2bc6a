import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Program } from '../outside-programs.ts';

/**
 * A real redis-server (Debian's package; `.ci/run` installs it; found by outsideProgram) on a free loopback port, with
 * no persistence, for one test file. It can be killed and started again on the same port, and
 * frozen (SIGSTOP) to play a Redis that hangs.
 */
export interface RunningRedis {
  port: number;
  /** redis://:<password>@127.0.0.1:<port> */
  url: string;
  password: string;
  /** Kills the server at once (SIGKILL): connections drop, nothing is saved. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: connections stay open, nothing answers. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function spawnRedis(program: Program, port: number, password: string): Promise<ChildProcess> {
  const child = spawn(
    program.path,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--requirepass', password],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${port}: ${output}`)), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${program.path}: ${error.message}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `program` comes from outsideProgram('redis-server'), which skips the suite when it is missing. */
export async function startRedis(program: Program): Promise<RunningRedis> {
  const port = await freePort();
  const password = `fleet-secret-${Math.random().toString(36).slice(2)}`;
  let child = await spawnRedis(program, port, password);
  return {
    port,
    password,
    url: `redis://:${password}@127.0.0.1:${port}`,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async restart() {
      child = await spawnRedis(program, port, password);
    },
    freeze() {
      child.kill('SIGSTOP');
    },
    thaw() {
      child.kill('SIGCONT');
    },
    async stop() {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
