import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRater } from '@media-catalog/catalog/data/ratings';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { createUserSession, errorCodes, listen, startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/** A node:http server on 127.0.0.1, port 0; `base` is its /3 base URL. */
async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; base: string; close(): Promise<void> }> {
  const server = createServer(handler);
  const port = await listen(server);
  return {
    server,
    base: `http://127.0.0.1:${port}/3`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('session-bound answers never enter the shared caches', () => {
  let h: Harness;
  let proxy: Awaited<ReturnType<typeof serve>>;
  let target = '';

  beforeAll(async () => {
    // A proxy that calls every 200 GET public for a minute, session-bound ones included.
    proxy = await serve((req, res) => {
      const upstream = new URL(target);
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const headers = { ...answer.headers };
          if (req.method === 'GET' && answer.statusCode === 200) headers['cache-control'] = 'public, max-age=60';
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    h = await startHarness({
      config: { catalogBaseUrl: proxy.base, cacheMaxBytes: 8 * 1024 * 1024, responseCacheMaxBytes: 4 * 1024 * 1024 },
    });
    target = h.catalog.baseUrl;
  });
  afterAll(async () => {
    await h.close();
    await proxy.close();
  });

  it('a user session sees its new rating and watchlist at once; the public movie details stay cached', async () => {
    const sessionId = await createUserSession(h);
    const accountId = h.catalog.data.account.id;
    const movie = h.catalog.data.movies.find(
      (m) =>
        h.catalog.data.ratings.ratingOf('movie', m.id, accountRater(accountId)) === undefined &&
        !h.catalog.data.accountMedia.has('watchlist', 'movie', m.id),
    )!;
    const headers = { 'x-session-id': sessionId };
    const read = `query($id: Int!) { movie(id: $id) { title accountStates { rating watchlist } } }`;
    h.catalog.resetCalls();

    const before = await h.query(read, { id: movie.id }, headers);
    expect(before.body).toEqual({ data: { movie: { title: movie.title, accountStates: { rating: null, watchlist: false } } } });

    const rated = await h.query(
      `mutation($m: Int!) { rateMovie(input: { movieId: $m, value: 3.5 }) { movie { accountStates { rating } } } }`,
      { m: movie.id },
      headers,
    );
    expect(rated.body.data.rateMovie.movie.accountStates.rating).toBe(3.5);
    const listed = await h.query(
      `mutation($a: Int!, $m: Int!) { setMovieWatchlist(input: { accountId: $a, movieId: $m, watchlist: true }) { movie { accountStates { rating watchlist } } } }`,
      { a: accountId, m: movie.id },
      headers,
    );
    expect(listed.body.data.setMovieWatchlist.movie.accountStates).toEqual({ rating: 3.5, watchlist: true });

    const after = await h.query(read, { id: movie.id }, headers);
    expect(after.body).toEqual({ data: { movie: { title: movie.title, accountStates: { rating: 3.5, watchlist: true } } } });
    // Every read of the session's states reached the catalog; the movie itself was fetched once.
    expect(h.callsTo(`/movie/${movie.id}/account_states`)).toBe(4);
    expect(h.callsTo(`/movie/${movie.id}`)).toBe(1);
  });

  it('a guest session sees its new rating at once (its id is in the path, not the query)', async () => {
    const guest = await h.query(`mutation { createGuestSession { guestSession { guestSessionId } } }`);
    const headers = { 'x-guest-session-id': guest.body.data.createGuestSession.guestSession.guestSessionId };
    const read = `{ guestSession { ratedMovies { edges { node { movie { id: databaseId accountStates { rating } } } } } } }`;
    const movieId = h.catalog.data.movies[7].id;
    expect(expected.nodes((await h.query(read, undefined, headers)).body.data.guestSession.ratedMovies)).toEqual([]);
    const rated = await h.query(
      `mutation($m: Int!) { rateMovie(input: { movieId: $m, value: 3.5 }) { movie { id: databaseId } } }`,
      { m: movieId },
      headers,
    );
    expect(rated.body.errors).toBeUndefined();
    const after = await h.query(read, undefined, headers);
    expect(expected.nodes(after.body.data.guestSession.ratedMovies)).toEqual([{ movie: { id: movieId, accountStates: { rating: 3.5 } } }]);
  });

  it('identical session-bound GETs in flight still share one call, which reports no freshness', async () => {
    let calls = 0;
    const stub = await serve((_, res) => {
      calls++;
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' }).end('{"id":1}'),
        50,
      );
    });
    const client = createUpstreamClient({ baseUrl: stub.base, timeoutMs: 2_000, cacheMaxBytes: 1024 * 1024 });
    try {
      const seen: number[] = [];
      const req = { path: ['movie', 1, 'account_states'], query: { session_id: 'abc' } };
      await Promise.all([client.send('t', req, undefined, (ms) => seen.push(ms)), client.send('t', req, undefined, (ms) => seen.push(ms))]);
      expect(calls).toBe(1);
      await client.send('t', { path: ['guest_session', 'g1', 'rated', 'movies'] }, undefined, (ms) => seen.push(ms));
      await client.send('t', req, undefined, (ms) => seen.push(ms));
      expect(calls).toBe(3);
      expect(seen).toEqual([0, 0, 0, 0]);
      // A public answer of the same upstream is still stored and fresh.
      await client.send('t', { path: ['movie', 1] }, undefined, (ms) => seen.push(ms));
      await client.send('t', { path: ['movie', 1] });
      expect(calls).toBe(4);
      expect(seen[4]).toBeGreaterThan(50_000);
    } finally {
      await client.close();
      await stub.close();
    }
  });
});

describe('upstream answer bodies are bounded', () => {
  const MB = 1024 * 1024;
  let stub: Awaited<ReturnType<typeof serve>>;
  let h: Harness;
  const sent = { bytes: 0 };
  const requests = new Map<string, number>();

  /** Streams a JSON movie of about `total` bytes, chunked, minding backpressure, until done or cut off. */
  async function streamMovie(res: ServerResponse, total: number) {
    res.writeHead(200, { 'content-type': 'application/json' });
    let closed = false;
    let wake = () => {};
    res.once('close', () => {
      closed = true;
      wake();
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    res.write('{"id":1,"title":"');
    for (let written = 0; written < total && !closed; written += chunk.length) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          res.once('drain', resolve);
        });
      }
    }
    if (!closed) res.end('"}');
  }

  beforeAll(async () => {
    stub = await serve((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      requests.set(path, (requests.get(path) ?? 0) + 1);
      const id = Number(/^\/3\/movie\/(\d+)$/.exec(path)?.[1]);
      if (id >= 100 && id < 200) return void streamMovie(res, 20 * MB);
      if (id >= 200) {
        // Declares 50 MB, sends a first chunk, then nothing: only the declared length can stop it early.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * MB) });
        return void res.write('{"id":2,"title":"');
      }
      if (id) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, title: `Movie ${id}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ change_keys: ['title'], images: {} }));
    });
    h = await startHarness({
      config: { catalogBaseUrl: stub.base, upstreamMaxBodyBytes: MB, upstreamTimeoutMs: 5_000, breakerThreshold: 3 },
    });
  });
  afterAll(async () => {
    await h.close();
    await stub.close();
  });

  const expectTooLarge = (response: Awaited<ReturnType<Harness['query']>>, fields: string[]) => {
    expect(response.status).toBe(200);
    expect(errorCodes(response)).toEqual(fields.map(() => 'UPSTREAM_ERROR'));
    expect(response.body.errors!.map((e) => e.path![0]).sort()).toEqual([...fields].sort());
    expect(response.body.errors![0].message).toMatch(/larger than the gateway accepts/);
    expect(response.text).not.toContain('xxxx');
  };

  it('a chunked 20 MB answer is cut off past 1 MB: UPSTREAM_ERROR on the field, the next query answered', async () => {
    const started = Date.now();
    const response = await h.query(`{ movie(id: 101) { title } }`);
    expectTooLarge(response, ['movie']);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(sent.bytes).toBeLessThan(20 * MB);
    expect(requests.get('/3/movie/101')).toBe(1);
    const next = await h.query(`{ movie(id: 7) { title } configuration { changeKeys } }`);
    expect(next.body).toEqual({ data: { movie: { title: 'Movie 7' }, configuration: { changeKeys: ['title'] } } });
  });

  it('a declared 50 MB content-length is refused at once, without waiting for the body', async () => {
    const started = Date.now();
    const response = await h.query(`{ movie(id: 201) { title } }`);
    expectTooLarge(response, ['movie']);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await h.query(`{ movie(id: 8) { title } }`)).body.data.movie.title).toBe('Movie 8');
  });

  it('four aliased oversized fields all fail cleanly; none counts against the circuit', async () => {
    const response = await h.query(
      `{ a: movie(id: 111) { title } b: movie(id: 112) { title } c: movie(id: 211) { title } d: movie(id: 212) { title } }`,
    );
    expectTooLarge(response, ['a', 'b', 'c', 'd']);
    expect(h.upstream.breakers.state('/movie/{id}')).toBe('closed');
    expect(h.upstream.breakers.state()).toBe('closed');
    expect((await h.query(`{ movie(id: 9) { title } }`)).body.data.movie.title).toBe('Movie 9');
  });
});

describe('circuits per upstream route', () => {
  let h: Harness;
  let movieId: number;
  beforeAll(async () => {
    h = await startHarness({
      catalog: { faults: [{ path: '^/search/company$', status: 500 }] },
      config: { breakerThreshold: 5, breakerCooldownMs: 60_000, upstreamTimeoutMs: 500, requestDeadlineMs: 3_000 },
    });
    movieId = h.catalog.data.movies[2].id;
  });
  afterAll(() => h.close());

  it('5xx answers of one route pause that route alone; connection failures pause the host', async () => {
    for (let i = 0; i < 5; i++)
      expect(errorCodes(await h.query(`{ search { companies(query: "acme") { totalCount } } }`))).toEqual(['UPSTREAM_ERROR']);
    expect(h.callsTo('/search/company')).toBe(5);
    const movie = await h.query(`query($id: Int!) { movie(id: $id) { title } }`, { id: movieId });
    expect(movie.body.errors).toBeUndefined();
    expect(h.upstream.breakers.state('/search/company')).toBe('open');
    expect(h.upstream.breakers.state()).toBe('closed');

    const paused = await h.query(`{ search { companies(query: "acme") { totalCount } } }`);
    expect(paused.body.errors![0].message).toMatch(/paused/);
    expect(h.callsTo('/search/company')).toBe(5);
    expect(h.upstream.breakers.routes()).toEqual(expect.arrayContaining(['/search/company', '/movie/{id}']));

    // Resets everywhere: the host's circuit opens, and even a route never failed is paused.
    h.catalog.setFaults([{ path: '.*', reset: true }]);
    for (let i = 0; i < 2; i++) await h.query(`query($id: Int!) { movie(id: $id) { title } }`, { id: movieId });
    expect(h.upstream.breakers.state()).toBe('open');
    h.catalog.resetCalls();
    const fast = await h.query(`{ configuration { changeKeys } }`);
    expect(fast.body.errors![0].message).toMatch(/paused/);
    expect(h.catalog.calls).toHaveLength(0);
  });
});
