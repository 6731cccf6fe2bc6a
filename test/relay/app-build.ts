import { execFile } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listen } from '../helpers.ts';

/**
 * starter/relay-app/ as a Relay team builds it, outside the repository: the whole starter/ is
 * copied (the app imports the starter's network, ../../src/relay-network.ts), each node_modules is
 * a link to the repository's (which holds every package the app's package.json names), and the
 * app's own scripts read the running gateway's schema, compile the operations, check the types
 * and bundle it with the gateway's URL.
 */
const repo = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
/** Written by the steps below when someone built the app by hand in the repository: never copied. */
const LEFT_BEHIND = new Set(['node_modules', '__generated__', 'dist', 'schema.graphql']);

export interface BuiltApp {
  /** The starter's copy; the app is its relay-app/ folder. */
  folder: string;
  app: string;
}

export function copyApp(): BuiltApp {
  const folder = join(mkdtempSync(join(tmpdir(), 'relay-app-')), 'starter');
  cpSync(join(repo, 'starter'), folder, { recursive: true, filter: (source) => !LEFT_BEHIND.has(basename(source)) });
  // The starter's network and the app each resolve their packages from their own folder, as after an install in each.
  for (const dir of [folder, join(folder, 'relay-app')]) symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { folder, app: join(folder, 'relay-app') };
}

/** One of the app's steps, run in its folder with this process's node; async, so the gateway in this process answers it. */
export async function inApp(app: string, script: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  try {
    await run(process.execPath, [script, ...args], { cwd: app, env: { ...process.env, ...env }, timeout: 90_000 });
  } catch (error: any) {
    // tsc reports on stdout: keep what the step said in the failure.
    throw new Error(`${script} failed:\n${error.stdout}${error.stderr}`);
  }
}

/** `npm run schema`, `npm run relay`, `npm run typecheck` and `npm run build`, against the gateway at `gatewayUrl`. */
export async function buildApp(app: string, gatewayUrl: string): Promise<void> {
  await inApp(app, 'scripts/fetch-schema.ts', [gatewayUrl]);
  await inApp(app, 'node_modules/relay-compiler/cli.js', []);
  await inApp(app, 'node_modules/typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json']);
  // A development build: React and Relay keep their warnings, which the browser tests count.
  await inApp(app, 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn'], {
    VITE_GATEWAY_URL: gatewayUrl,
    NODE_ENV: 'development',
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** The built files, served as any static host would, from an origin other than the gateway's. */
export async function serveBuilt(dist: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://app').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(dist, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dist) || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return { origin: `http://127.0.0.1:${await listen(server)}`, server };
}
