/**
 * Tailcall (a Rust REST-to-GraphQL gateway) as a peer of `npm run bench`, installed by the bench
 * itself on first use. Version 1.0.0 of `@tailcallhq/core-linux-x64-gnu` is the newest whose
 * binary loads on Debian 12 (glibc 2.36): 1.6.x needs GLIBC_2.38/2.39 (BENCHMARKS.md, "Peers").
 * TAILCALL_PEER_BIN runs another binary instead (e.g. 1.6 on a newer glibc).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const TAILCALL_VERSION = '1.0.0';
const PACKAGE = '@tailcallhq/core-linux-x64-gnu';
const PEERS_DIR = resolve('node_modules/.cache/bench-peers');
const TEMPLATE = new URL('./tailcall.graphql', import.meta.url);

export interface PeerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
}

/** The binary, installed into node_modules/.cache on first use (npm, the pinned version). */
export function tailcallBinary(): string {
  if (process.env.TAILCALL_PEER_BIN) return process.env.TAILCALL_PEER_BIN;
  const dir = join(PEERS_DIR, `tailcall-${TAILCALL_VERSION}`);
  const bin = join(dir, 'node_modules', PACKAGE, 'bin', 'tailcall');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-package-lock', `${PACKAGE}@${TAILCALL_VERSION}`], {
      stdio: 'inherit',
    });
  }
  return bin;
}

/**
 * Tailcall checks GitHub for a newer release once a day unless the cache file of its update
 * checker (the update-informer crate) is fresh: a cache folder of our own with that file written
 * now keeps it offline. Its usage tracker is off through TAILCALL_TRACKER=false.
 */
function offlineCacheHome(): string {
  const home = join(PEERS_DIR, 'tailcall-xdg-cache');
  mkdirSync(join(home, 'update-informer-rs'), { recursive: true });
  writeFileSync(join(home, 'update-informer-rs', 'github-tailcallhq-tailcall'), `v${TAILCALL_VERSION}`);
  return home;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** `workers`: its worker threads (the config's 2 unless a section asks for another count). */
export async function startTailcall(catalogBaseUrl: string, caches: boolean, workers = 2): Promise<PeerProcess> {
  const binary = tailcallBinary();
  const port = await freePort();
  const config = readFileSync(TEMPLATE, 'utf8')
    .replace('port: 8000', `port: ${port}`)
    .replace('workers: 2', `workers: ${workers}`)
    .replaceAll('__CATALOG__', catalogBaseUrl);
  const configured = caches ? config : config.replace(/httpCache: \d+/, 'httpCache: 0').replaceAll(/ @cache\(maxAge: \d+\)/g, '');
  const file = join(PEERS_DIR, `tailcall-${port}.graphql`);
  writeFileSync(file, configured);
  const child = spawn(binary, ['start', file], {
    env: { ...process.env, TAILCALL_TRACKER: 'false', TC_TRACKER: 'false', XDG_CACHE_HOME: offlineCacheHome() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ready, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (!/launched at/.test(output)) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      child.stderr!.resume();
      ready();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`tailcall exited with ${code}: ${output.slice(-500)}`)));
  });
  return { url: `http://127.0.0.1:${port}/graphql`, pid: child.pid!, child };
}

export async function stopPeer(peer: PeerProcess): Promise<void> {
  if (peer.child.exitCode !== null) return;
  const exited = new Promise((done) => peer.child.once('exit', done));
  peer.child.kill('SIGTERM');
  await exited;
}
