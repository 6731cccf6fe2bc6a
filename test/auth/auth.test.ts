import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guestRater } from '@media-catalog/catalog/data/ratings';
import { DEMO_ACCOUNT_PASSWORD, DEMO_V4_USER_TOKEN } from '@media-catalog/catalog/sessions';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

/** Authentication: request tokens, sessions by approval, login and v4 token, guest sessions. */
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

const userHeaders = () => ({ 'x-session-id': sessionId });

describe('Authentication flow', () => {
  it('createRequestToken gives a token, its ISO expiry and a working approval page; createSession then succeeds', async () => {
    const { body } = await h.query(`mutation { createRequestToken { requestToken { requestToken expiresAt approvalUrl } } }`);
    expect(body.errors).toBeUndefined();
    const { requestToken, expiresAt, approvalUrl } = body.data.createRequestToken.requestToken;
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(approvalUrl).toBe(`${new URL(h.catalog.baseUrl).origin}/authenticate/${requestToken}`);
    expect(h.catalog.calls.map((c) => [c.method, c.path])).toEqual([['GET', '/authentication/token/new']]);
    expect((await fetch(approvalUrl)).status).toBe(200);
    const session = await h.query(`mutation($t: String!) { createSession(input: { requestToken: $t }) { session { success } } }`, {
      t: requestToken,
    });
    expect(session.body.data.createSession.session.success).toBe(true);
  });

  it('never shares a minted credential between concurrent requests (no coalescing of token/new or guest_session/new)', async () => {
    const [a, b] = await Promise.all([
      h.query(`mutation { createRequestToken { requestToken { requestToken } } createGuestSession { guestSession { guestSessionId } } }`),
      h.query(`mutation { createRequestToken { requestToken { requestToken } } createGuestSession { guestSession { guestSessionId } } }`),
    ]);
    expect(a.body.data.createRequestToken.requestToken.requestToken).not.toBe(b.body.data.createRequestToken.requestToken.requestToken);
    expect(a.body.data.createGuestSession.guestSession.guestSessionId).not.toBe(b.body.data.createGuestSession.guestSession.guestSessionId);
    expect(h.callsTo('/authentication/token/new')).toBe(2);
    expect(h.callsTo('/authentication/guest_session/new')).toBe(2);
  });

  it('createSessionWithLogin logs in with the demo credentials; a wrong password is UNAUTHENTICATED and never echoed', async () => {
    const token = async () =>
      (await h.query(`mutation { createRequestToken { requestToken { requestToken } } }`)).body.data.createRequestToken.requestToken
        .requestToken;
    const login = `mutation($u: String!, $p: String!, $t: String!) { createSessionWithLogin(input: { username: $u, password: $p, requestToken: $t }) { session { sessionId success } } }`;
    const wrongToken = await token();
    const wrong = await h.query(login, { u: 'robin_okafor', p: 'not-the-password-xyz', t: wrongToken });
    expect(errorCodes(wrong)).toEqual(['UNAUTHENTICATED']);
    expect(wrong.text).not.toContain('not-the-password-xyz');
    expect(wrong.text).not.toContain(wrongToken);

    h.catalog.resetCalls();
    const good = await h.query(login, { u: h.catalog.data.account.username, p: DEMO_ACCOUNT_PASSWORD, t: await token() });
    expect(good.body.errors).toBeUndefined();
    expect(h.catalog.calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/authentication/token/new'],
      ['POST', '/authentication/token/validate_with_login'],
      ['POST', '/authentication/session/new'],
    ]);
    const newSession = good.body.data.createSessionWithLogin.session.sessionId;
    const me = await h.query(`query($id: Int!) { account(id: $id) { username } }`, { id: accountId }, { 'x-session-id': newSession });
    expect(me.body.data.account.username).toBe(h.catalog.data.account.username);
  });

  it('endSession ends the session of X-Session-Id without echoing it', async () => {
    const doomed = await createUserSession(h);
    h.catalog.resetCalls();
    const { body, text } = await h.query(`mutation { endSession { ended } }`, undefined, { 'x-session-id': doomed });
    expect(body).toEqual({ data: { endSession: { ended: true } } });
    expect(text).not.toContain(doomed);
    expect(h.catalog.calls.map((c) => [c.method, c.path, c.status])).toEqual([['DELETE', '/authentication/session', 200]]);
    const after = await h.query(`query($id: Int!) { account(id: $id) { username } }`, { id: accountId }, { 'x-session-id': doomed });
    expect(errorCodes(after)).toEqual(['UNAUTHENTICATED']);
    expect(after.text).not.toContain(doomed);

    h.catalog.resetCalls();
    const none = await h.query(`mutation { endSession { ended } }`);
    expect(errorCodes(none)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('v4 access token conversion', () => {
  it('turns a v4 user access token into a working v3 session through POST /authentication/session/convert/4', async () => {
    h.catalog.resetCalls();
    const { body } = await h.query(
      `mutation($t: String!) { createSessionFromV4Token(input: { accessToken: $t }) { session { sessionId success } } }`,
      {
        t: DEMO_V4_USER_TOKEN,
      },
    );
    expect(body.errors).toBeUndefined();
    expect(h.catalog.calls.map((c) => [c.method, c.path])).toEqual([['POST', '/authentication/session/convert/4']]);
    const account = await h.query(
      `query($id: Int!) { account(id: $id) { username } }`,
      { id: h.catalog.data.account.id },
      {
        'x-session-id': body.data.createSessionFromV4Token.session.sessionId,
      },
    );
    expect(account.body.data.account.username).toBe(h.catalog.data.account.username);
  });

  it('rejects an unknown token as UNAUTHENTICATED without echoing it, and a malformed one before any call', async () => {
    const forged = 'forged-v4-token-0123456789abcdef';
    const response = await h.query(
      `mutation($t: String!) { createSessionFromV4Token(input: { accessToken: $t }) { session { sessionId } } }`,
      { t: forged },
    );
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(response.text).not.toContain(forged);
    h.catalog.resetCalls();
    const malformed = await h.query(
      `mutation { createSessionFromV4Token(input: { accessToken: "has spaces in it" }) { session { sessionId } } }`,
    );
    expect(malformed.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'input', field: 'accessToken' });
    expect(h.catalog.calls).toHaveLength(0);
  });
});

describe('Guest sessions', () => {
  it('createGuestSession, then guestSession lists what that guest rated (and nothing of the account)', async () => {
    const created = await h.query(`mutation { createGuestSession { guestSession { guestSessionId expiresAt } } }`);
    expect(created.body.errors).toBeUndefined();
    const { guestSessionId, expiresAt } = created.body.data.createGuestSession.guestSession;
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const guest = { 'x-guest-session-id': guestSessionId };
    const rating = 'accountStates { rating }';
    const query = `{ guestSession { ratedMovies { totalCount edges { node { movie { id: databaseId title ${rating} } } } } ratedTVSeries { totalCount edges { node { tvSeries { id: databaseId name ${rating} } } } } ratedEpisodes { totalCount edges { node { episode { id: databaseId name ${rating} } } } } } }`;

    const empty = await h.query(query, undefined, guest);
    expect(empty.body.errors).toBeUndefined();
    expect(empty.body.data.guestSession.ratedMovies).toEqual({ totalCount: 0, edges: [] });

    // What the rating routes do when this guest rates (they share data.ratings).
    const { data } = h.catalog;
    const [movie, series] = [data.movies[3], data.tvSeries[2]];
    const episode = [...data.seasons.get(series.id)!].find((s) => s.episodes.length > 0)!.episodes[0];
    data.ratings.rate('movie', movie.id, guestRater(guestSessionId), 7.5);
    data.ratings.rate('tv', series.id, guestRater(guestSessionId), 6);
    data.ratings.rate('episode', episode.id, guestRater(guestSessionId), 9);

    h.catalog.resetCalls();
    const rated = await h.query(query, undefined, guest);
    expect(rated.body.errors).toBeUndefined();
    expect(rated.body.data.guestSession).toEqual({
      ratedMovies: { totalCount: 1, edges: [{ node: { movie: { id: movie.id, title: movie.title, accountStates: { rating: 7.5 } } } }] },
      ratedTVSeries: { totalCount: 1, edges: [{ node: { tvSeries: { id: series.id, name: series.name, accountStates: { rating: 6 } } } }] },
      ratedEpisodes: {
        totalCount: 1,
        edges: [{ node: { episode: { id: episode.id, name: episode.name, accountStates: { rating: 9 } } } }],
      },
    });
    // The three lists (the ratings: each work's account states).
    expect(
      h.catalog.calls
        .map((c) => c.path)
        .filter((path) => path.includes('/rated/'))
        .sort(),
    ).toEqual(
      [
        `/guest_session/${guestSessionId}/rated/movies`,
        `/guest_session/${guestSessionId}/rated/tv`,
        `/guest_session/${guestSessionId}/rated/tv/episodes`,
      ].sort(),
    );
  });

  it('without X-Guest-Session-Id: UNAUTHENTICATED, no upstream call; an unknown guest session is UNAUTHENTICATED too', async () => {
    const missing = await h.query(`{ guestSession { ratedMovies { totalCount } } }`, undefined, userHeaders());
    expect(errorCodes(missing)).toEqual(['UNAUTHENTICATED']);
    expect(missing.body.errors![0].message).toMatch(/send it in the X-Guest-Session-Id header/);
    expect(h.catalog.calls).toEqual([]);
    const unknown = await h.query(`{ guestSession { ratedMovies { totalCount } } }`, undefined, {
      'x-guest-session-id': 'feedfacefeedface',
    });
    expect(errorCodes(unknown)).toEqual(['UNAUTHENTICATED']);
    expect(unknown.text).not.toContain('feedfacefeedface');
  });
});

describe('a missing credential names what to send', () => {
  it('a user session, a session of either kind, or a token: each message names its header', async () => {
    const account = await h.query(`query($id: Int!) { account(id: $id) { username } }`, { id: accountId });
    expect(account.body.errors![0].message).toBe('This field needs a user session: send it in the X-Session-Id header.');
    const movieId = h.catalog.data.movies[0].id;
    const states = await h.query(`query($id: Int!) { movie(id: $id) { accountStates { rating } } }`, { id: movieId });
    expect(states.body.errors![0].message).toMatch(/X-Session-Id or a guest session in X-Guest-Session-Id/);
    const noToken = await startHarness({ serverToken: null });
    try {
      const answer = await noToken.query(`{ configuration { changeKeys } }`);
      expect(answer.body.errors![0].message).toMatch(/send "Authorization: Bearer <token>"/);
    } finally {
      await noToken.close();
    }
  });
});
