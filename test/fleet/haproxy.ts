import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Program } from '../outside-programs.ts';

/**
 * A real haproxy in front of a fleet, as a platform team runs one: round robin, a health check
 * of `/readiness` every `checkMs` (out after 2 failures, back after 2 passes), and `retries 0`
 * with no redispatch, like a Kubernetes Service or a cloud balancer that never retries a
 * refused connection. Its stats page (CSV) says which servers it keeps.
 */
export interface RunningHaproxy {
  /** The fleet's `/graphql` through the balancer. */
  url: string;
  /** Each server's state as haproxy sees it now: 'UP', 'DOWN', 'UP 1/2'... by server name (g0, g1...). */
  servers(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function config(port: number, statsPort: number, backends: number[], checkMs: number): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 0',
    'frontend fleet',
    `  bind 127.0.0.1:${port}`,
    '  default_backend gateways',
    'backend gateways',
    '  balance roundrobin',
    '  option httpchk GET /readiness',
    '  http-check expect status 200',
    ...backends.map((backend, i) => `  server g${i} 127.0.0.1:${backend} check inter ${checkMs} fall 2 rise 2`),
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

/** `program` comes from outsideProgram('haproxy'), which skips the suite when it is missing. */
export async function startHaproxy(program: Program, backends: number[], checkMs = 1_000): Promise<RunningHaproxy> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = await mkdtemp(join(tmpdir(), 'haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  await writeFile(file, config(port, statsPort, backends, checkMs));
  const child: ChildProcess = spawn(program.path, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const servers = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const states: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const cells = line.split(',');
      if (cells[0] === 'gateways' && /^g\d+$/.test(cells[1] ?? '')) states[cells[1]!] = cells[17] ?? '';
    }
    return states;
  };
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    const ready = await servers().then(
      () => true,
      () => false,
    );
    if (ready) break;
    if (waited > 10_000) throw new Error(`haproxy did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    servers,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
