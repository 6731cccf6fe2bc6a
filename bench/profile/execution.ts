/**
 * Figure (b) of issue 15, the execution path: the upstream HTTP cache warm, the whole-response
 * cache off, 400 distinct movie ids, the issue's selection; req/s of each gateway variant named on
 * the command line (variants.ts; default `gateway`) against bare graphql-yoga serving a static
 * object of the same shape (bare-yoga-movie.ts), taking turns in one run.
 *
 *   npx tsx bench/profile/execution.ts [variant ...]
 *   EXEC_ROUNDS=3 EXEC_SECONDS=5 EXEC_CONNECTIONS=10 EXEC_IDS=400
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startCatalog } from '@media-catalog/catalog';
import { cpuMs, MOVIE_SELECTION, postQuery, startChild, stopChild, type Child } from './lib.ts';
import { variantEnv } from './variants.ts';

const ROUNDS = Number(process.env.EXEC_ROUNDS ?? 3);
const SECONDS = Number(process.env.EXEC_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.EXEC_CONNECTIONS ?? 10);
const IDS = Number(process.env.EXEC_IDS ?? 400);

const query = (id: number) => `{ movie(id: ${id}) { ${MOVIE_SELECTION} } }`;

async function load(target: Child, ids: readonly number[], seconds = SECONDS) {
  const url = target.url;
  const cpuBefore = cpuMs(target.child.pid!);
  let next = 0;
  let bad = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request: autocannon.Request) => ({ ...request, body: JSON.stringify({ query: query(ids[next++ % ids.length]!) }) }),
        onResponse: (status: number, body: string) => {
          if (status !== 200 || body.includes('"errors"')) bad++;
        },
      },
    ],
  } as autocannon.Options);
  const cpuPerRequestUs = ((cpuMs(target.child.pid!) - cpuBefore) * 1000) / result.requests.total;
  return { rps: result.requests.average, cpuPerRequestUs, p50: result.latency.p50, bad: bad + result.errors + result.timeouts };
}

/** Every id once, 10 at a time: afterwards every movie answer is in the upstream HTTP cache. */
async function warm(url: string, ids: readonly number[]) {
  for (let i = 0; i < ids.length; i += 10) await Promise.all(ids.slice(i, i + 10).map((id) => postQuery(url, query(id))));
}

async function main() {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : ['gateway'];
  const catalog = await startCatalog({ latencyMs: 20 });
  const ids = catalog.data.movies.slice(0, IDS).map((m) => m.id);
  const targets: Child[] = [await startChild('bare yoga', 'bare-yoga-movie.ts', {})];
  for (const name of names) {
    const child = await startChild(name, 'gateway-entry.ts', {
      CATALOG_BASE_URL: catalog.baseUrl,
      CATALOG_ACCESS_TOKEN: catalog.demoToken,
      RESPONSE_CACHE_ENABLED: 'false',
      ...variantEnv(name),
    });
    await warm(child.url, ids);
    targets.push(child);
  }
  // A turn of warm-up each, so that no target is measured before the JIT has seen its code.
  for (const target of targets) await load(target, ids, 2);
  catalog.resetCalls();
  console.log(
    `${IDS} distinct ids, ${CONNECTIONS} connections, ${SECONDS} s per turn; req/s (ratio to bare Yoga in the same round), CPU µs per request of the server process (bare Yoga's ÷ this one: the same ratio, measured as CPU)`,
  );
  console.log(`| round | ${targets.map((t) => t.name).join(' | ')} |`);
  const ratios: number[][] = targets.map(() => []);
  const cpuRatios: number[][] = targets.map(() => []);
  for (let round = 1; round <= ROUNDS; round++) {
    // Every other round in reverse order, so that no target always follows the same one.
    const order = round % 2 ? targets.map((_, k) => k) : targets.map((_, k) => targets.length - 1 - k);
    const results: Array<Awaited<ReturnType<typeof load>>> = [];
    for (const k of order) results[k] = await load(targets[k]!, ids);
    const bare = results[0]!;
    results.forEach((r, k) => {
      ratios[k]!.push(r.rps / bare.rps);
      cpuRatios[k]!.push(bare.cpuPerRequestUs / r.cpuPerRequestUs);
    });
    const cells = results.map(
      (r, k) =>
        `${r.rps.toFixed(0)}${k ? ` (${(r.rps / bare.rps).toFixed(2)})` : ''}, ${r.cpuPerRequestUs.toFixed(0)} µs${k ? ` (${(bare.cpuPerRequestUs / r.cpuPerRequestUs).toFixed(2)})` : ''}${r.bad ? `, ${r.bad} bad` : ''}`,
    );
    console.log(`| ${round} | ${cells.join(' | ')} | load ${loadavg()[0]!.toFixed(1)} |`);
  }
  const med = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`\nmedian over ${ROUNDS} rounds, ratio to bare Yoga (req/s; CPU per request):`);
  for (let k = 1; k < targets.length; k++) {
    console.log(`- ${targets[k]!.name}: ${med(ratios[k]!).toFixed(2)}; ${med(cpuRatios[k]!).toFixed(2)}`);
  }
  console.log(`upstream calls during the turns: ${catalog.calls.length} (the cache stayed warm when 0)`);
  for (const target of targets) await stopChild(target);
  await catalog.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
