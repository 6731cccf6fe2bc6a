/**
 * Figure (a) of issue 15, cold overhead: the gateway with both caches off against the same
 * upstream call made directly by the same client (undici), sequentially, p50 of 70 after a
 * warm-up, direct call and gateway call alternating. Every variant named on the command line
 * (variants.ts; default `gateway`; `proxy-floor` is proxy-floor.ts, `yoga-proxy` yoga-proxy.ts) runs as its own process and
 * takes its turn in each round.
 *
 * COLD_CATALOG=process (default) runs the catalog in its own process (catalog-entry.ts), so that
 * the direct call also crosses processes; COLD_CATALOG=inline runs it in this process, as
 * bench/run.ts does.
 *
 *   npx tsx bench/profile/cold-overhead.ts [variant ...]
 *   COLD_ROUNDS=3 COLD_RUNS=70 COLD_LATENCY_MS=20 COLD_CATALOG=process
 */
import { request } from 'undici';
import { startCatalog } from '@media-catalog/catalog';
import { generateCatalog } from '@media-catalog/catalog/data/catalog';
import { loadavg } from 'node:os';
import { client, CONFIGURATION, cpuMs, getJson, median, MOVIE_PAGE, postQuery, startChild, stopChild, timed, type Child } from './lib.ts';
import { variantEnv } from './variants.ts';

const ROUNDS = Number(process.env.COLD_ROUNDS ?? 3);
const RUNS = Number(process.env.COLD_RUNS ?? 70);
const WARMUP = Number(process.env.COLD_WARMUP ?? 20);
const LATENCY_MS = Number(process.env.COLD_LATENCY_MS ?? 20);
const INLINE = process.env.COLD_CATALOG === 'inline';

interface Catalog {
  baseUrl: string;
  demoToken: string;
  calls(): Promise<Array<{ path: string; query: Record<string, string> }>>;
  resetCalls(): Promise<void>;
  close(): Promise<void>;
}

async function catalogFor(): Promise<Catalog> {
  if (INLINE) {
    const catalog = await startCatalog({ latencyMs: LATENCY_MS });
    return { ...catalog, calls: async () => catalog.calls, resetCalls: async () => catalog.resetCalls(), close: catalog.close };
  }
  const child = await startChild('catalog', 'catalog-entry.ts', { CATALOG_LATENCY_MS: String(LATENCY_MS) });
  // "catalog calls at <url> token <token> ready at <baseUrl>", read back from the child's first line.
  const [, callsUrl, token] = /calls at (\S+) token (\S+)/.exec(child.output)!;
  const callsOf = async (path: string) => (await (await request(`${callsUrl}${path}`, { dispatcher: client })).body.json()) as any;
  return {
    baseUrl: child.url,
    demoToken: token!,
    calls: () => callsOf(''),
    resetCalls: async () => void (await callsOf('reset')),
    close: () => stopChild(child),
  };
}

/** Floors measured like a gateway variant: a hand-written proxy, and bare Yoga making the same call. */
const FLOORS: Record<string, string> = { 'proxy-floor': 'proxy-floor.ts', 'yoga-proxy': 'yoga-proxy.ts' };

async function main() {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : ['gateway'];
  const catalog = await catalogFor();
  const gateways: Child[] = [];
  for (const name of names) {
    const floor = FLOORS[name];
    gateways.push(
      await startChild(name, floor ?? 'gateway-entry.ts', {
        CATALOG_BASE_URL: catalog.baseUrl,
        CATALOG_ACCESS_TOKEN: catalog.demoToken,
        CACHE_ENABLED: 'false',
        RESPONSE_CACHE_ENABLED: 'false',
        ...(floor ? {} : variantEnv(name)),
      }),
    );
  }
  const data = generateCatalog();
  const movieId = data.movies.find((m) => (data.movieImages.get(m.id)?.posters.length ?? 0) > 0)!.id;
  const queries = { configuration: CONFIGURATION, 'movie page': MOVIE_PAGE(movieId) };

  // The direct call is the very call the gateway makes: read it back from the catalog.
  const direct: Record<string, string> = {};
  for (const [label, query] of Object.entries(queries)) {
    await catalog.resetCalls();
    await postQuery(gateways[0]!.url, query);
    const calls = await catalog.calls();
    if (calls.length !== 1) throw new Error(`${label}: ${calls.length} upstream calls, expected 1`);
    const call = calls[0]!;
    const search = new URLSearchParams(call.query).toString();
    direct[label] = `${catalog.baseUrl}${call.path}${search ? `?${search}` : ''}`;
    console.log(`${label}: one upstream call, ${call.path}${search ? `?${search}` : ''}`);
  }

  console.log(
    `\n${RUNS} sequential pairs after ${WARMUP} warm-up, ${LATENCY_MS} ms injected latency, catalog ${INLINE ? 'in this process' : 'in its own process'}, p50 in ms`,
  );
  console.log(
    `| round | query | direct | ${names.map((n) => `${n} | overhead (paired, gateway CPU ms per request)`).join(' | ')} | load |`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [label, query] of Object.entries(queries)) {
      const times: number[][] = [[], ...gateways.map(() => [])];
      const cpuBefore = gateways.map((gateway) => cpuMs(gateway.child.pid!));
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t = [await timed(() => getJson(direct[label]!, catalog.demoToken))];
        for (const gateway of gateways) t.push(await timed(() => postQuery(gateway.url, query)));
        if (i >= WARMUP) for (const [k, ms] of t.entries()) times[k]!.push(ms);
      }
      const p50 = times.map(median);
      const cells = gateways.map((gateway, k) => {
        // Paired too: the median of (gateway − direct) over the alternating pairs.
        const paired = median(times[k + 1]!.map((ms, i) => ms - times[0]![i]!));
        // The gateway process's own CPU per request, warm-up included (10 ms ticks over 90 requests).
        const cpu = (cpuMs(gateway.child.pid!) - cpuBefore[k]!) / (WARMUP + RUNS);
        return `${p50[k + 1]!.toFixed(2)} | ${(p50[k + 1]! - p50[0]!).toFixed(2)} (paired ${paired.toFixed(2)}, CPU ${cpu.toFixed(2)})`;
      });
      console.log(`| ${round} | ${label} | ${p50[0]!.toFixed(2)} | ${cells.join(' | ')} | load ${loadavg()[0]!.toFixed(1)} |`);
    }
  }
  for (const gateway of gateways) await stopChild(gateway);
  await catalog.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
