import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, listen, startHarness, type Harness } from '../helpers.ts';
import { CONFIGURATION_BODY } from './scripted-configuration.ts';

/**
 * Error paths over real HTTP. The catalog covers the service's own errors; a scripted
 * loopback server plays the misbehaving upstream (429, 5xx, garbage) that the catalog does
 * not produce on demand.
 */
let h: Harness;
const SECRET_TOKEN = 'sEcReT-client-token-0123456789abcdef';
const SECRET_SESSION = 'aaaabbbbccccddddeeeeffff0000111122223333';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('credentials', () => {
  it('sends the incoming bearer token upstream in preference to the server token', async () => {
    const response = await h.query(`{ authentication { success } }`, undefined, { authorization: `Bearer ${SECRET_TOKEN}` });
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toHaveLength(1);
    expect(response.text).not.toContain(SECRET_TOKEN);
  });

  it('accepts a valid incoming token', async () => {
    const response = await h.query(`{ authentication { success } }`, undefined, { authorization: `Bearer ${h.catalog.demoToken}` });
    expect(response.body.data.authentication.success).toBe(true);
    expect(response.text).not.toContain(h.catalog.demoToken);
  });

  it('with no token at all, every upstream field fails UNAUTHENTICATED and nothing is called', async () => {
    const bare = await startHarness({ serverToken: null });
    try {
      const response = await bare.query(`{ configuration { changeKeys } }`);
      expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
      const partial = await bare.query(
        `{ movie(id: 5) { id: databaseId title } upcomingMovies { totalCount } review(id: "5488c29bc3a3686f4a00004a") { id: databaseId } }`,
      );
      expect(partial.body.data).toEqual({ movie: null, upcomingMovies: null, review: null });
      expect(errorCodes(partial)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED']);
      expect(bare.catalog.calls).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it('a malformed Authorization header never falls back to the server token', async () => {
    const response = await h.query(`{ authentication { success } }`, undefined, { authorization: `Basic ${SECRET_TOKEN}` });
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toHaveLength(0);
    expect(response.text).not.toContain(SECRET_TOKEN);
  });

  it('never shows a session id in an error', async () => {
    const accountId = h.catalog.data.account.id;
    const response = await h.query(
      `query($id: Int!) { account(id: $id) { username } }`,
      { id: accountId },
      { 'x-session-id': SECRET_SESSION },
    );
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(response.text).not.toContain(SECRET_SESSION);
  });
});

describe('invalid arguments are BAD_USER_INPUT before any upstream call', () => {
  it.each([
    ['movie id below 1', `{ movie(id: 0) { title } }`, 'id'],
    ['negative company id', `{ company(id: -4) { name } }`, 'id'],
    ['first above 100', `{ upcomingMovies(first: 101) { totalCount } }`, 'first'],
    ['first 0', `{ trending { tvSeries(timeWindow: DAY, first: 0) { totalCount } } }`, 'first'],
    ['end before start', `{ movie(id: MOVIE) { changes(startDate: "2024-02-10", endDate: "2024-02-01") { key } } }`, 'endDate'],
    ['bad language', `{ upcomingMovies(language: "english") { totalCount } }`, 'language'],
    ['bad country', `{ movie(id: MOVIE) { alternativeTitles(country: "USA") { title } } }`, 'country'],
    ['bad region', `{ upcomingMovies(region: "1") { totalCount } }`, 'region'],
    ['bad watch region', `{ tvWatchProviders(watchRegion: "../x") { providerId } }`, 'watchRegion'],
    ['empty search', `{ search { companies(query: "   ") { totalCount } } }`, 'query'],
    ['overlong search', `{ search { companies(query: "${'x'.repeat(201)}") { totalCount } } }`, 'query'],
    ['path in a review id', `{ review(id: "../movie/11") { id: databaseId } }`, 'id'],
    ['parameter in a review id', `{ review(id: "abc?api_key=1") { id: databaseId } }`, 'id'],
    ['season number below 0', `{ tvSeries(id: SERIES) { season(number: -1) { name } } }`, 'number'],
  ])('%s', async (_, query, argument) => {
    // Below an object that exists: a missing one would be null with its NOT_FOUND, its fields unasked.
    const movie = h.catalog.data.movies[0]!.id;
    const series = h.catalog.data.tvSeries[0]!.id;
    const response = await h.query(query.replace('MOVIE', String(movie)).replace('SERIES', String(series)));
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors![0].extensions!.argument).toBe(argument);
    expect(response.body.errors![0].message).toContain(`"${argument}"`);
    // No call of the argument's own: at most the details that tell the object exists.
    expect(h.catalog.calls.map((c) => c.path).filter((path) => path !== `/movie/${movie}` && path !== `/tv/${series}`)).toEqual([]);
  });

  it.each([
    ['impossible date', `{ movie(id: 11) { changes(startDate: "2024-02-30") { key } } }`],
    ['malformed date', `{ movie(id: 11) { changes(endDate: "01/02/2024") { key } } }`],
  ])('%s: the Date scalar refuses it while validating the document', async (_, query) => {
    const response = await h.query(query);
    expect(errorCodes(response)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(response.body.errors![0].message).toMatch(/Date cannot represent an invalid date-string/);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('an upstream 422 (changes range over 14 days) is BAD_USER_INPUT on the field', async () => {
    const movieId = (await h.rest('/movie/upcoming')).results[0].id;
    h.catalog.resetCalls();
    const response = await h.query(
      `query($id: Int!) { movie(id: $id) { id: databaseId changes(startDate: "2026-01-01", endDate: "2026-03-01") { key } } }`,
      { id: movieId },
    );
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.data.movie).toEqual({ id: movieId, changes: null });
    expect(h.callsTo(`/movie/${movieId}/changes`)).toBe(1);
  });
});

describe('upstream faults become typed errors on the field, the rest intact', () => {
  type Script = (req: IncomingMessage, res: ServerResponse) => void;
  const scripts = new Map<string, Script>();
  let faulty: Harness;
  let stub: ReturnType<typeof createServer>;

  beforeAll(async () => {
    stub = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname.replace(/^\/3/, '');
      const script = scripts.get(path);
      if (script) return script(req, res);
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"status_code":34,"status_message":"The resource you requested could not be found.","success":false}');
    });
    const port = await listen(stub);
    faulty = await startHarness({ config: { catalogBaseUrl: `http://127.0.0.1:${port}/3`, upstreamTimeoutMs: 300 } });
    scripts.set('/configuration', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(CONFIGURATION_BODY));
  });
  afterAll(async () => {
    await faulty.close();
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
  });

  const json =
    (status: number, body: unknown, headers: Record<string, string> = {}): Script =>
    (_, res) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

  it.each([
    [
      '429 with Retry-After',
      json(429, { status_code: 25, status_message: 'Your request count (41) is over the allowed limit of 40.' }, { 'retry-after': '1' }),
      'RATE_LIMITED',
    ],
    ['500 with a body', json(500, { status_code: 11, status_message: 'Internal error: secret stack at /srv/app.js' }), 'UPSTREAM_ERROR'],
    [
      '503 HTML page',
      ((_, res) => res.writeHead(503, { 'content-type': 'text/html' }).end('<html>down</html>')) as Script,
      'UPSTREAM_ERROR',
    ],
    [
      '200 with garbage',
      ((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"title": "trunc')) as Script,
      'UPSTREAM_ERROR',
    ],
    ['200 with a JSON string', json(200, 'not an object'), 'UPSTREAM_ERROR'],
    [
      '401 with code 7',
      json(401, { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false }),
      'UNAUTHENTICATED',
    ],
    [
      '404 with code 34',
      json(404, { status_code: 34, status_message: 'The resource you requested could not be found.', success: false }),
      'NOT_FOUND',
    ],
    ['no answer within the timeout', ((_, res) => setTimeout(() => res.writeHead(200).end('{}'), 1500)) as Script, 'UPSTREAM_TIMEOUT'],
    ['connection reset', ((req) => req.socket.destroy()) as Script, 'UPSTREAM_ERROR'],
  ])('%s → %s', async (_, script, code) => {
    scripts.set('/movie/77', script);
    const response = await faulty.query(`{ movie(id: 77) { title } configuration { changeKeys } }`);
    expect(response.status).toBe(200);
    expect(errorCodes(response)).toEqual([code]);
    // One error for the movie, whose details call failed, whatever fields were asked.
    expect(response.body.errors![0].path).toEqual(['movie']);
    expect(response.body.data).toEqual({ movie: null, configuration: { changeKeys: ['title'] } });
    expect(response.text).not.toMatch(/secret stack|over the allowed limit|<html>/);
  });

  it('a refused connection is UPSTREAM_ERROR', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const refused = await startHarness({ config: { catalogBaseUrl: `http://127.0.0.1:${port}/3` } });
    try {
      const response = await refused.query(`{ upcomingMovies { totalCount } }`);
      expect(response.body.data).toEqual({ upcomingMovies: null });
      expect(errorCodes(response)).toEqual(['UPSTREAM_ERROR']);
    } finally {
      await refused.close();
    }
  });
});

describe('unexpected errors are masked', () => {
  it('a malformed query is a GraphQL error, not a crash', async () => {
    const response = await h.query(`{ movie(id: "x") { title } }`);
    expect(response.status).toBeLessThan(500);
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors!.length).toBeGreaterThan(0);
    const after = await h.query(`{ authentication { success } }`);
    expect(after.body.data.authentication.success).toBe(true);
  });
});
