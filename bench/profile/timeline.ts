/**
 * Where the cold milliseconds go: one gateway process with performance.now() marks per request
 * (gateway-entry.ts PROFILE_TIMELINE=1), another counting the async resources each request
 * creates (PROFILE_COUNT=1: timers, ticks, promises, sockets), both with the caches off and the
 * catalog's injected latency, requests sequential. Prints, per query, the median time of each
 * mark after the request arrived, the median gap to the mark before, the resource counts, and
 * how many upstream connections were opened (undici's pool staying warm shows as 1).
 *
 *   npx tsx bench/profile/timeline.ts      TIMELINE_RUNS=70 COLD_LATENCY_MS=20
 */
import { startCatalog } from '@media-catalog/catalog';
import { CONFIGURATION, median, MOVIE_PAGE, postQuery, profileStats, startChild, stopChild, timed } from './lib.ts';

const RUNS = Number(process.env.TIMELINE_RUNS ?? 70);
const LATENCY_MS = Number(process.env.COLD_LATENCY_MS ?? 20);

type Timeline = Array<[string, number]>;

/** Median offset of each mark (its first occurrence) from "request in", in order of appearance. */
function medianTimeline(timelines: Timeline[]) {
  const offsets = new Map<string, number[]>();
  for (const timeline of timelines) {
    const start = timeline[0]![1];
    const seen = new Map<string, number>();
    for (const [name, at] of timeline) {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      const key = n === 1 ? name : `${name} #${n}`;
      if (!offsets.has(key)) offsets.set(key, []);
      offsets.get(key)!.push(at - start);
    }
  }
  return [...offsets.entries()].map(([name, values]) => ({ name, at: median(values), seen: values.length })).sort((a, b) => a.at - b.at);
}

async function main() {
  const catalog = await startCatalog({ latencyMs: LATENCY_MS });
  const env = {
    CATALOG_BASE_URL: catalog.baseUrl,
    CATALOG_ACCESS_TOKEN: catalog.demoToken,
    CACHE_ENABLED: 'false',
    RESPONSE_CACHE_ENABLED: 'false',
    PROFILE_BUILD: 'custom',
  };
  const marked = await startChild('timeline', 'gateway-entry.ts', { ...env, PROFILE_TIMELINE: '1' });
  const counted = await startChild('counts', 'gateway-entry.ts', { ...env, PROFILE_COUNT: '1' });
  const movieId = catalog.data.movies.find((m) => (catalog.data.movieImages.get(m.id)?.posters.length ?? 0) > 0)!.id;
  const queries = { configuration: CONFIGURATION, 'movie page': MOVIE_PAGE(movieId) };

  for (const [label, query] of Object.entries(queries)) {
    for (const gateway of [marked, counted]) {
      for (let i = 0; i < 20; i++) await postQuery(gateway.url, query);
      await profileStats(gateway.url, 'reset');
    }
    const observed: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      observed.push(await timed(() => postQuery(marked.url, query)));
      await postQuery(counted.url, query);
    }
    const marks = await profileStats(marked.url);
    const counts = await profileStats(counted.url);
    console.log(`\n## ${label}: ${RUNS} sequential requests, client-observed p50 ${median(observed).toFixed(2)} ms`);
    console.log('| mark | ms after request in (p50) | gap to previous mark |');
    console.log('|---|---|---|');
    let previous = 0;
    for (const { name, at, seen } of medianTimeline(marks.timelines)) {
      console.log(`| ${name}${seen < RUNS ? ` (in ${seen} of ${RUNS})` : ''} | ${at.toFixed(3)} | ${(at - previous).toFixed(3)} |`);
      previous = at;
    }
    const types = new Set<string>(counts.perRequestCounts.flatMap((c: Record<string, number>) => Object.keys(c)));
    const perType = [...types].map((type) => `${type} ${median(counts.perRequestCounts.map((c: Record<string, number>) => c[type] ?? 0))}`);
    console.log(`\nasync resources created per request (p50): ${perType.join(', ')}`);
    for (const [origin, n] of counts.origins as Array<[string, number]>) console.log(`- ${n}× ${origin}`);
    console.log(
      `Yoga's parse hook ran ${marks.parse.hooks} times and graphql's parse ${marks.parse.calls}; validate hook ${marks.validate.hooks} times, graphql's validate ${marks.validate.calls} (after a reset, the same document each time)`,
    );
    console.log(
      `upstream connections opened in ${RUNS} requests: ${marks.sockets} (timeline gateway), ${counts.sockets} (counting gateway); upstream calls ${marks.upstreamStats.calls}`,
    );
  }
  await stopChild(marked);
  await stopChild(counted);
  await catalog.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
