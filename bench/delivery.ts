/**
 * The delivery figures of `npm run bench`: bytes up with APQ, a GET cache hit at a real
 * Varnish against one at the gateway, bytes down and the cost of compression, and @defer's
 * time to first part. Returns the lines of its own BENCHMARKS.md section. Standalone:
 * `npm run build && tsx bench/delivery.ts`.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { request } from 'undici';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { startVarnish } from '../test/delivery/varnish.ts';
import { locateProgram } from '../test/outside-programs.ts';
import { startGateway, stopGateway } from './gateway-process.ts';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SLOW_REVIEWS_MS = 200;
const RUNS = 20;

const moviePage = (id: number) => `query MoviePage {
  movie(id: ${id}) {
    id: databaseId title tagline overview releaseDate runtime voteAverage posterPath
    genres { id: databaseId name }
    credits { cast { id character order person { id: databaseId name profilePath } } crew { id job department person { id: databaseId name } } }
    reviews(first: 20) { totalCount edges { node { id: databaseId author content createdAt authorDetails { rating } } } }
    images { posters { filePath width height } backdrops { filePath width height } }
  }
}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  if (result.non2xx || result.errors) throw new Error(`bench: ${result.non2xx} non-2xx, ${result.errors} errors on ${url}`);
  return result;
}

type Target = [url: string, headers?: Record<string, string>];

/**
 * Two loads compared fairly on a shared machine: each warmed up, then run in turn, A B A B ...,
 * four times each for a quarter of BENCH_SECONDS; the median run of each is shown.
 */
async function rates(a: Target, b: Target): Promise<[string, string]> {
  const runs: [autocannon.Result[], autocannon.Result[]] = [[], []];
  const targets = [a, b] as const;
  for (const [url, headers] of targets) await load(url, headers ?? {}, 1);
  for (let round = 0; round < 4; round++) {
    for (const [index, [url, headers]] of targets.entries()) runs[index]!.push(await load(url, headers ?? {}, Math.max(1, SECONDS / 4)));
  }
  const show = (results: autocannon.Result[]) => {
    const sorted = [...results].sort((x, y) => x.requests.average - y.requests.average);
    const middle = sorted[Math.floor(sorted.length / 2)]!;
    return `${Math.round(middle.requests.average)} req/s, p99 ${middle.latency.p99} ms`;
  };
  return [show(runs[0]), show(runs[1])];
}

async function bytesOf(url: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}) {
  const answer = await request(url, init);
  const bytes = Buffer.from(await answer.body.arrayBuffer());
  if (answer.statusCode !== 200) throw new Error(`bench: ${answer.statusCode} from ${url}: ${bytes.toString().slice(0, 200)}`);
  return { bytes, encoding: answer.headers['content-encoding'] };
}

/** APQ: what goes up for the same answer, full document against hash. */
async function persistedQueries(url: string, movieId: number): Promise<string[]> {
  const query = moviePage(movieId);
  const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
  const full = JSON.stringify({ query });
  const hashed = JSON.stringify({ extensions: { persistedQuery } });
  const post = (body: string) => bytesOf(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const fullAnswer = await post(JSON.stringify({ query, extensions: { persistedQuery } }));
  const hashedAnswer = await post(hashed);
  if (!hashedAnswer.bytes.equals(fullAnswer.bytes)) throw new Error('bench: the APQ answer differs from the full one');
  const getUrl = `${url}?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery }))}`;
  const fullGet = `${url}?query=${encodeURIComponent(query)}`;
  return [
    `| APQ, movie page (${query.length} characters) | POST body: ${full.length} B full, ${hashed.length} B by hash (${(full.length / hashed.length).toFixed(1)}× less) | GET URL: ${fullGet.length} B full, ${getUrl.length} B by hash |`,
  ];
}

/** The same GET hit answered by Varnish and by the gateway's whole-response cache. */
async function proxyHits(url: string, port: number, movieId: number): Promise<string[]> {
  const varnishd = locateProgram('varnishd');
  if (!varnishd) return ['| GET cache hit | not measured: varnishd not found (`apt-get install varnish`) | |'];
  const varnish = await startVarnish(varnishd, port);
  try {
    const path = `/graphql?query=${encodeURIComponent(`{ movie(id: ${movieId}) { title overview runtime genres { name } } }`)}`;
    await request(`${varnish.url}${path}`).then((answer) => answer.body.dump());
    const probe = await request(`${varnish.url}${path}`);
    await probe.body.dump();
    if (String(probe.headers['x-varnish']).split(' ').length !== 2) throw new Error('bench: Varnish did not keep the answer');
    const [atProxy, atGateway] = await rates([`${varnish.url}${path}`], [`${url.replace(/\/graphql$/, '')}${path}`]);
    return [`| GET cache hit, 10 clients, ${SECONDS} s | at Varnish: ${atProxy} | at the gateway (whole-response cache): ${atGateway} |`];
  } finally {
    await varnish.close();
  }
}

/** Bytes down per coding, and what compressing costs on a miss and on a hit. */
async function compression(catalog: RunningCatalog, url: string, movieId: number): Promise<string[]> {
  const lines: string[] = [];
  const queries = {
    'movie page with credits, reviews, images': moviePage(movieId),
    'popular movies, a page':
      '{ popularMovies(first: 20) { edges { node { id: databaseId title overview releaseDate posterPath voteAverage } } } }',
  };
  for (const [name, query] of Object.entries(queries)) {
    const at = `${url}?query=${encodeURIComponent(query)}`;
    const [plain, gzip, br] = await Promise.all([
      bytesOf(at),
      bytesOf(at, { headers: { 'accept-encoding': 'gzip' } }),
      bytesOf(at, { headers: { 'accept-encoding': 'gzip, deflate, br' } }),
    ]);
    lines.push(
      `| bytes down, ${name} | ${kb(plain.bytes.length)} plain, ${kb(gzip.bytes.length)} gzip (${(plain.bytes.length / gzip.bytes.length).toFixed(1)}×), ${kb(br.bytes.length)} br (${(plain.bytes.length / br.bytes.length).toFixed(1)}×) | |`,
    );
  }
  const big = `${url}?query=${encodeURIComponent(moviePage(movieId))}`;
  const [bigBr, bigPlain] = await rates([big, { 'accept-encoding': 'br' }], [big]);
  lines.push(`| movie page, cache hits, 10 clients | br (compressed once, kept): ${bigBr} | plain: ${bigPlain} |`);
  const small = `${url}?query=${encodeURIComponent('{ configuration { changeKeys } }')}`;
  const [smallAsking, smallPlain] = await rates([small, { 'accept-encoding': 'gzip, br' }], [small]);
  lines.push(`| small answer (< 1 KB), cache hits, 10 clients | asking gzip, br: ${smallAsking} | asking nothing: ${smallPlain} |`);
  // A miss compresses on the way out: the same page cold, with and without br.
  const cold = await startGateway(catalog.baseUrl, catalog.demoToken, { CACHE_ENABLED: 'false' });
  try {
    const coldAt = `${cold.url}?query=${encodeURIComponent(moviePage(movieId))}`;
    const times = { br: [] as number[], plain: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      const pair = [
        ['br', { 'accept-encoding': 'br' }],
        ['plain', {}],
      ] as const;
      // In turn, each first every other run: neither pays for going first.
      for (const [coding, headers] of i % 2 ? [...pair].reverse() : pair) {
        const started = performance.now();
        await bytesOf(coldAt, { headers });
        times[coding].push(performance.now() - started);
      }
    }
    lines.push(
      `| movie page, cold (every request upstream), p50 | br: ${median(times.br).toFixed(1)} ms | plain: ${median(times.plain).toFixed(1)} ms |`,
    );
  } finally {
    await stopGateway(cold);
  }
  return lines;
}

/** Time to the first part and to the whole answer of a deferred query, reviews slow upstream. */
async function deferred(movieId: number): Promise<string[]> {
  const catalog = await startCatalog({ latencyMs: LATENCY_MS, faults: [{ path: '^/movie/\\d+/reviews$', latencyMs: SLOW_REVIEWS_MS }] });
  const gateway = await startGateway(catalog.baseUrl, catalog.demoToken, { CACHE_ENABLED: 'false' });
  try {
    const inner = 'reviews(first: 20) { edges { node { author content } } } credits { cast { character person { name } } }';
    const deferredQuery = `{ movie(id: ${movieId}) { title overview posterPath ... @defer { ${inner} } } }`;
    const plainQuery = `{ movie(id: ${movieId}) { title overview posterPath ${inner} } }`;
    const first: number[] = [];
    const whole: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      const answer = await request(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'multipart/mixed' },
        body: JSON.stringify({ query: deferredQuery }),
      });
      let text = '';
      for await (const chunk of answer.body) {
        if (text === '' && String(chunk).includes('"hasNext":true')) first.push(performance.now() - started);
        text += chunk;
      }
      whole.push(performance.now() - started);
      if (!text.includes('"hasNext":false')) throw new Error('bench: the deferred answer did not complete');
      started = performance.now();
      await bytesOf(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: plainQuery }),
      });
      plain.push(performance.now() - started);
    }
    return [
      `| @defer, movie with reviews and credits deferred (reviews ${SLOW_REVIEWS_MS} ms slower upstream), cold, p50 | first part ${median(first).toFixed(1)} ms, whole ${median(whole).toFixed(1)} ms | without @defer: ${median(plain).toFixed(1)} ms (first part ÷ whole: ${(median(first) / median(plain)).toFixed(2)}) |`,
    ];
  } finally {
    await stopGateway(gateway);
    await catalog.close();
  }
}

/** The movie with the most credits and reviews: the heaviest movie page of the catalog. */
function heaviestMovie(catalog: RunningCatalog): number {
  const reviews = new Map<number, number>();
  for (const review of catalog.data.reviews)
    if (review.media_type === 'movie') reviews.set(review.media_id, (reviews.get(review.media_id) ?? 0) + 1);
  const weight = (id: number) => {
    const credits = catalog.data.credits.movies.get(id);
    return (credits?.cast.length ?? 0) + (credits?.crew.length ?? 0) + 10 * (reviews.get(id) ?? 0);
  };
  return catalog.data.movies.reduce((best, movie) => (weight(movie.id) > weight(best.id) ? movie : best)).id;
}

export async function deliveryFigures(catalog: RunningCatalog): Promise<string[]> {
  const movieId = heaviestMovie(catalog);
  const gateway = await startGateway(catalog.baseUrl, catalog.demoToken, {});
  const lines = ['| figure | measured | against |', '|---|---|---|'];
  try {
    lines.push(...(await persistedQueries(gateway.url, movieId)));
    lines.push(...(await proxyHits(gateway.url, Number(new URL(gateway.url).port), movieId)));
    lines.push(...(await compression(catalog, gateway.url, movieId)));
  } finally {
    await stopGateway(gateway);
  }
  lines.push(...(await deferred(movieId)));
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const catalog = await startCatalog({ latencyMs: LATENCY_MS });
  console.log((await deliveryFigures(catalog)).join('\n'));
  await catalog.close();
}
