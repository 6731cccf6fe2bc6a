/**
 * Runs the gateway under `node --cpu-prof` through one workload and prints the summary
 * (cpuprofile-summary.ts). Workloads:
 *
 * - `execution`: the execution-path load (warm upstream cache, no response cache, 400 ids,
 *   10 connections) for PROFILE_SECONDS (default 15).
 * - `hit`: the configuration document from the whole-response cache, 10 connections.
 * - `uncached-c`: 20 upcoming movies with titles and reviews, both caches off, 10 connections.
 * - `document`: PROFILE_DOCUMENT (default the configuration document) with both caches off, 16
 *   connections: the CPU per answer of bench/entry-ab.ts's (a) and (b), by frame.
 * - `cold`: sequential requests with both caches off, 20 ms injected latency, alternating the
 *   configuration query and the merged movie page, PROFILE_REQUESTS (default 400) in all.
 *
 *   npx tsx bench/profile/cpu-profile.ts execution|cold [variant] [outdir]
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startCatalog } from '@media-catalog/catalog';
import { summarise } from './cpuprofile-summary.ts';
import { CONFIGURATION, MOVIE_PAGE, MOVIE_SELECTION, postQuery, startChild, stopChild, UPCOMING_PAGE } from './lib.ts';
import { variantEnv } from './variants.ts';

const workload = process.argv[2] ?? 'execution';
const variant = process.argv[3] ?? 'gateway';
const outdir = process.argv[4] ?? join(tmpdir(), `cpu-prof-${workload}-${variant}-${Date.now()}`);

async function main() {
  mkdirSync(outdir, { recursive: true });
  const catalog = await startCatalog({ latencyMs: 20 });
  const cold = workload === 'cold';
  const hit = workload === 'hit';
  // The peers' (c) document with every cache off: 21 upstream calls per answer.
  const uncached = workload === 'uncached-c';
  const document = workload === 'document';
  const gateway = await startChild(
    variant,
    'gateway-entry.ts',
    {
      CATALOG_BASE_URL: catalog.baseUrl,
      CATALOG_ACCESS_TOKEN: catalog.demoToken,
      ...(hit ? {} : { RESPONSE_CACHE_ENABLED: 'false' }),
      ...(document ? { WORKERS: '1' } : {}),
      ...(cold || uncached || document ? { CACHE_ENABLED: 'false' } : {}),
      ...variantEnv(variant),
    },
    ['--cpu-prof', '--cpu-prof-dir', outdir, '--cpu-prof-interval', process.env.PROFILE_INTERVAL_US ?? '100'],
  );
  const ids = catalog.data.movies.slice(0, 400).map((m) => m.id);
  const query = (id: number) => `{ movie(id: ${id}) { ${MOVIE_SELECTION} } }`;
  const micros = () => Number(process.hrtime.bigint() / 1000n);
  let from = 0;
  let requests = 0;
  if (cold) {
    // Forty requests of warm-up, out of the window.
    for (let i = 0; i < 40; i++) await postQuery(gateway.url, i % 2 ? CONFIGURATION : MOVIE_PAGE(ids[0]!));
    from = micros();
    requests = Number(process.env.PROFILE_REQUESTS ?? 400);
    // The cold figure's two queries: the same movie page each time, as in cold-overhead.ts.
    for (let i = 0; i < requests; i++) await postQuery(gateway.url, i % 2 ? CONFIGURATION : MOVIE_PAGE(ids[0]!));
  } else if (hit || uncached || document) {
    const asked = hit ? CONFIGURATION : uncached ? UPCOMING_PAGE : (process.env.PROFILE_DOCUMENT ?? CONFIGURATION);
    for (let i = 0; i < (document ? 200 : 1); i++) await postQuery(gateway.url, asked);
    from = micros();
    const result = await autocannon({
      url: gateway.url,
      connections: document ? 16 : 10,
      duration: Number(process.env.PROFILE_SECONDS ?? 15),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: asked }),
    });
    requests = result.requests.total;
  } else {
    for (const id of ids) await postQuery(gateway.url, query(id));
    from = micros();
    let next = 0;
    const result = await autocannon({
      url: gateway.url,
      connections: 10,
      duration: Number(process.env.PROFILE_SECONDS ?? 15),
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            body: JSON.stringify({ query: query(ids[next++ % ids.length]!) }),
          }),
        },
      ],
    } as autocannon.Options);
    requests = result.requests.total;
  }
  const to = micros();
  await stopChild(gateway);
  await catalog.close();
  const file = readdirSync(outdir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${outdir}`);
  const { idle, busy, byFunction, byPackage } = summarise(JSON.parse(readFileSync(`${outdir}/${file}`, 'utf8')), { from, to });
  const pct = (micros: number) => `${((100 * micros) / busy).toFixed(1)}%`;
  console.log(`${workload}, ${variant}: ${outdir}/${file}`);
  console.log(
    `busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms (the measured window only); ${requests} requests, ${(busy / requests).toFixed(0)} µs busy per request`,
  );
  console.log('\nself time by package');
  for (const [name, micros] of byPackage.slice(0, 22)) console.log(`${pct(micros).padStart(6)}  ${name}`);
  console.log('\nself time by function');
  for (const [name, micros] of byFunction.slice(0, 40)) console.log(`${pct(micros).padStart(6)}  ${name}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
