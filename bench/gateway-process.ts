/**
 * The gateway as its own process, started the way `npm start` starts it (heap cap included),
 * so the benchmark and the soak measure what runs in production, RSS included.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { waitForReady } from './child-server.ts';

/** The heap settings of `npm start` and the container (see package.json). */
export const HEAP_FLAGS = process.env.GATEWAY_NODE_FLAGS?.split(' ') ?? ['--max-old-space-size=192', '--max-semi-space-size=8'];

export interface GatewayProcess {
  url: string;
  pid: number;
  child: ChildProcess;
}

export async function startGateway(
  catalogBaseUrl: string,
  accessToken: string,
  env: Record<string, string>,
  entry = 'dist/index.js',
): Promise<GatewayProcess> {
  // The built output runs as production runs it; a .ts entry runs as `npm start` runs it (Node strips the types).
  const child = spawn(process.execPath, [...HEAP_FLAGS, entry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_BASE_URL: catalogBaseUrl,
      CATALOG_ACCESS_TOKEN: accessToken,
      NODE_ENV: 'production',
      // glibc's default of 8 malloc arenas per core only fragments a mostly single-threaded process.
      MALLOC_ARENA_MAX: '2',
      // One process unless a figure asks for more: with NODE_ENV=production WORKERS would default
      // to every core, and per-process memory (persisted queries, caches) would split the figures.
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { url } = await waitForReady(child, 'gateway');
  return { url, pid: child.pid!, child };
}

export async function stopGateway(gateway: GatewayProcess): Promise<void> {
  const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
  gateway.child.kill('SIGTERM');
  await exited;
}
