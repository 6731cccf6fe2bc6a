import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 31, items 3 and 4': identical GETs in flight share one upstream call, and the call
 * belongs to everyone waiting for it. It used to run on its first caller's abort signal,
 * deadline and rate-budget lane: an attacker who hung up failed everyone sharing the call, the
 * first caller's deadline cut it for a joiner who had time left, and a joiner waited in the
 * first caller's queue of turns.
 */
const movieQuery = (id: number) => `{ movie(id: ${id}) { title } }`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a client that hangs up', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('1.2 s into a slow movie fails nobody who shares its call: the victim gets the movie, from the one call', async () => {
    const movie = h.catalog.data.movies[3]!;
    h.catalog.setFaults([{ path: `^/movie/${movie.id}$`, latencyMs: 2_000 }]);
    h.catalog.resetCalls();
    const coalescedBefore = h.upstream.stats.coalesced;
    const attacker = new AbortController();
    const attack = fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: movieQuery(movie.id) }),
      signal: attacker.signal,
    }).catch(() => 'hung up');
    await sleep(200);
    const victim = h.query(movieQuery(movie.id));
    await sleep(1_000);
    attacker.abort();
    expect(await attack).toBe('hung up');

    const answer = await victim;
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.movie.title).toBe(movie.title);
    expect(h.upstream.stats.coalesced - coalescedBefore).toBe(1);
    expect(h.callsTo(`/movie/${movie.id}`)).toBe(1);
    h.catalog.setFaults([]);
  });

  it('alone still cuts its call: nobody waits for it', async () => {
    const movie = h.catalog.data.movies[4]!;
    h.catalog.setFaults([{ path: `^/movie/${movie.id}$`, latencyMs: 2_000 }]);
    const client = new AbortController();
    const request = fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: movieQuery(movie.id) }),
      signal: client.signal,
    }).catch(() => 'hung up');
    for (let waited = 0; h.catalog.load.inFlight === 0 && waited < 2_000; waited += 20) await sleep(20);
    expect(h.catalog.load.inFlight).toBe(1);
    client.abort();
    expect(await request).toBe('hung up');
    // Well before the catalog's 2 s: the gateway closed the upstream request.
    for (let waited = 0; h.catalog.load.inFlight > 0 && waited < 1_000; waited += 20) await sleep(20);
    expect(h.catalog.load.inFlight).toBe(0);
    h.catalog.setFaults([]);
  });
});

describe('a shared call runs to the latest deadline of its waiters', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ config: { requestDeadlineMs: 2_000 } });
  });
  afterAll(() => h?.close());

  it("a victim joining 1.2 s later gets the 2.5 s movie past the first caller's 2 s deadline", async () => {
    const movie = h.catalog.data.movies[5]!;
    h.catalog.setFaults([{ path: `^/movie/${movie.id}$`, latencyMs: 2_500 }]);
    h.catalog.resetCalls();
    const first = h.query(movieQuery(movie.id));
    await sleep(1_200);
    const joiner = h.query(movieQuery(movie.id));

    const early = await first;
    expect(errorCodes(early)).toEqual(['UPSTREAM_TIMEOUT']);
    const late = await joiner;
    expect(late.body.errors).toBeUndefined();
    expect(late.body.data.movie.title).toBe(movie.title);
    expect(h.callsTo(`/movie/${movie.id}`)).toBe(1);
    h.catalog.setFaults([]);
  });
});

describe("a shared call's rate-budget turn", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ config: { upstreamRateLimit: 10, requestDeadlineMs: 6_000 } });
  });
  afterAll(() => h?.close());

  it("is the earliest any waiter would get: movie X alone answers in about a turn while it is last of another request's 200", async () => {
    const movies = h.catalog.data.movies.slice(0, 200);
    const x = movies[199]!;
    h.catalog.resetCalls();
    const coalescedBefore = h.upstream.stats.coalesced;
    const large = h.query(`{ movies(ids: [${movies.map((movie) => movie.id).join(',')}]) { title } }`);
    // The large request's calls are all in flight, X's waiting at the end of its lane.
    await sleep(1_000);
    const started = Date.now();
    const small = await h.query(movieQuery(x.id));
    const waitedMs = Date.now() - started;
    expect(small.body.errors).toBeUndefined();
    expect(small.body.data.movie.title).toBe(x.title);
    // It joined the large request's call for X rather than making its own.
    expect(h.upstream.stats.coalesced - coalescedBefore).toBe(1);
    console.log(`shared turn: movie X waited ${waitedMs} ms behind another request's 200 at 10 calls/s`);
    // Before: X waited for the large request's turn (the 200th at 10/s), and was RATE_LIMITED at its 6 s deadline.
    expect(waitedMs).toBeLessThan(2_000);
    const answer = await large;
    expect(answer.body.data.movies[199]).toEqual({ title: x.title });
    expect(h.callsTo(`/movie/${x.id}`)).toBe(1);
  }, 20_000);
});
