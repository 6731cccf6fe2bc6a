import { createClient, type ExecutionResult } from 'graphql-sse';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/runtime/config.ts';
import { instanceConfig, startInstance, until, type Instance } from '../fleet/fleet.ts';
import { type ChangingUpstream, startChangingUpstream } from './changing-upstream.ts';

/**
 * `subscription { changes }` over real HTTP, GraphQL over SSE, with a client we did not write
 * (graphql-sse's, in its distinct connections mode) and with fetch reading the stream as
 * EventSource would: a renamed movie reaches a subscriber within the poll interval (+5 s) with the
 * global id to refetch it; the (N+1)th subscription is refused with a typed error; a client that
 * goes, however it goes, gives its place back (the count of subscribers returns to 0).
 */
const POLL_MS = 300;
const SUBSCRIBE = 'subscription { changes { kind id: databaseId nodeId: objectId keys changedAt } }';

let upstream: ChangingUpstream;
let gateway: Instance;
const clients: Array<{ dispose(): void }> = [];

async function start(changes: Partial<Config['changes']> = {}, config: Partial<Config> = {}) {
  upstream = await startChangingUpstream();
  const base = instanceConfig(upstream.baseUrl, upstream.token, config);
  gateway = await startInstance({ ...base, changes: { ...base.changes, pollMs: POLL_MS, ...changes } });
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.dispose();
  await gateway?.close();
  await upstream?.close();
});

type Change = { kind: string; id: number; nodeId: string; keys: string[] | null; changedAt: string };

/** A graphql-sse client's subscription, its results gathered as they come. */
function subscribe(query = SUBSCRIBE) {
  const client = createClient({ url: gateway.url, retryAttempts: 0 });
  clients.push(client);
  const results: ExecutionResult<{ changes: Change }, unknown>[] = [];
  const iterator = client.iterate<{ changes: Change }>({ query });
  const ended = (async () => {
    for await (const result of iterator) results.push(result);
  })();
  return { results, ended, stop: () => iterator.return?.() };
}

async function metric(name: string): Promise<number> {
  const body = (await gateway.gateway.metrics.scrape()).body;
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1] ?? Number.NaN);
}

/** Resolves once the gateway holds `count` open subscriptions. */
async function openIs(count: number): Promise<void> {
  const started = Date.now();
  while ((await metric('gateway_change_subscriptions')) !== count) {
    if (Date.now() - started > 5_000) throw new Error(`open subscriptions never reached ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function readsMore(reads: number): Promise<void> {
  const target = upstream.callsTo('/movie/changes') + reads;
  await until(() => upstream.callsTo('/movie/changes') >= target, 5_000);
}

const nodeIdOf = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64url');

describe('subscription { changes } over SSE', () => {
  it('tells a subscriber of a renamed movie within the poll interval, with the id to refetch it', async () => {
    await start();
    await readsMore(1);
    const movies = subscribe();
    const series = subscribe('subscription { changes(kinds: [TV]) { id: databaseId } }');
    await openIs(2);
    upstream.rename(1, 'Renamed');
    const renamed = Date.now();
    await until(() => movies.results.length > 0, POLL_MS + 5_000);
    expect(Date.now() - renamed).toBeLessThan(POLL_MS + 5_000);
    const [told] = movies.results;
    expect(told?.errors).toBeUndefined();
    expect(told?.data?.changes).toMatchObject({ kind: 'MOVIE', id: 1, nodeId: nodeIdOf('Movie', 1), keys: null });
    expect(Date.parse(told?.data?.changes.changedAt ?? '')).toBeGreaterThanOrEqual(renamed - 1_000);
    // What a client does with it: refetch by the global id, and see the new title.
    const refetched = await gateway.query(`{ node(id: "${told?.data?.changes.nodeId}") { ... on Movie { title } } }`);
    expect(refetched.body.data?.node?.title).toBe('Renamed');
    // The series' subscriber heard nothing of a movie.
    expect(series.results).toEqual([]);
    expect(await metric('gateway_change_subscription_events\\{event="delivered"\\}')).toBe(1);
  });

  it('names the keys of a second edit the same day, read from the object’s own log', async () => {
    await start();
    await readsMore(1);
    const changes = subscribe();
    await openIs(1);
    upstream.rename(3, 'First');
    await until(() => changes.results.length > 0, POLL_MS + 5_000);
    // Past the second of the first edit's read (edit times are whole seconds: an edit in the
    // second before a read may be told once more), then held again, so that its own log is read.
    const hold = async () => expect((await gateway.query('{ movie(id: 3) { title } }')).body.data?.movie?.title).toBe('First');
    await readsMore(2);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await hold();
    await readsMore(2);
    await hold();
    upstream.rename(3, 'Second');
    const renamed = Date.now();
    const near = (change?: Change) => Math.abs(Date.parse(change?.changedAt ?? '') - renamed) < 1_000;
    await until(() => changes.results.some((result) => near(result.data?.changes)), POLL_MS + 5_000);
    const second = changes.results.find((result) => near(result.data?.changes))?.data?.changes;
    expect(second).toMatchObject({ kind: 'MOVIE', id: 3, keys: ['title'] });
  });

  it('refuses the subscription past the bound per client with TOO_MANY_SUBSCRIPTIONS', async () => {
    await start({ subscriptionsPerClient: 2 });
    const held = [subscribe(), subscribe()];
    await openIs(2);
    const third = subscribe();
    await third.ended;
    expect(third.results).toHaveLength(1);
    expect(third.results[0]?.errors?.[0]?.extensions).toEqual({
      code: 'TOO_MANY_SUBSCRIPTIONS',
      limit: 'subscriptionsPerClient',
      max: 2,
    });
    // A place given back is a place to take again.
    await held[0]?.stop();
    await openIs(1);
    subscribe();
    await openIs(2);
    expect(await metric('gateway_change_subscription_events\\{event="refused_client"\\}')).toBe(1);
  });

  it('refuses the subscription past the bound in all with TOO_MANY_SUBSCRIPTIONS', async () => {
    await start({ subscriptionsMax: 1, subscriptionsPerClient: 10 });
    subscribe();
    await openIs(1);
    const second = subscribe();
    await second.ended;
    expect(second.results[0]?.errors?.[0]?.extensions).toEqual({ code: 'TOO_MANY_SUBSCRIPTIONS', limit: 'subscriptions', max: 1 });
    expect(await metric('gateway_change_subscription_events\\{event="refused_total"\\}')).toBe(1);
  });

  it('is off with CHANGES_SUBSCRIPTIONS_MAX=0: SUBSCRIPTIONS_OFF', async () => {
    await start({ subscriptionsMax: 0 });
    const refused = subscribe();
    await refused.ended;
    expect(refused.results[0]?.errors?.[0]?.extensions?.code).toBe('SUBSCRIPTIONS_OFF');
  });

  it('gives the place back when the client goes, however it goes', async () => {
    await start();
    // graphql-sse's client stops.
    const first = subscribe();
    await openIs(1);
    await first.stop();
    await openIs(0);
    // A stream asked and read with fetch as EventSource does (a GET), and the connection dropped.
    const aborted = new AbortController();
    const response = await fetch(`${gateway.url}?query=${encodeURIComponent(SUBSCRIBE)}`, {
      headers: { accept: 'text/event-stream' },
      signal: aborted.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    // Kept by no cache, ours or a CDN's.
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(':\n\n');
    await openIs(1);
    aborted.abort();
    await openIs(0);
    // Asked as plain JSON: no transport can carry it (406), and it holds no place.
    const plain = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: SUBSCRIBE }),
    });
    expect(plain.status).toBe(406);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await openIs(0);
    expect(await metric('gateway_change_subscription_events\\{event="opened"\\}')).toBe(3);
  });

  it('ends every stream when the gateway drains, so that none holds the shutdown', async () => {
    await start();
    const changes = subscribe();
    await openIs(1);
    gateway.gateway.front.drain();
    await changes.ended;
    await openIs(0);
  });

  it('counts each event as an answer of its own against MAX_RESPONSE_BYTES', async () => {
    const loaded = instanceConfig('http://unused', 'unused');
    // One event is about 150 characters: three of them together are over the bound.
    await start({}, { limits: { ...loaded.limits, responseBytes: 300 } });
    await readsMore(1);
    const changes = subscribe();
    await openIs(1);
    for (const id of [21, 22, 23]) upstream.rename(id, `New ${id}`);
    await until(() => changes.results.length >= 3, POLL_MS + 5_000);
    expect(changes.results.map((result) => result.errors)).toEqual([undefined, undefined, undefined]);
    expect(changes.results.map((result) => result.data?.changes.id).sort()).toEqual([21, 22, 23]);
  });
});
