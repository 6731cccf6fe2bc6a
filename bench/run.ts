/**
 * npm run bench: the gateway against the embedded catalog with an injected latency per
 * upstream call, next to a hand-written REST client doing the same work. Prints a table and
 * writes BENCHMARKS.md. Cold figures come from a gateway with its cache off (every request
 * cold); warm ones from a gateway with its cache on, after one priming request.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { request } from 'undici';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { compressedLinkFigures } from './compressed-link.ts';
import { cpuFigures } from './cpu.ts';
import { deliveryFigures } from './delivery.ts';
import { feedFigures } from './feeds.ts';
import { overheadFigures } from './overhead.ts';
import { startGateway, stopGateway } from './gateway-process.ts';
import { hitPathFigures } from './hit-path.ts';
import { peerFigures } from './peers.ts';
import { PEER_DOCUMENTS, peakRssMb } from './peer-kit.ts';
import { replaceSection } from './report.ts';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const WARM_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const COLD_RUNS = 30;

/** The peers' documents (bench/peer-kit.ts), (b) for a movie of the embedded catalog. */
const QUERIES = {
  a: PEER_DOCUMENTS['(a) configuration'],
  b: PEER_DOCUMENTS['(b) movie page'],
  c: PEER_DOCUMENTS['(c) 20 upcoming + titles + reviews'],
};

async function graphql(url: string, query: string) {
  const started = performance.now();
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.body.json()) as { errors?: unknown[] };
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return performance.now() - started;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Row {
  operation: string;
  mode: string;
  rps?: number;
  p50: number;
  p99: number;
  callsPerRequest: number;
  hitRatio?: number;
  errors?: number;
  rssMb?: number;
}

/** Sequential cold requests: latency percentiles and upstream calls per request. */
async function cold(catalog: RunningCatalog, url: string, query: string, operation: string): Promise<Row> {
  const times: number[] = [];
  catalog.resetCalls();
  for (let i = 0; i < COLD_RUNS; i++) times.push(await graphql(url, query));
  return {
    operation,
    mode: 'gateway, cold',
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    callsPerRequest: catalog.calls.length / COLD_RUNS,
  };
}

async function load(url: string, body: string, seconds: number, connections: number, post = true) {
  let graphqlErrors = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: post ? 'POST' : 'GET',
    headers: post ? { 'content-type': 'application/json' } : {},
    body: post ? body : undefined,
    requests: [
      {
        onResponse: (status: number, responseBody: string) => {
          if (status !== 200 || responseBody.includes('"errors"')) graphqlErrors++;
        },
      },
    ],
  } as autocannon.Options);
  return { result, errors: graphqlErrors + result.errors + result.timeouts };
}

/** Warm: one priming request, then load; calls per request and hit ratio from the catalog. */
async function warm(
  catalog: RunningCatalog,
  url: string,
  query: string,
  operation: string,
  coldCalls: number,
  seconds: number,
  connections: number,
  rss?: number,
): Promise<Row> {
  await graphql(url, query);
  catalog.resetCalls();
  const { result, errors } = await load(url, JSON.stringify({ query }), seconds, connections);
  const requests = result.requests.total;
  const calls = catalog.calls.length;
  return {
    operation,
    mode: `gateway, warm, ${connections} clients, ${seconds} s`,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    callsPerRequest: calls / requests,
    hitRatio: coldCalls > 0 ? 1 - calls / (requests * coldCalls) : undefined,
    errors,
    rssMb: rss,
  };
}

/** The hand-written REST client: what a frontend would call, in parallel where possible. */
async function rest(operation: string, calls: () => Promise<number>): Promise<Row> {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < COLD_RUNS; i++) {
    const started = performance.now();
    count += await calls();
    times.push(performance.now() - started);
  }
  return {
    operation,
    mode: 'hand-written REST client',
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    callsPerRequest: count / COLD_RUNS,
  };
}

/** `BENCH_ONLY=peers` runs one section alone and rewrites only that section of BENCHMARKS.md. */
const SECTIONS = {
  hit: { title: 'The hit path against bare Node', figures: hitPathFigures },
  peers: { title: 'Peers: Tailcall and Apollo Server', figures: peerFigures },
  compression: { title: 'Compressed upstream answers over a 20 Mbit/s link', figures: compressedLinkFigures },
  cpu: { title: 'CPU per answer: one process against one Tailcall thread', figures: cpuFigures },
  feeds: { title: 'The change feeds: upstream calls an hour, and the poller’s CPU', figures: feedFigures },
} as const;

async function only(name: string) {
  const section = SECTIONS[name as keyof typeof SECTIONS];
  if (!section) throw new Error(`BENCH_ONLY: expected one of ${Object.keys(SECTIONS).join(', ')}, got "${name}"`);
  const loadAtStart = loadavg()[0] ?? 0;
  const lines = await section.figures();
  const body = [
    `Run: ${new Date().toISOString()}, \`BENCH_ONLY=${name} npm run bench\`, load average (1 min) ${loadAtStart.toFixed(1)} at start, ${(loadavg()[0] ?? 0).toFixed(1)} at end, on ${availableParallelism()} cores.`,
    '',
    ...lines,
  ];
  replaceSection('BENCHMARKS.md', section.title, body);
  console.log(body.join('\n'));
}

async function main() {
  if (process.env.BENCH_ONLY) return only(process.env.BENCH_ONLY);
  // Other work on the machine moves every figure: the report says how busy it was.
  const loadAtStart = loadavg()[0] ?? 0;
  const catalog = await startCatalog({ latencyMs: LATENCY_MS });
  const directCatalog = await startCatalog({ latencyMs: 0 });
  const auth = { authorization: `Bearer ${catalog.demoToken}` };
  const get = async (path: string) => {
    const response = await request(`${catalog.baseUrl}${path}`, { headers: auth });
    return response.body.json() as Promise<any>;
  };
  const movieId = catalog.data.movies.find((m) => (catalog.data.movieImages.get(m.id)?.posters.length ?? 0) > 0)!.id;
  const rows: Row[] = [];

  const coldGateway = await startGateway(catalog.baseUrl, catalog.demoToken, { CACHE_ENABLED: 'false' });
  const a = await cold(catalog, coldGateway.url, QUERIES.a, '(a) configuration');
  const b = await cold(catalog, coldGateway.url, QUERIES.b(movieId), '(b) one movie');
  const c = await cold(catalog, coldGateway.url, QUERIES.c, '(c) 20 upcoming');
  await stopGateway(coldGateway);

  const warmGateway = await startGateway(catalog.baseUrl, catalog.demoToken, {});
  const catalogRps = (await load(`${directCatalog.baseUrl}/configuration`, '', WARM_SECONDS, 10, false)).result;
  directCatalog.resetCalls();
  const catalogRow: Row = {
    operation: '(a) configuration',
    mode: 'embedded catalog itself, GET /configuration, 10 clients',
    rps: catalogRps.requests.average,
    p50: catalogRps.latency.p50,
    p99: catalogRps.latency.p99,
    callsPerRequest: 1,
  };
  const aWarm = await warm(catalog, warmGateway.url, QUERIES.a, '(a) configuration', a.callsPerRequest, WARM_SECONDS, 10);
  // The execution path alone: the same gateway without its whole-response cache.
  const executing = await startGateway(catalog.baseUrl, catalog.demoToken, { RESPONSE_CACHE_ENABLED: 'false' });
  const aExecuting = await warm(catalog, executing.url, QUERIES.a, '(a) configuration', a.callsPerRequest, WARM_SECONDS, 10);
  aExecuting.mode = 'gateway, warm, response cache off (every request executed), 10 clients';
  await stopGateway(executing);
  const bare = await startGateway(catalog.baseUrl, catalog.demoToken, {}, 'bench/bare-yoga.ts');
  const bareRun = (await load(bare.url, JSON.stringify({ query: QUERIES.a }), WARM_SECONDS, 10)).result;
  await stopGateway(bare);
  const bareRow: Row = {
    operation: '(a) configuration',
    mode: 'bare graphql-yoga, static resolver (framework ceiling), 10 clients',
    rps: bareRun.requests.average,
    p50: bareRun.latency.p50,
    p99: bareRun.latency.p99,
    callsPerRequest: 0,
  };
  const bWarm = await warm(catalog, warmGateway.url, QUERIES.b(movieId), '(b) one movie', b.callsPerRequest, WARM_SECONDS, 10);
  await stopGateway(warmGateway);

  const loadGateway = await startGateway(catalog.baseUrl, catalog.demoToken, {});
  const d = await warm(catalog, loadGateway.url, QUERIES.c, '(d) = (c), load', c.callsPerRequest, LOAD_SECONDS, 50);
  d.rssMb = peakRssMb(loadGateway.pid);
  await stopGateway(loadGateway);

  const bRest = await rest('(b) one movie', async () => {
    await Promise.all(['', '/alternative_titles', '/images', '/credits', '/reviews?page=1'].map((sub) => get(`/movie/${movieId}${sub}`)));
    return 5;
  });
  const cRest = await rest('(c) 20 upcoming', async () => {
    const upcoming = await get('/movie/upcoming?page=1');
    const ids: number[] = upcoming.results.map((m: { id: number }) => m.id);
    await Promise.all(ids.flatMap((id) => [get(`/movie/${id}/alternative_titles`), get(`/movie/${id}/reviews?page=1`)]));
    return 1 + ids.length * 2;
  });

  rows.push(a, catalogRow, bareRow, aWarm, aExecuting, b, bWarm, bRest, c, cRest, d);
  const delivery = await deliveryFigures(catalog);
  const overhead = await overheadFigures(catalog, WARM_SECONDS);
  await catalog.close();
  await directCatalog.close();

  const fmt = (n: number | undefined, digits = 1) => (n === undefined ? '' : n.toFixed(digits));
  const header =
    '| operation | mode | req/s | p50 ms | p99 ms | upstream calls / request | cache hit ratio | errors | gateway peak RSS MB |';
  const lines = rows.map(
    (r) =>
      `| ${r.operation} | ${r.mode} | ${fmt(r.rps, 0)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.callsPerRequest, 2)} | ${r.hitRatio === undefined ? '' : `${(r.hitRatio * 100).toFixed(1)}%`} | ${r.errors ?? ''} | ${fmt(r.rssMb, 0)} |`,
  );
  const ratios = [
    `- (a) warm gateway req/s ÷ catalog's own GET /configuration req/s: ${((aWarm.rps ?? 0) / (catalogRow.rps ?? 1)).toFixed(2)} (target ≥ 0.50); bare graphql-yoga ÷ catalog: ${((bareRow.rps ?? 0) / (catalogRow.rps ?? 1)).toFixed(2)}; without the response cache, gateway ÷ catalog: ${((aExecuting.rps ?? 0) / (catalogRow.rps ?? 1)).toFixed(2)} and gateway ÷ bare graphql-yoga: ${((aExecuting.rps ?? 0) / (bareRow.rps ?? 1)).toFixed(2)}`,
    `- (b) upstream calls: ${b.callsPerRequest} cold, ${bWarm.callsPerRequest.toFixed(3)} warm; hand-written client: ${bRest.callsPerRequest}`,
    `- (c) upstream calls cold: ${c.callsPerRequest} (target ≤ 21; hand-written: ${cRest.callsPerRequest}); p50 cold ${c.p50.toFixed(1)} ms (target ≤ ${2 * LATENCY_MS + 15} ms = 2 × latency + 15)`,
    `- (d) errors: ${d.errors}; gateway peak RSS ${fmt(d.rssMb, 0)} MB (target < 250 MB)`,
  ];
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const report = [
    '# Benchmarks',
    '',
    `Command: \`npm run bench\` (BENCH_LATENCY_MS=${LATENCY_MS}, BENCH_SECONDS=${WARM_SECONDS}, BENCH_LOAD_SECONDS=${LOAD_SECONDS}).`,
    `Machine: ${availableParallelism()} cores (${cpu}), Node ${process.version}. Injected catalog latency: ${LATENCY_MS} ms per upstream call.`,
    `Run: ${new Date().toISOString()}. Load generator, catalog and gateway share the machine; compare ratios, not absolute figures.`,
    `Load average (1 min) at start ${loadAtStart.toFixed(1)}, at end ${(loadavg()[0] ?? 0).toFixed(1)}, on ${availableParallelism()} cores.`,
    '',
    header,
    '|---|---|---|---|---|---|---|---|---|',
    ...lines,
    '',
    'Machine-independent figures:',
    ...ratios,
    '',
    '## Delivery',
    '',
    'Persisted queries, a GET cache hit at a real Varnish, compression and @defer (bench/delivery.ts; docs/delivery.md).',
    '',
    ...delivery,
    '',
    "## The gateway's own cost",
    '',
    ...overhead,
    '',
  ].join('\n');
  writeFileSync('BENCHMARKS.md', report);
  console.log(report);
  for (const [name, section] of Object.entries(SECTIONS)) {
    const lines = [`Alone: \`BENCH_ONLY=${name} npm run bench\`.`, '', ...(await section.figures())];
    replaceSection('BENCHMARKS.md', section.title, lines);
    console.log(lines.join('\n'));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
