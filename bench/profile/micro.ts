/**
 * The per-request price of each candidate of issue 15, one at a time, in µs per operation (best
 * of 5 batches, so that a neighbour's burst on the shared machine counts less): the pieces the
 * cold path and the execution path run for every request or every upstream call.
 *
 *   npx tsx bench/profile/micro.ts
 */
import { systemClock } from '../../src/common/clock.ts';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { getOperationAST, parse } from 'graphql';
import CachePolicy from 'http-cache-semantics';
import { createLogger } from '../../src/runtime/logger.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { policyRequest } from '../../src/upstream/http-cache.ts';
import { SharedCall } from '../../src/upstream/shared-call.ts';
import { MOVIE_SELECTION } from './lib.ts';

function bench(name: string, n: number, run: (i: number) => void) {
  let best = Infinity;
  for (let batch = 0; batch < 5; batch++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) run(i);
    best = Math.min(best, ((performance.now() - started) * 1000) / n);
  }
  console.log(`| ${name} | ${best.toFixed(2)} |`);
}

async function benchAsync(name: string, n: number, run: () => Promise<unknown>) {
  let best = Infinity;
  for (let batch = 0; batch < 5; batch++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) await run();
    best = Math.min(best, ((performance.now() - started) * 1000) / n);
  }
  console.log(`| ${name} | ${best.toFixed(2)} |`);
}

const upstream = createUpstreamClient({ baseUrl: 'http://127.0.0.1:1/3', timeoutMs: 10_000 });
const headers = { 'cache-control': 'public, max-age=14400', etag: 'W/"abc"', 'content-type': 'application/json;charset=utf-8' };
const movieBody = JSON.stringify({
  id: 836,
  title: 'The North Star',
  overview: 'x'.repeat(400),
  genres: [{ id: 18, name: 'Drama' }],
  credits: { cast: Array.from({ length: 30 }, (_, i) => ({ id: i, name: `Person ${i}`, character: `Role ${i}`, order: i })) },
  reviews: { results: Array.from({ length: 5 }, (_, i) => ({ author: `a${i}`, content: 'y'.repeat(600) })) },
});
const document = parse(`{ movie(id: 836) { ${MOVIE_SELECTION} } }`);
const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
const logger = createLogger('info', sink as never);

async function main() {
  console.log('| operation | µs per operation |');
  console.log('|---|---|');
  bench('AbortSignal.timeout(10 s), per upstream call', 20_000, () => void AbortSignal.timeout(10_000));
  bench('setTimeout + clearTimeout', 20_000, () => clearTimeout(setTimeout(() => {}, 10_000)));
  bench('new AbortController (the front, per request)', 20_000, () => void new AbortController());
  bench(
    'sha256 cache key (HttpCache.keyOf), per call',
    20_000,
    (i) => void createHash('sha256').update('demo-token').update('\n').update(`http://127.0.0.1/3/movie/${i}`).digest('base64url'),
  );
  bench('client.urlOf (DataLoader cacheKeyFn, per load)', 20_000, (i) => void upstream.urlOf({ path: ['movie', i], query: {} }));
  bench('CachePolicy + storable + timeToLive (a stored miss)', 20_000, (i) => {
    const policy = new CachePolicy(policyRequest(`http://x/3/movie/${i}`), { status: 200, headers }, { shared: true });
    void (policy.storable() && policy.timeToLive());
  });
  bench(`JSON.parse of a ${(movieBody.length / 1024).toFixed(1)} KB movie page`, 5_000, () => void JSON.parse(movieBody));
  bench('getOperationAST (request log, per operation)', 50_000, () => void getOperationAST(document, undefined));
  bench('logger.info of the request line (scrub formatter, to a sink)', 20_000, () =>
    logger.info({ operation: 'anonymous', ms: 3, errors: 0, errorCodes: {} }, 'graphql operation'),
  );
  await benchAsync(
    'Promise.resolve().then(() => process.nextTick(f)) (merger flush hop)',
    20_000,
    () => new Promise<void>((resolve) => void Promise.resolve().then(() => process.nextTick(resolve))),
  );
  const client = new AbortController();
  await benchAsync('an upstream call with its one waiter (SharedCall), less the call', 20_000, () =>
    new SharedCall({ deadline: Date.now() + 15_000, signal: client.signal, lane: 'r1' }, async () => 1, systemClock).first(),
  );
  await benchAsync('setImmediate hop', 20_000, () => new Promise<void>((resolve) => setImmediate(resolve)));
  await benchAsync('setTimeout(0) hop', 2_000, () => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  await upstream.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
