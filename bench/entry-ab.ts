/**
 * Two builds of the gateway, alternating in one run (issue 44's "measured, before and after"):
 * each started as `npm start` starts it (`WORKERS=1`, caches off) over the catalog in its own
 * process (20 ms per call), loaded in turn with the documents (a) and (b) of BENCH_ONLY=cpu, 16
 * connections; the CPU per answer from /proc and the upstream calls per answer. The other build
 * is a copy of `dist/` from another commit, e.g.
 * `git stash; npm run build; cp -r dist node_modules/.cache/dist-before; git stash pop; npm run build`,
 * then `node bench/entry-ab.ts node_modules/.cache/dist-before/index.js dist/index.js`
 * (BENCH_AB_ROUNDS, default 3; BENCH_CPU_SECONDS, default 5). `BENCH_AB_HITS=1` measures
 * response-cache hits of (a) instead (both caches on). A build may be given settings of its
 * own before an `@`, e.g. a build from before the one entry (issue 44) without its plain path:
 * `PLAIN_PATH=false@node_modules/.cache/dist-before/index.js`.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startAsNpmStart } from './npm-start.ts';
import { answerOf, peerDocuments, startCatalogProcess } from './peer-kit.ts';
import { pinServer, serverLoad } from './server-load.ts';

const entries = process.argv.slice(2);
if (entries.length === 0) throw new Error('usage: node bench/entry-ab.ts [NAME=value,…@]<entry.js>…');
/** An argument's entry and its own settings. */
function parsed(argument: string): { entry: string; env: Record<string, string> } {
  const at = argument.lastIndexOf('@');
  const settings = at < 0 ? [] : argument.slice(0, at).split(',');
  return { entry: argument.slice(at + 1), env: Object.fromEntries(settings.map((one) => one.split('=') as [string, string])) };
}
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const HITS = process.env.BENCH_AB_HITS === '1';
// A build copied out of dist/ needs its own module marker (it sits outside the package's folder).
for (const { entry } of entries.map(parsed))
  if (!entry.startsWith('dist/')) writeFileSync(join(dirname(entry), 'package.json'), '{ "type": "module" }\n');

const catalog = await startCatalogProcess();
// (b) as BENCH_ONLY=cpu asks it, in 1.0's connections (the peers' documents still ask 0.x's pages).
const [configuration, moviePage] = await peerDocuments();
const movieId = /movie\(id: (\d+)\)/.exec(moviePage![1])![1];
const documents: [string, string][] = [
  configuration!,
  [
    '(b) movie page',
    `{ movie(id: ${movieId}) { title overview alternativeTitles { countryCode title type }
      images { posters { filePath width height } } reviews(first: 20) { totalCount edges { node { id author content } } }
      lists(first: 20) { totalCount edges { node { id name } } } } }`,
  ],
];
const figures = new Map<string, number[]>();
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Every other round in reverse order, so that neither build always goes first.
    const order = round % 2 === 0 ? entries : [...entries].reverse();
    for (const argument of order) {
      const { entry, env } = parsed(argument);
      const server = await startAsNpmStart(entry, {
        ...env,
        CATALOG_BASE_URL: catalog.baseUrl,
        CATALOG_ACCESS_TOKEN: catalog.token,
        WORKERS: '1',
        ...(HITS ? {} : { CACHE_ENABLED: 'false', RESPONSE_CACHE_ENABLED: 'false' }),
      });
      try {
        pinServer(server.pid);
        for (const [name, query] of HITS ? documents.slice(0, 1) : documents) {
          // The calls of one answer alone, before the load.
          await catalog.reset();
          await answerOf(server.url, query, catalog.token);
          const calls = await catalog.calls();
          const load = await serverLoad(server, query, catalog.token, 16);
          const micros = (load.cpuSeconds * 1e6) / load.answers;
          const key = `${name} | ${argument}`;
          figures.set(key, [...(figures.get(key) ?? []), micros]);
          console.log(`| ${round + 1} | ${name} | ${argument} | ${Math.round(micros)} µs | ${calls} calls | ${load.errors} errors |`);
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await catalog.stop();
}
console.log('\n| document | build | CPU µs per answer, each round | median |\n|---|---|---|---|');
for (const [key, values] of figures) {
  const sorted = [...values].sort((x, y) => x - y);
  console.log(`| ${key} | ${values.map(Math.round).join(' / ')} | ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} |`);
}
