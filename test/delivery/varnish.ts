import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Program } from '../outside-programs.ts';

/**
 * Debian's varnishd (installed by .ci/run when missing), started in the foreground on a free
 * loopback port with its default VCL in front of one backend, and stopped by its own pid.
 * Found by test/outside-programs.ts (VARNISHD names another binary).
 */
export interface RunningVarnish {
  url: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `program` comes from outsideProgram('varnishd'), which skips the suite when it is missing. */
export async function startVarnish(program: Program, backendPort: number): Promise<RunningVarnish> {
  const workdir = await mkdtemp(join(tmpdir(), 'varnish-'));
  // Run as root, varnishd compiles its VCL as its own unprivileged user, in a directory it
  // creates itself: the parent must let that user in.
  await chmod(workdir, 0o755);
  const port = await freePort();
  const child: ChildProcess = spawn(
    program.path,
    // -F: foreground, so the test owns the process; -n: a working directory of its own, so that
    // parallel runs never meet; -p default_grace=0: an expired copy is never served while refetching.
    [
      '-F',
      '-n',
      join(workdir, 'instance'),
      '-a',
      `127.0.0.1:${port}`,
      '-b',
      `127.0.0.1:${backendPort}`,
      '-s',
      'malloc,32m',
      '-p',
      'default_grace=0',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(workdir, { recursive: true, force: true });
      throw new Error(`varnishd did not start: ${output.slice(-500)}`);
    }
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(workdir, { recursive: true, force: true });
    },
  };
}
