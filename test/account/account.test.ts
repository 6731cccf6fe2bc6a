import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let accountId: number;
let sessionId: string;

beforeAll(async () => {
  h = await startHarness();
  accountId = h.catalog.data.account.id;
  sessionId = await createUserSession(h);
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const restWithSession = (path: string) => h.rest(`${path}${path.includes('?') ? '&' : '?'}session_id=${sessionId}`);

describe('Mutation.createSession.session', () => {
  it('turns an approved request token into a session through POST /authentication/session/new', async () => {
    const { request_token } = await h.rest('/authentication/token/new');
    h.catalog.approveRequestToken(request_token);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `mutation($t: String!) { createSession(input: { requestToken: $t }) { session { sessionId success } } }`,
      { t: request_token },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.createSession.session.success).toBe(true);
    expect(body.data.createSession.session.sessionId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(h.catalog.calls.map((c) => [c.method, c.path])).toEqual([['POST', '/authentication/session/new']]);
  });

  it('reports an unapproved token as a typed error, not a crash', async () => {
    const { request_token } = await h.rest('/authentication/token/new');
    const response = await h.query(`mutation($t: String!) { createSession(input: { requestToken: $t }) { session { sessionId } } }`, {
      t: request_token,
    });
    expect(response.body.data).toEqual({ createSession: null });
    expect(['BAD_USER_INPUT', 'UNAUTHENTICATED']).toContain(errorCodes(response)[0]);
    expect(response.text).not.toContain(request_token);
  });
});

describe('Account', () => {
  it('answers details with the session of the account', async () => {
    const up = await restWithSession(`/account/${accountId}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { id: databaseId username name languageCode countryCode includeAdult avatarPath gravatarHash } }`,
      { id: accountId },
      { 'x-session-id': sessionId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.account).toEqual({
      id: accountId,
      username: up.username,
      name: up.name || null,
      languageCode: up.iso_639_1,
      countryCode: up.iso_3166_1,
      includeAdult: up.include_adult,
      avatarPath: up.avatar.tmdb.avatar_path,
      gravatarHash: up.avatar.gravatar.hash,
    });
    expect(h.catalog.calls[0].query.session_id).toBe(sessionId);
  });

  it.each([
    ['CREATED_AT_ASC', 'created_at.asc'],
    ['CREATED_AT_DESC', 'created_at.desc'],
  ])('ratedMovies(sortBy: %s) answers field by field, movies carrying their summary', async (order, sortBy) => {
    const up = await restWithSession(`/account/${accountId}/rated/movies?sort_by=${sortBy}&page=2&language=en-US`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { ratedMovies(${expected.pageWindow('Account.ratedMovies', 2)}, language: "en-US", sortBy: ${order}) {
        ${expected.CONNECTION(`movie { ${expected.MOVIE_SUMMARY_FIELDS} }`)} } } }`,
      { id: accountId },
      { 'x-session-id': sessionId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.account.ratedMovies).toEqual(
      expected.connection(
        up,
        up.results.map((m: any) => ({ movie: expected.movieSummary(m) })),
      ),
    );
    expect(expected.nodes(body.data.account.ratedMovies).length).toBeGreaterThan(0);
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/account/${accountId}/rated/movies`]);
    expect(h.catalog.calls[0].query).toMatchObject({ session_id: sessionId, sort_by: sortBy, page: '2', language: 'en-US' });
  });

  it('without a session: null with UNAUTHENTICATED, no upstream call', async () => {
    const response = await h.query(`query($id: Int!) { account(id: $id) { id: databaseId ratedMovies { totalCount } } }`, {
      id: accountId,
    });
    // Only the session's own account answers by its id (test/security/own-account-ids.test.ts).
    expect(response.body.data.account).toBeNull();
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('with a session the catalog does not know: UNAUTHENTICATED, and the id never echoed', async () => {
    const forged = 'f0e1d2c3b4a5968778695a4b3c2d1e0f00112233';
    const response = await h.query(
      `query($id: Int!) { account(id: $id) { ratedMovies { totalCount } } }`,
      { id: accountId },
      { 'x-session-id': forged },
    );
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(response.text).not.toContain(forged);
  });
});
