/**
 * Shared by the profiling scripts: child processes (the gateway entry, bare Yoga), percentiles,
 * and one undici client for every timed call, so the direct call and the gateway call are made
 * by the same client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { waitForReady } from '../child-server.ts';

export const HERE = fileURLToPath(new URL('.', import.meta.url));
/** Compiled by tsc (as production runs), the children run compiled too; from source, from source. */
const COMPILED = import.meta.url.endsWith('.js');

export interface Child {
  name: string;
  url: string;
  child: ChildProcess;
  /** What it printed up to its ready line. */
  output: string;
}

/**
 * Starts an entry of this folder (name.ts) with the heap flags of `npm start`, compiled or from
 * source as this script runs, and waits for "ready at".
 */
const running = new Set<ChildProcess>();
// A script that fails must not leave its children behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

export async function startChild(name: string, entry: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<Child> {
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=192',
      `--max-semi-space-size=${process.env.PROFILE_SEMI_MB ?? 8}`,
      ...nodeFlags,
      ...(COMPILED ? [`${HERE}${entry.replace(/\.ts$/, '.js')}`] : [`${HERE}${entry}`]),
    ],
    {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  const { url, output } = await waitForReady(child, name);
  return { name, url, child, output };
}

export async function stopChild(child: Child): Promise<void> {
  if (child.child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.child.once('exit', resolve));
  child.child.kill('SIGTERM');
  await exited;
}

/** One keep-alive pool for every timed call of a script. */
export const client = new Agent({ keepAliveTimeout: 30_000, connections: 4 });

export async function postQuery(url: string, query: string): Promise<unknown> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    dispatcher: client,
  });
  const body = (await response.body.json()) as { errors?: unknown[] };
  if (response.statusCode !== 200 || body.errors) throw new Error(`${url}: ${response.statusCode} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

export async function getJson(url: string, token: string): Promise<unknown> {
  const response = await request(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, dispatcher: client });
  const body = await response.body.json();
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  return body;
}

export async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/**
 * CPU time a process has used (user + system), in ms, from /proc (Linux; 10 ms ticks). CPU per
 * request barely moves when neighbours load the machine, unlike req/s and latency.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat(5); after "pid (comm) " they are the 12th and 13th.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The selection of the issue's execution-path figure. Nothing id-like is selected in the peers'
 * documents: a peer has no global `id` to give, and the answers are compared byte for byte.
 */
export const MOVIE_SELECTION = 'title overview releaseDate runtime voteAverage voteCount genres { name }';

/** A merged movie page: details and four sub-resources, one upstream call with append_to_response. */
export const MOVIE_PAGE = (id: number) => `{ movie(id: ${id}) { title overview runtime
  credits { cast { character order } } reviews(first: 20) { totalCount edges { node { author content } } }
  videos { key name site } images { posters { filePath width height } } } }`;

/**
 * The peers' (b): a movie page, details with its alternative titles, posters, cast and first
 * reviews page (one upstream call of ours with append_to_response; five of a peer).
 */
export const PEER_MOVIE_PAGE = (id: number) => `{ movie(id: ${id}) { title overview alternativeTitles { countryCode title type }
    images { posters { filePath width height } } credits { cast { character person { name } } }
    reviews(first: 20) { totalCount edges { node { author content } } } } }`;

/** The peers' (c): 20 upcoming movies, each with its alternative titles and first reviews page (21 upstream calls cold). */
export const UPCOMING_PAGE = `{ upcomingMovies(first: 20) { edges { node { title posterPath alternativeTitles { title type }
    reviews(first: 20) { totalCount edges { node { author content } } } } } } }`;
export const CONFIGURATION = '{ configuration { changeKeys images { secureBaseUrl posterSizes } } }';

export function gatewayProfileUrl(url: string, what: 'stats' | 'reset'): string {
  return url.replace(/\/graphql$/, `/__profile/${what}`);
}

export async function profileStats(url: string, what: 'stats' | 'reset' = 'stats'): Promise<any> {
  const response = await request(gatewayProfileUrl(url, what), { dispatcher: client });
  return response.body.json();
}
