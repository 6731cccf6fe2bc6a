/**
 * npm run soak: 60 s of mixed load on the gateway while the catalog injects faults, then a
 * phase with the upstream down. Prints requests by outcome and error code, and the gateway's
 * RSS at start and end (after a warm-up), so leaks and pile-ups show.
 */
import autocannon from 'autocannon';
import { startCatalog } from '@media-catalog/catalog';
import { runDistinctMix } from './distinct-mix.ts';
import { startGateway, stopGateway } from './gateway-process.ts';
import { rssMb } from './peer-kit.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const DOWN_SECONDS = Number(process.env.SOAK_DOWN_SECONDS ?? 10);
const MIX_SECONDS = Number(process.env.SOAK_MIX_SECONDS ?? 60);
const MIX_RUNS = Number(process.env.SOAK_MIX_RUNS ?? 4);
const DEADLINE_MS = 3_000;

async function main() {
  const catalog = await startCatalog({ latencyMs: 10 });
  const movieIds = catalog.data.movies.slice(0, 200).map((m) => m.id);
  const seriesIds = catalog.data.tvSeries.slice(0, 50).map((s) => s.id);
  const queries = [
    '{ configuration { changeKeys } }',
    '{ upcomingMovies { edges { node { id: databaseId title alternativeTitles { title } reviews { totalCount } } } } }',
    ...movieIds.map((id) => `{ movie(id: ${id}) { title overview images { posters { filePath } } lists { totalCount } } }`),
    ...seriesIds.map((id) => `{ tvSeries(id: ${id}) { name season(number: 1) { name episode(number: 1) { name } } } }`),
    '{ search { companies(query: "north") { totalCount edges { node { name } } } } }',
    '{ movie(id: 0) { title } }',
    '{ movie(id: 999999) { title } }',
  ];
  catalog.setFaults([
    { path: '.*', status: 503, probability: 0.03 },
    { path: '.*', reset: true, probability: 0.01 },
    { path: '.*', status: 429, retryAfterSeconds: 1, probability: 0.01 },
    { path: '.*', body: 'garbage', probability: 0.01 },
    { path: '.*', latencyMs: 2_500, probability: 0.01 },
  ]);

  const gateway = await startGateway(catalog.baseUrl, catalog.demoToken, {
    LOG_LEVEL: 'warn',
    UPSTREAM_TIMEOUT_MS: '2000',
    REQUEST_DEADLINE_MS: String(DEADLINE_MS),
    // No cross-request cache: every request reaches the faulty upstream, which is the point.
    CACHE_ENABLED: 'false',
  });
  const { url } = gateway;

  const outcomes = new Map<string, number>();
  const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  const run = (seconds: number) =>
    autocannon({
      url,
      connections: 20,
      duration: seconds,
      requests: queries.map((query) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
        onResponse: (status: number, body: string) => {
          if (status >= 500) return count(`http ${status}`);
          try {
            const parsed = JSON.parse(body) as { errors?: Array<{ extensions?: { code?: string } }> };
            if (!parsed.errors?.length) return count('ok');
            for (const error of parsed.errors) count(`error ${error.extensions?.code ?? 'UNCODED'}`);
          } catch {
            count('unreadable body');
          }
        },
      })),
    } as autocannon.Options);

  const phase = (name: string) => console.error(`soak: ${name}`);
  phase('warm-up');
  await run(5);
  outcomes.clear();
  const rssStart = rssMb(gateway.pid);
  phase('faults');
  const soak = await run(SECONDS);
  const rssEnd = rssMb(gateway.pid);

  const soakCounts = new Map(outcomes);
  catalog.setFaults([{ path: '.*', reset: true }]);
  outcomes.clear();
  phase('upstream down');
  const down = await run(DOWN_SECONDS);
  const downCounts = new Map(outcomes);

  await stopGateway(gateway);

  // The memory mix: both caches on (the defaults), nothing repeats, no faults.
  phase('distinct mix');
  catalog.setFaults([]);
  const cached = await startGateway(catalog.baseUrl, catalog.demoToken, { LOG_LEVEL: 'warn' });
  const mixIds = catalog.data.movies.map((m) => m.id);
  let mixPeak = 0;
  const sample = () => void (mixPeak = Math.max(mixPeak, rssMb(cached.pid)));
  const mixStart = rssMb(cached.pid);
  const mixRuns: string[] = [];
  for (let run = 1; run <= MIX_RUNS; run++) {
    const result = await runDistinctMix(cached.url, mixIds, MIX_SECONDS, sample);
    mixRuns.push(
      `  run ${run}: ${result.requests.total} requests (${result.requests.average.toFixed(0)}/s), non-2xx ${result.non2xx}, RSS ${rssMb(cached.pid).toFixed(0)} MB, peak so far ${mixPeak.toFixed(0)} MB`,
    );
  }
  await stopGateway(cached);
  await catalog.close();

  const table = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([key, n]) => `  ${key.padEnd(28)} ${n}`)
      .join('\n');
  console.log(`Soak: ${SECONDS} s, 20 clients, ${queries.length} queries in rotation, cache off, faults on ~7% of upstream calls`);
  console.log(
    `requests: ${soak.requests.total} (${soak.requests.average.toFixed(0)}/s), p50 ${soak.latency.p50} ms, p99 ${soak.latency.p99} ms, socket errors ${soak.errors}, timeouts ${soak.timeouts}`,
  );
  console.log(`outcomes (per error, a response may carry several):\n${table(soakCounts)}`);
  console.log(
    `gateway RSS: ${rssStart.toFixed(1)} MB after warm-up → ${rssEnd.toFixed(1)} MB at the end (${(((rssEnd - rssStart) / rssStart) * 100).toFixed(1)}%, target < 10%)`,
  );
  console.log(
    `\nUpstream down for ${DOWN_SECONDS} s (every call reset): ${down.requests.total} requests, p50 ${down.latency.p50} ms, p99 ${down.latency.p99} ms (deadline ${DEADLINE_MS} ms), max ${down.latency.max} ms`,
  );
  console.log(table(downCounts));
  console.log(
    `\nDistinct mix, both caches on, 16 clients, ${MIX_RUNS} × ${MIX_SECONDS} s: RSS ${mixStart.toFixed(0)} MB at start, peak ${mixPeak.toFixed(0)} MB (target < 250 MB)`,
  );
  console.log(mixRuns.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
