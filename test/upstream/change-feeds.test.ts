import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/runtime/config.ts';
import { instanceConfig, startInstance, until, type Instance } from '../fleet/fleet.ts';
import { type ChangingUpstream, type ChangingUpstreamOptions, startChangingUpstream } from './changing-upstream.ts';

/**
 * The change feeds drive the caches (src/upstream/change-poller.ts), over real HTTP against an
 * upstream whose titles and feeds change: a renamed movie reaches clients within the poll
 * interval (+5 s) while untouched movies cost no call; a second rename the same day too; an
 * answer past its max-age is served without a call while the feeds answer, and asked again once
 * they fail.
 */
const POLL_MS = 300;
const title = (id: number) => `{ movie(id: ${id}) { title } }`;

let upstream: ChangingUpstream;
let gateway: Instance;
let logLines: string[];

async function start(options: ChangingUpstreamOptions = {}, config: Partial<Config> = {}) {
  upstream = await startChangingUpstream(options);
  logLines = [];
  const base = instanceConfig(upstream.baseUrl, upstream.token, config);
  gateway = await startInstance({ ...base, changes: { ...base.changes, pollMs: POLL_MS } }, logLines);
}

afterEach(async () => {
  await gateway?.close();
  await upstream?.close();
});

async function titleOf(id: number): Promise<string> {
  const answer = await gateway.query(title(id));
  return answer.body.data?.movie?.title;
}

/** Resolves once the feeds have been read `reads` more times. */
async function readsMore(reads: number): Promise<void> {
  const target = upstream.callsTo('/movie/changes') + reads;
  await until(() => upstream.callsTo('/movie/changes') >= target, 5_000);
}

describe('change feeds', () => {
  it('a renamed movie reaches clients within the poll interval, untouched ones make no call', async () => {
    await start();
    expect(await titleOf(1)).toBe('Movie 1');
    expect(await titleOf(2)).toBe('Movie 2');
    await readsMore(1);
    upstream.rename(1, 'Renamed');
    const renamed = Date.now();
    let seen = '';
    while (seen !== 'Renamed' && Date.now() - renamed < POLL_MS + 5_000) {
      seen = await titleOf(1);
      if (seen !== 'Renamed') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe('Renamed');
    expect(await titleOf(2)).toBe('Movie 2');
    expect(upstream.callsTo('/movie/2')).toBe(1);
  });

  it('a second rename the same day reaches clients too', async () => {
    await start();
    await readsMore(1);
    upstream.rename(3, 'First');
    const first = Date.now();
    while ((await titleOf(3)) !== 'First') {
      expect(Date.now() - first).toBeLessThan(POLL_MS + 5_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Held again, and listed already: only its own edit times tell the next rename (whole seconds).
    // (A first edit in the second before a read may count once more as a second one: one more drop.)
    await readsMore(2);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await titleOf(3)).toBe('First');
    await until(() => upstream.callsTo('/movie/3/changes') >= 1, 5_000);
    await readsMore(1);
    expect(await titleOf(3)).toBe('First');
    const calls = upstream.callsTo('/movie/3');
    await readsMore(2);
    expect(await titleOf(3)).toBe('First');
    expect(upstream.callsTo('/movie/3'), upstream.calls.join(' ')).toBe(calls);
    upstream.rename(3, 'Second');
    const second = Date.now();
    while ((await titleOf(3)) !== 'Second') {
      expect(Date.now() - second).toBeLessThan(POLL_MS + 5_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(upstream.callsTo('/movie/3/changes')).toBeGreaterThan(0);
  });

  it('serves past max-age without a call while the feeds answer, and revalidates once they fail', async () => {
    await start({ maxAgeSeconds: 1 });
    await readsMore(1);
    expect(await titleOf(5)).toBe('Movie 5');
    expect(upstream.callsTo('/movie/5')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await titleOf(5)).toBe('Movie 5');
    expect(upstream.callsTo('/movie/5')).toBe(1);

    upstream.failFeeds(true);
    await readsMore(1);
    await until(() => logLines.some((line) => line.includes('change feeds failing')), 2_000);
    expect(await titleOf(5)).toBe('Movie 5');
    expect(upstream.callsTo('/movie/5')).toBe(2);
    expect(logLines.filter((line) => line.includes('change feeds failing'))).toHaveLength(1);

    // Back by itself: the next good read vouches again.
    upstream.failFeeds(false);
    await readsMore(2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await titleOf(5)).toBe('Movie 5');
    expect(upstream.callsTo('/movie/5')).toBe(2);
    const metrics = (await gateway.gateway.metrics.scrape()).body;
    expect(metrics).toMatch(/gateway_change_feed_healthy 1/);
    expect(metrics).toMatch(/gateway_change_feed_cache_events\{event="past_max_age"\} [1-9]/);
  });

  it('reads every page of a large day', async () => {
    await start({ pageSize: 2 });
    for (const id of [11, 12, 13, 14, 15]) await titleOf(id);
    await readsMore(1);
    for (const id of [11, 12, 13, 14, 15]) upstream.rename(id, `New ${id}`);
    const started = Date.now();
    for (const id of [11, 12, 13, 14, 15]) {
      while ((await titleOf(id)) !== `New ${id}`) {
        expect(Date.now() - started).toBeLessThan(POLL_MS + 5_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
});
