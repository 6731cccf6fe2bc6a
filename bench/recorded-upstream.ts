/**
 * The upstream of BENCH_ONLY=cpu: the real service's own answers, recorded under test/contract,
 * so that the gateway and its peer parse the same bytes at the real sizes (the embedded catalog's
 * invented answers are a tenth of them: its reviews pages hold a review or two). One recording per
 * route, the largest realistic one; a movie route answers for any id, with that id put in. An
 * `append_to_response` is answered as the service does, each part under its name.
 *
 * Every call waits RECORDED_LATENCY_MS (20) before its answer. RECORDED_COMPRESSION=gzip compresses
 * for a client whose Accept-Encoding names gzip, as the service does; otherwise every answer is
 * plain, whatever is asked. Bodies (and their gzip) are made once per path and kept: the upstream
 * spends next to nothing per call, so it takes little of the cores the measured processes share.
 * GET /__bench/stats (outside /3) answers what was served since GET /__bench/reset: calls, bytes,
 * calls that asked for gzip and got it, and TCP connections opened (is the peer keeping them alive?).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

const LATENCY_MS = Number(process.env.RECORDED_LATENCY_MS ?? 20);
const GZIP = process.env.RECORDED_COMPRESSION === 'gzip';
const RECORDED = new URL('../test/contract/', import.meta.url);

const read = (file: string) => JSON.parse(readFileSync(new URL(file, RECORDED), 'utf8')) as Record<string, unknown>;

/** The recording each route answers with: the largest of the real service's for that route (bytes compact). */
const ROUTES = {
  configuration: read('recorded3/tl-configuration.json'), // 1.1 KB
  upcoming: read('recorded/rb-movie-upcoming.json'), // 12.6 KB, 20 movies
  details: read('recorded/rb-movie-550.json'), // Fight Club, 1.7 KB
};
/** A movie's sub-resources, by the name the service gives them in a path and in `append_to_response`. */
const MOVIE_PARTS: Record<string, Record<string, unknown>> = {
  alternative_titles: read('recorded/ce-movie-550-alternative-titles.json'), // 0.7 KB
  credits: read('recorded/ce-movie-550-credits.json'), // 67 KB: 76 cast, 175 crew
  images: read('recorded/ce-movie-550-images.json'), // 22 KB
  reviews: read('recorded/ce-movie-550-reviews.json'), // 16.9 KB: 8 long reviews, the "about 17 KB"
  lists: read('recorded/ce-movie-550-lists.json'),
  videos: read('recorded/ce-movie-550-videos.json'),
  keywords: read('recorded/ce-movie-550-keywords.json'),
};
const EMPTY_FEED = { results: [], page: 1, total_pages: 1, total_results: 0 };
const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' };

function bodyOf(path: string, query: URLSearchParams): { status: number; body: unknown } {
  if (path === '/3/configuration') return { status: 200, body: ROUTES.configuration };
  if (path === '/3/movie/upcoming') return { status: 200, body: ROUTES.upcoming };
  if (/^\/3\/(movie|tv|person)\/changes$/.test(path)) return { status: 200, body: EMPTY_FEED };
  const movie = /^\/3\/movie\/(\d+)(?:\/([a-z_]+))?$/.exec(path);
  if (!movie) return { status: 404, body: NOT_FOUND };
  const id = Number(movie[1]);
  const part = movie[2];
  if (part) return MOVIE_PARTS[part] ? { status: 200, body: { ...MOVIE_PARTS[part], id } } : { status: 404, body: NOT_FOUND };
  const appended = (query.get('append_to_response') ?? '').split(',').filter((name) => MOVIE_PARTS[name]);
  const parts = Object.fromEntries(appended.map((name) => [name, withoutId(MOVIE_PARTS[name]!)]));
  return { status: 200, body: { ...ROUTES.details, id, ...parts } };
}

function withoutId({ id: _id, ...rest }: Record<string, unknown>) {
  return rest;
}

interface Answer {
  status: number;
  plain: Buffer;
  gzip: Buffer;
}

/** Bounded: the bench asks a few dozen distinct paths; past this many, answers are made afresh. */
const MAX_KEPT = 2_000;
const kept = new Map<string, Answer>();

function answerFor(url: URL): Answer {
  const key = url.pathname + url.search;
  const found = kept.get(key);
  if (found) return found;
  const { status, body } = bodyOf(url.pathname, url.searchParams);
  const plain = Buffer.from(JSON.stringify(body));
  const answer = { status, plain, gzip: gzipSync(plain) };
  if (kept.size < MAX_KEPT) kept.set(key, answer);
  return answer;
}

const stats = { calls: 0, bytes: 0, gzipped: 0, askedGzip: 0, connections: 0 };

function serve(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://upstream');
  if (url.pathname.startsWith('/__bench/')) {
    if (url.pathname === '/__bench/reset') Object.assign(stats, { calls: 0, bytes: 0, gzipped: 0, askedGzip: 0, connections: 0 });
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
    return;
  }
  const answer = answerFor(url);
  const asks = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  const gzip = GZIP && asks;
  const body = gzip ? answer.gzip : answer.plain;
  stats.calls++;
  stats.bytes += body.length;
  if (asks) stats.askedGzip++;
  if (gzip) stats.gzipped++;
  setTimeout(() => {
    response.writeHead(answer.status, {
      'content-type': 'application/json;charset=utf-8',
      'content-length': body.length,
      'cache-control': 'public, max-age=3600',
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(body);
  }, LATENCY_MS);
}

const server = createServer({ keepAliveTimeout: 30_000 }, serve);
server.on('connection', () => stats.connections++);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`recorded upstream stats at http://127.0.0.1:${port}/__bench/ ready at http://127.0.0.1:${port}/3`);
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
