import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { param } from '../../src/upstream/request.ts';
import { UpstreamError } from '../../src/upstream/answer.ts';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

/** Arguments that land in an upstream path, and approval pages that must not name the upstream. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('dot and empty path segments never reach the upstream', () => {
  it.each([
    ['find externalId ".."', `{ find(externalId: "..", source: IMDB_ID) { movies { id: databaseId } } }`],
    ['find externalId "."', `{ find(externalId: ".", source: IMDB_ID) { movies { id: databaseId } } }`],
    ['find externalId " .. " (trimmed to "..")', `{ find(externalId: " .. ", source: TVDB_ID) { movies { id: databaseId } } }`],
    ['find externalId ""', `{ find(externalId: "", source: IMDB_ID) { movies { id: databaseId } } }`],
    ['review id ".."', `{ review(id: "..") { id: databaseId } }`],
    ['review id "."', `{ review(id: ".") { id: databaseId } }`],
    ['review id ""', `{ review(id: "") { id: databaseId } }`],
    ['credit id ".."', `{ credit(id: "..") { id: creditId } }`],
    ['credit id ""', `{ credit(id: "") { id: creditId } }`],
    ['episode group id ".."', `{ episodeGroup(id: "..") { name } }`],
    ['episode group id "."', `{ episodeGroup(id: ".") { name } }`],
    ['episode group id ""', `{ episodeGroup(id: "") { name } }`],
  ])('%s is BAD_USER_INPUT with no upstream call', async (_, query) => {
    const response = await h.query(query);
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it.each(['..', '.', '%2E%2E'])('a guest session id %j in the header is dropped: UNAUTHENTICATED, no call', async (id) => {
    const response = await h.query(`{ guestSession { ratedMovies { totalCount } } }`, undefined, { 'x-guest-session-id': id });
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it.each<[string, Array<string | number | ReturnType<typeof param>>]>([
    ['a marked ".."', ['find', param('..')]],
    ['a marked "."', ['review', param('.')]],
    ['a marked ""', ['credit', param('')]],
    ['a literal ".."', ['movie', '..']],
    ['an empty guest session id', ['guest_session', param(''), 'rated', 'movies']],
  ])('the client itself refuses %s before any call', async (_, path) => {
    expect(() => h.upstream.urlOf({ path })).toThrow(UpstreamError);
    const sent = h.upstream.send(h.catalog.demoToken, { path, query: { external_source: 'imdb_id' } });
    await expect(sent).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(h.catalog.calls).toHaveLength(0);
  });

  // A key an answer left out (a 2014 episode without season_number) must never become a segment.
  it.each<[string, unknown[]]>([
    ['an undefined number', ['tv', 1396, 'season', undefined, 'episode', 1]],
    ['a null number', ['tv', 1396, 'season', null, 'episode', 1]],
    ['NaN', ['tv', 1396, 'season', Number.NaN]],
    ['a fractional number', ['movie', 1.5]],
    ['a negative number', ['movie', -3]],
    ['a marked undefined', ['review', { param: undefined }]],
  ])('the client refuses %s, UPSTREAM_ERROR before any call', async (_, path) => {
    const segments = path as Array<string | number | ReturnType<typeof param>>;
    expect(() => h.upstream.urlOf({ path: segments })).toThrow(UpstreamError);
    await expect(h.upstream.send(h.catalog.demoToken, { path: segments })).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('an identifier with dots inside is still sent, encoded', async () => {
    const response = await h.query(`{ find(externalId: "tt.01", source: IMDB_ID) { movies { id: databaseId } } }`);
    expect(response.body.errors).toBeUndefined();
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/find/tt.01']);
  });
});

describe('review ids are 24 hexadecimal characters', () => {
  it.each(['-1', 'NaN', 'abc', '0', '5488c29bc3a3686f4a00004', '5488c29bc3a3686f4a00004a0', '5488c29bc3a3686f4a00004g', 'Infinity'])(
    'review(id: %j) is BAD_USER_INPUT with no upstream call',
    async (id) => {
      const response = await h.query(`query($id: ID!) { review(id: $id) { id: databaseId } }`, { id });
      expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions!.argument).toBe('id');
      expect(h.catalog.calls).toHaveLength(0);
    },
  );

  it('a numeric ID variable is checked the same way', async () => {
    const response = await h.query(`query($id: ID!) { review(id: $id) { id: databaseId } }`, { id: -1 });
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('a well-formed id reaches the catalog (NOT_FOUND when there is no such review)', async () => {
    const response = await h.query(`{ review(id: "000000000000000000000000") { id: databaseId } }`);
    expect(errorCodes(response)).toEqual(['NOT_FOUND']);
    expect(h.callsTo('/review/000000000000000000000000')).toBe(1);
  });
});

describe('the approval page has its own base URL', () => {
  it('an upstream on an internal host is never shown: approvalUrl is on the configured site', async () => {
    const internal = await startHarness({ config: { approvalBaseUrl: 'https://www.themoviedb.org' } });
    try {
      expect(internal.catalog.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/3$/);
      const { body, text } = await internal.query(`mutation { createRequestToken { requestToken { requestToken approvalUrl } } }`);
      expect(body.errors).toBeUndefined();
      const { requestToken, approvalUrl } = body.data.createRequestToken.requestToken;
      expect(approvalUrl).toBe(`https://www.themoviedb.org/authenticate/${encodeURIComponent(requestToken)}`);
      expect(text).not.toContain('127.0.0.1');
    } finally {
      await internal.close();
    }
  });

  it("with the embedded catalog, approvalUrl is the catalog's own working page", async () => {
    const { body } = await h.query(`mutation { createRequestToken { requestToken { requestToken approvalUrl } } }`);
    const { requestToken, approvalUrl } = body.data.createRequestToken.requestToken;
    expect(approvalUrl).toBe(`${new URL(h.catalog.baseUrl).origin}/authenticate/${requestToken}`);
    expect((await fetch(approvalUrl)).status).toBe(200);
  });
});
