/**
 * The gateway's own cost, as `npm run bench` reports it: the cold overhead over the direct
 * upstream call and the execution path against bare graphql-yoga (both measured alternately in one
 * run by the scripts of bench/profile/, see docs/performance.md), and what the response cache buys
 * when ids vary: 1,000 distinct movie ids, the response cache on against off.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import type { RunningCatalog } from '@media-catalog/catalog';
import { startGateway, stopGateway } from './gateway-process.ts';

const run = promisify(execFile);

/** Where the scripts of bench/profile and the gateway they start run compiled, as production runs it. */
export const COMPILED = join('node_modules', '.cache', 'gateway-profile');

/** Compiles src/ and bench/profile/ with tsc (bench/profile/tsconfig.json). */
export async function compileProfile(): Promise<void> {
  rmSync(COMPILED, { recursive: true, force: true });
  await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'bench/profile/tsconfig.json', '--outDir', COMPILED]);
  mkdirSync(COMPILED, { recursive: true });
  writeFileSync(join(COMPILED, 'package.json'), '{ "type": "module" }\n');
}

/** The summary lines a bench/profile script prints after its rounds. */
async function profileSummary(script: string, args: string[], env: Record<string, string>): Promise<string[]> {
  const compiled = join(COMPILED, 'bench', 'profile', script.replace(/\.ts$/, '.js'));
  const { stdout } = await run(process.execPath, [compiled, ...args], {
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  const lines = stdout
    .split('\n')
    .filter((line) => line.startsWith('|') || line.startsWith('-') || /median|over|upstream calls/.test(line));
  // The scripts print a header row without its separator; markdown needs one.
  const header = lines.findIndex((line) => line.startsWith('| round'));
  if (header >= 0) lines.splice(header + 1, 0, `|${'---|'.repeat((lines[header]?.match(/\|/g)?.length ?? 2) - 1)}`);
  return lines;
}

const MIX_SELECTION = 'id title overview releaseDate runtime voteAverage voteCount genres { id name } credits { cast { character } }';

/** req/s over 1,000 distinct movie ids in turn, and the upstream calls per request. */
async function distinctIds(catalog: RunningCatalog, url: string, seconds: number) {
  const ids = catalog.data.movies.slice(0, 1_000).map((movie) => movie.id);
  let next = 0;
  catalog.resetCalls();
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const id = ids[next++ % ids.length];
          return { ...request, body: JSON.stringify({ query: `{ movie(id: ${id}) { ${MIX_SELECTION} } }` }) };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    callsPerRequest: catalog.calls.length / Math.max(1, result.requests.total),
  };
}

export async function overheadFigures(catalog: RunningCatalog, seconds: number): Promise<string[]> {
  await compileProfile();
  const cold = await profileSummary('cold-overhead.ts', ['gateway', 'yoga-proxy', 'proxy-floor'], { COLD_ROUNDS: '3', COLD_RUNS: '70' });
  const execution = await profileSummary('execution.ts', ['gateway'], { EXEC_ROUNDS: '6', EXEC_SECONDS: '3' });

  const mix: string[] = [];
  for (const [label, env] of [
    ['response cache on', {}],
    ['response cache off', { RESPONSE_CACHE_ENABLED: 'false' }],
  ] as const) {
    const gateway = await startGateway(catalog.baseUrl, catalog.demoToken, env);
    // One pass over the ids first, so both start from a warm upstream HTTP cache.
    await distinctIds(catalog, gateway.url, Math.max(2, Math.round(seconds / 2)));
    const figures = await distinctIds(catalog, gateway.url, seconds);
    await stopGateway(gateway);
    mix.push(
      `| 1,000 distinct movie ids, ${label}, 10 clients | ${figures.rps.toFixed(0)} req/s | p99 ${figures.p99} ms | ${figures.callsPerRequest.toFixed(3)} upstream calls / request |`,
    );
  }
  return [
    'Cold overhead (both caches off, 20 ms upstream latency, sequential p50 of 70 after warm-up, the direct call with the same client alternating; `yoga-proxy` is bare graphql-yoga whose resolvers make the same call, the floor of any gateway on Yoga; `proxy-floor` a hand-written proxy making it, the floor of any gateway):',
    '',
    ...cold,
    '',
    'Execution path (upstream HTTP cache warm, response cache off, 400 distinct ids, the issue-15 selection), against bare graphql-yoga serving a static object of the same shape, alternating:',
    '',
    ...execution,
    '',
    'What the response cache buys when ids vary (HTTP cache warm in both):',
    '',
    '| mix | throughput | latency | upstream |',
    '|---|---|---|---|',
    ...mix,
  ];
}
