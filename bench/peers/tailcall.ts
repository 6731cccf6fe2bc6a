/**
 * Tailcall (a Rust REST-to-GraphQL gateway) as a peer of `npm run bench`, installed by the bench
 * itself on first use (tailcall-install.ts: 1.6.14, through Debian 13's glibc where the system's
 * is older). TAILCALL_PEER_BIN runs another binary instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PEERS_DIR, TAILCALL_VERSION, tailcallCommand } from './tailcall-install.ts';

export { TAILCALL_VERSION } from './tailcall-install.ts';
const TEMPLATE = new URL('./tailcall.graphql', import.meta.url);

export interface PeerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
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

/**
 * `workers`: its worker threads (the config's 2 unless a section asks for another count);
 * `poolMaxIdlePerHost`: idle upstream connections it keeps (the config's 1024; Tailcall's own default is 60).
 */
export async function startTailcall(catalogBaseUrl: string, caches: boolean, workers = 2, poolMaxIdlePerHost = 1024): Promise<PeerProcess> {
  const command = tailcallCommand();
  const port = await freePort();
  const config = readFileSync(TEMPLATE, 'utf8')
    .replace('port: 8000', `port: ${port}`)
    .replace('workers: 2', `workers: ${workers}`)
    .replaceAll('__CATALOG__', catalogBaseUrl)
    .replace('poolMaxIdlePerHost: 1024', `poolMaxIdlePerHost: ${poolMaxIdlePerHost}`);
  const configured = caches ? config : config.replace(/httpCache: \d+/, 'httpCache: 0').replaceAll(/ @cache\(maxAge: \d+\)/g, '');
  const file = join(PEERS_DIR, `tailcall-${port}.graphql`);
  writeFileSync(file, configured);
  const child = spawn(command.file, [...command.args, 'start', file], {
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
