/**
 * What the peer sections of the bench share (BENCH_ONLY=peers, cpu, compression): the catalog in
 * its own process, the three documents, peak RSS, and the check made before any load that every
 * system answers every document with the same bytes as the first one.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { waitForReady } from './child-server.ts';
import { CONFIGURATION, PEER_MOVIE_PAGE, UPCOMING_PAGE } from './profile/lib.ts';

export const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
export const SECOND_TOKEN = 'bench-second-credential.0000000000000000';

export const PEER_DOCUMENTS = {
  '(a) configuration': CONFIGURATION,
  '(b) movie page': PEER_MOVIE_PAGE,
  '(c) 20 upcoming + titles + reviews': UPCOMING_PAGE,
};

/** Fight Club, the movie whose recorded answers bench/recorded-upstream.ts serves. */
export const RECORDED_MOVIE_ID = 550;

/** The embedded catalog's movie for (b): the first with posters. */
export async function catalogMovieId(): Promise<number> {
  const { generateCatalog } = await import('@media-catalog/catalog/data/catalog');
  const data = generateCatalog();
  return data.movies.find((m) => (data.movieImages.get(m.id)?.posters.length ?? 0) > 0)!.id;
}

/** The three documents, (b) for `movieId` (by default the embedded catalog's, as the main bench uses). */
export async function peerDocuments(movieId?: number): Promise<[string, string][]> {
  return [
    ['(a) configuration', PEER_DOCUMENTS['(a) configuration']],
    ['(b) movie page', PEER_DOCUMENTS['(b) movie page'](movieId ?? (await catalogMovieId()))],
    ['(c) 20 upcoming + titles + reviews', PEER_DOCUMENTS['(c) 20 upcoming + titles + reviews']],
  ];
}

export interface Catalog {
  baseUrl: string;
  token: string;
  calls(): Promise<number>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export async function startCatalogProcess(extraEnv: Record<string, string> = {}): Promise<Catalog> {
  const child = spawn(process.execPath, ['bench/profile/catalog-entry.ts'], {
    env: { ...process.env, CATALOG_LATENCY_MS: String(LATENCY_MS), CATALOG_EXTRA_TOKENS: SECOND_TOKEN, ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { url, output } = await waitForReady(child, 'catalog');
  const callsUrl = /calls at (\S+)/.exec(output)![1]!;
  const token = /token (\S+)/.exec(output)![1]!;
  const fetchCalls = async (path: string) => ((await (await request(`${callsUrl}${path}`)).body.json()) as unknown[]).length;
  return {
    baseUrl: url,
    token,
    calls: () => fetchCalls(''),
    reset: async () => void (await fetchCalls('reset')),
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface UpstreamStats {
  calls: number;
  bytes: number;
  /** Calls whose Accept-Encoding named gzip, and those answered gzipped. */
  askedGzip: number;
  gzipped: number;
  /** TCP connections opened to the upstream. */
  connections: number;
}

export interface RecordedUpstream extends Catalog {
  stats(): Promise<UpstreamStats>;
}

/**
 * The real service's recorded answers (bench/recorded-upstream.ts) in a process of its own, 20 ms
 * a call; `gzip`: compressed for whoever asks, else plain to all. It takes any bearer token.
 */
export async function startRecordedUpstream(compression: 'plain' | 'gzip'): Promise<RecordedUpstream> {
  const child = spawn(process.execPath, ['bench/recorded-upstream.ts'], {
    env: { ...process.env, RECORDED_LATENCY_MS: String(LATENCY_MS), RECORDED_COMPRESSION: compression },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { url, output } = await waitForReady(child, 'recorded upstream');
  const statsUrl = /stats at (\S+)/.exec(output)![1]!;
  const fetchStats = async (path: string) => (await (await request(`${statsUrl}${path}`)).body.json()) as UpstreamStats;
  return {
    baseUrl: url,
    token: 'bench-recorded-upstream.0000000000000000',
    calls: async () => (await fetchStats('stats')).calls,
    reset: async () => void (await fetchStats('reset')),
    stats: () => fetchStats('stats'),
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A figure of a process's memory from Linux's /proc/<pid>/status, in MB; 0 once it is gone. */
function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return 0;
  }
}

/** Peak resident set size of a process, in MB (Linux VmHWM); 0 once it is gone. */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');

/** Resident set size of a process now, in MB (Linux VmRSS); 0 once it is gone. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** The answer to a POST of `query` as the loads send it: its status and its text as it came. */
export async function answerOf(url: string, query: string, token: string): Promise<{ status: number; text: string }> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  return { status: response.statusCode, text: await response.body.text() };
}

/** The answer's data as bytes; a non-200 status or any GraphQL error throws. */
export async function post(url: string, query: string, token: string): Promise<string> {
  const { status, text } = await answerOf(url, query, token);
  const body = JSON.parse(text) as { data?: unknown; errors?: unknown };
  if (status !== 200 || body.errors) throw new Error(`${url}: ${status} ${text.slice(0, 300)}`);
  return JSON.stringify(body.data);
}

export interface Answering {
  name: string;
  url: string;
}

/**
 * Every system answers every document with the same bytes as the first one (or as `reference`,
 * answers kept from an earlier check); returns the upstream calls each made per document and the
 * answers. With `secondCredential`, also notes each system that serves a second token from the
 * cache the first one filled.
 */
export async function checkSameAnswers(
  catalog: Catalog,
  systems: Answering[],
  documents: [string, string][],
  options: { secondCredential?: boolean; reference?: Map<string, string> } = {},
) {
  const checks: string[] = [];
  const calls = new Map<string, number[]>();
  /** What the upstream served each system for one answer, where it tells (the recorded upstream). */
  const upstream = new Map<string, UpstreamStats[]>();
  const answers = new Map(options.reference);
  for (const [operation, query] of documents) {
    const perSystem: number[] = [];
    for (const system of systems) {
      await catalog.reset();
      const data = await post(system.url, query, catalog.token);
      if ('stats' in catalog) {
        const stats = await (catalog as RecordedUpstream).stats();
        upstream.set(operation, [...(upstream.get(operation) ?? []), stats]);
        perSystem.push(stats.calls);
      } else perSystem.push(await catalog.calls());
      const reference = answers.get(operation) ?? data;
      answers.set(operation, reference);
      if (data !== reference)
        throw new Error(`${system.name} answers ${operation} differently:\n${data.slice(0, 400)}\nreference:\n${reference.slice(0, 400)}`);
      if (options.secondCredential) {
        await catalog.reset();
        await post(system.url, query, SECOND_TOKEN);
        if ((await catalog.calls()) === 0)
          checks.push(`${system.name} answered ${operation} for a second credential from the first one's cache`);
      }
    }
    calls.set(operation, perSystem);
  }
  return { calls, checks, answers, upstream };
}
