/**
 * BENCH_ONLY=feeds (issue 47): the upstream calls an hour with and without the change feeds, and
 * the CPU the poller costs. One gateway process (dist/index.js, as `npm start` runs it) at a time
 * in front of an upstream whose movies change while it runs (test/upstream/changing-upstream.ts),
 * on the real clock: a short real run, extrapolated to the hour (the report says how).
 *
 * The mix: 200 movies' details, answered with a short `max-age`, asked at a steady rate with a
 * popularity skew (a Zipf law over the 200: a few are asked often, most rarely), the same sequence
 * in both runs; 5 of them renamed during the measured minute. Lists and searches keep their
 * `max-age` with or without the feeds, so they are left out: this is the part of a mix the feeds
 * change. Without the feeds (`CHANGES_POLL_MS=0`) every answer is asked again once its `max-age`
 * ran out; with them an answer the feeds have not listed is served up to `CACHE_FEED_MAX_AGE_MS`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { startChangingUpstream, type ChangingUpstream } from '../test/upstream/changing-upstream.ts';
import { type GatewayProcess, startGateway, stopGateway } from './gateway-process.ts';
import { cpuSeconds } from './server-load.ts';

const MOVIES = 200;
const MAX_AGE_SECONDS = 5;
const RATE_PER_SECOND = 40;
const MEASURED_SECONDS = Number(process.env.BENCH_FEEDS_SECONDS ?? 60);
const IDLE_SECONDS = 10;
const POLL_MS = 5_000;
const RENAMES = 5;
const FEED_MAX_AGE_HOURS = 3;

/** The same ids in both runs: a Zipf law (s = 1) over the movies, from a fixed seed. */
function mixOf(count: number): number[] {
  const weights = Array.from({ length: MOVIES }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let seed = 47;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, () => {
    let left = random() * total;
    for (let i = 0; i < MOVIES; i++) if ((left -= weights[i] ?? 0) <= 0) return i + 1;
    return MOVIES;
  });
}

async function ask(url: string, id: number): Promise<boolean> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ movie(id: ${id}) { title } }` }),
  });
  const body = (await response.body.json()) as { errors?: unknown[] };
  return response.statusCode === 200 && !body.errors;
}

interface Run {
  /** Calls the upstream received in the measured time: the movies', and the feeds' own. */
  movieCalls: number;
  feedCalls: number;
  requests: number;
  errors: number;
  /** Gateway CPU seconds in the measured time, and in IDLE_SECONDS with no request before it. */
  cpu: number;
  idleCpu: number;
}

const isFeed = (path: string) => /changes$/.test(path);
const isDetails = (path: string) => /^\/movie\/\d+$/.test(path);

/** One gateway: idle for IDLE_SECONDS, then primed with every movie once, then the mix for MEASURED_SECONDS. */
async function run(upstream: ChangingUpstream, pollMs: number): Promise<Run> {
  const gateway: GatewayProcess = await startGateway(upstream.baseUrl, upstream.token, {
    CHANGES_POLL_MS: String(pollMs),
    LOG_LEVEL: 'warn',
  });
  try {
    // With the feeds, they vouch once read: the first read comes one interval after start. Without
    // them the same wait, so that both idle windows start at the same age of the process.
    const reads = upstream.callsTo('/movie/changes');
    if (pollMs > 0) while (upstream.callsTo('/movie/changes') === reads) await sleep(100);
    else await sleep(POLL_MS);
    // Idle: the poller alone (its reads list the edits of the runs before, held by nobody).
    await sleep(1_000);
    const idleBefore = cpuSeconds(gateway.pid);
    await sleep(IDLE_SECONDS * 1000);
    const idleCpu = cpuSeconds(gateway.pid) - idleBefore;
    for (let id = 1; id <= MOVIES; id++) await ask(gateway.url, id);
    const ids = mixOf(RATE_PER_SECOND * MEASURED_SECONDS);
    const before = upstream.calls.length;
    const cpuBefore = cpuSeconds(gateway.pid);
    const started = performance.now();
    const asked: Promise<boolean>[] = [];
    let renamed = 0;
    for (let i = 0; i < ids.length; i++) {
      // Paced by the clock: request i goes at i / rate seconds.
      const due = started + (i * 1000) / RATE_PER_SECOND - performance.now();
      if (due > 0) await sleep(due);
      // A rename every MEASURED_SECONDS / RENAMES, of a popular movie and of a rare one in turn.
      if (renamed < RENAMES && i >= ((renamed + 0.5) * ids.length) / RENAMES) {
        upstream.rename(renamed % 2 === 0 ? renamed + 1 : MOVIES - renamed, `Renamed ${renamed}`);
        renamed++;
      }
      asked.push(ask(gateway.url, ids[i] ?? 1).catch(() => false));
    }
    const answers = await Promise.all(asked);
    const cpu = cpuSeconds(gateway.pid) - cpuBefore;
    const calls = upstream.calls.slice(before);
    return {
      movieCalls: calls.filter(isDetails).length,
      feedCalls: calls.filter(isFeed).length,
      requests: answers.length,
      errors: answers.filter((ok) => !ok).length,
      cpu,
      idleCpu,
    };
  } finally {
    await stopGateway(gateway);
  }
}

export async function feedFigures(): Promise<string[]> {
  const upstream = await startChangingUpstream({ maxAgeSeconds: MAX_AGE_SECONDS });
  try {
    const off = await run(upstream, 0);
    const on = await run(upstream, POLL_MS);
    const perHour = 3600 / MEASURED_SECONDS;
    // With the feeds, each movie is also fetched again once CACHE_FEED_MAX_AGE_MS after it was: 200 every 3 hours.
    const refresh = MOVIES / FEED_MAX_AGE_HOURS;
    const offHour = off.movieCalls * perHour;
    const onHour = (on.movieCalls + on.feedCalls) * perHour + refresh;
    // At the default poll of a minute the lists are read 6 times less often; their calls scale with the polls.
    const atDefault = on.movieCalls * perHour + refresh + (on.feedCalls * perHour * POLL_MS) / 60_000;
    const ms = (seconds: number) => (seconds * 1000).toFixed(0);
    const polls = (IDLE_SECONDS * 1000) / POLL_MS;
    return [
      `Mix: ${MOVIES} movies' details (\`{ movie(id:) { title } }\`), answered with \`max-age=${MAX_AGE_SECONDS}\`, asked ${RATE_PER_SECOND} times a second with a Zipf skew (the same sequence in both runs), ${RENAMES} of them renamed during the measured ${MEASURED_SECONDS} s; every movie asked once before. One gateway process at a time (dist/index.js, \`NODE_ENV=production\`, defaults otherwise), the upstream in the bench's process (test/upstream/changing-upstream.ts), real clock. With the feeds \`CHANGES_POLL_MS=${POLL_MS}\`, measured from the first read on.`,
      '',
      '| feeds | requests (errors) | upstream calls: details | upstream calls: feeds | calls an hour (extrapolated) | gateway CPU idle | gateway CPU under the mix |',
      '|---|---|---|---|---|---|---|',
      `| off (\`CHANGES_POLL_MS=0\`) | ${off.requests} (${off.errors}) | ${off.movieCalls} | 0 | ${offHour.toFixed(0)} | ${ms(off.idleCpu)} ms in ${IDLE_SECONDS} s | ${ms(off.cpu)} ms in ${MEASURED_SECONDS} s |`,
      `| on (\`CHANGES_POLL_MS=${POLL_MS}\`) | ${on.requests} (${on.errors}) | ${on.movieCalls} | ${on.feedCalls} | ${onHour.toFixed(0)} | ${ms(on.idleCpu)} ms in ${IDLE_SECONDS} s (${polls} reads) | ${ms(on.cpu)} ms in ${MEASURED_SECONDS} s |`,
      '',
      `- Calls an hour: the calls of the measured ${MEASURED_SECONDS} s × ${perHour}; with the feeds plus the ${MOVIES} first fetches again every ${FEED_MAX_AGE_HOURS} h (\`CACHE_FEED_MAX_AGE_MS\`), ${refresh.toFixed(0)} an hour. With the feeds ${(offHour / onHour).toFixed(1)}× fewer; at the default poll of a minute (the feeds' calls ÷ ${60_000 / POLL_MS}) about ${atDefault.toFixed(0)} an hour.`,
      `- The poller's CPU: idle, ${ms(on.idleCpu)} ms in ${IDLE_SECONDS} s with the feeds against ${ms(off.idleCpu)} ms without, about ${ms((on.idleCpu - off.idleCpu) / polls)} ms a read (three list calls; CPU time is counted in 10 ms ticks). Under the mix ${ms(on.cpu)} ms against ${ms(off.cpu)} ms in ${MEASURED_SECONDS} s: ${on.cpu <= off.cpu ? `${ms(off.cpu - on.cpu)} ms less with the feeds, the reads costing less than the ${off.movieCalls - on.movieCalls} calls they saved` : `${ms(on.cpu - off.cpu)} ms more with the feeds, the reads less the ${off.movieCalls - on.movieCalls} calls they saved`}.`,
    ];
  } finally {
    await upstream.close();
  }
}
