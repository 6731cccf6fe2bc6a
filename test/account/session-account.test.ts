import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser/launch.ts';
import { outsideProgram } from '../outside-programs.ts';
import { createUserSession, errorCodes, listen, startHarness, type Harness } from '../helpers.ts';

/**
 * The session's own account without asking for its id: `accountId` may be left out of every
 * mark write, the account is looked up once per session (GET /account/null with the session,
 * counted at the catalog) and never lent to another session. And a single-page app's login:
 * `createRequestToken(redirectTo:)`, followed by real Chromium through the approval page.
 */
const chromiumProgram = outsideProgram('chromium', import.meta.url);
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const lookups = () => h.callsTo('/account/null');
const favourite = (movieId: number, on = true) =>
  `mutation { setMovieFavorite(input: { movieId: ${movieId}, favorite: ${on} }) { movie { id: databaseId accountStates { favorite } } } }`;
const movieIds = () => h.catalog.data.movies.map((m) => m.id);

describe('accountId defaults to the session account', () => {
  it('every mark write works without accountId; the account is looked up once for the session, then kept', async () => {
    const sessionId = await createUserSession(h);
    h.catalog.resetCalls();
    const [m1, m2, s1] = [movieIds()[30]!, movieIds()[31]!, h.catalog.data.tvSeries[5]!.id];
    const first = await h.query(
      `mutation { a: setMovieFavorite(input: { movieId: ${m1}, favorite: true }) { movie { id: databaseId accountStates { favorite } } }
                  b: setMovieWatchlist(input: { movieId: ${m2}, watchlist: true }) { movie { id: databaseId accountStates { watchlist } } } }`,
      undefined,
      { 'x-session-id': sessionId },
    );
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data).toEqual({
      a: { movie: { id: m1, accountStates: { favorite: true } } },
      b: { movie: { id: m2, accountStates: { watchlist: true } } },
    });
    expect(lookups()).toBe(1);
    const second = await h.query(
      `mutation { a: setTVSeriesFavorite(input: { seriesId: ${s1}, favorite: true }) { tvSeries { id: databaseId } } b: setTVSeriesWatchlist(input: { seriesId: ${s1}, watchlist: true }) { tvSeries { id: databaseId } } }`,
      undefined,
      { 'x-session-id': sessionId },
    );
    expect(second.body.errors).toBeUndefined();
    // Kept for the session: no second lookup in a later request.
    expect(lookups()).toBe(1);
    const account = h.catalog.data.account.id;
    const posts = h.catalog.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([
      `/account/${account}/favorite`,
      `/account/${account}/watchlist`,
      `/account/${account}/favorite`,
      `/account/${account}/watchlist`,
    ]);
    // The catalog holds the marks: the writes went to the right account.
    const favourites = await h.rest(`/account/${account}/favorite/movies?session_id=${sessionId}&sort_by=created_at.desc`);
    expect(favourites.results[0].id).toBe(m1);
  });

  it('an accountId given is still used as given, with no lookup', async () => {
    const sessionId = await createUserSession(h);
    h.catalog.resetCalls();
    const account = h.catalog.data.account.id;
    const { body } = await h.query(
      `mutation { setMovieFavorite(input: { accountId: ${account}, movieId: ${movieIds()[32]}, favorite: true }) { movie { id: databaseId } } }`,
      undefined,
      { 'x-session-id': sessionId },
    );
    expect(body.errors).toBeUndefined();
    expect(lookups()).toBe(0);
  });

  it("never shared across sessions: another session gets its own lookup, and an ended or unknown session borrows nobody's account", async () => {
    const one = await createUserSession(h);
    const two = await createUserSession(h);
    h.catalog.resetCalls();
    expect((await h.query(favourite(movieIds()[33]!), undefined, { 'x-session-id': one })).body.errors).toBeUndefined();
    expect((await h.query(favourite(movieIds()[34]!), undefined, { 'x-session-id': two })).body.errors).toBeUndefined();
    expect(lookups()).toBe(2);

    const ended = await h.query(`mutation { endSession { ended accountId } }`, undefined, { 'x-session-id': one });
    expect(ended.body).toEqual({ data: { endSession: { ended: true, accountId: h.catalog.data.account.id } } });
    const after = await h.query(favourite(movieIds()[35]!), undefined, { 'x-session-id': one });
    expect(errorCodes(after)).toEqual(['UNAUTHENTICATED']);
    const unknown = await h.query(favourite(movieIds()[35]!), undefined, { 'x-session-id': 'no-such-session-0123456789' });
    expect(errorCodes(unknown)).toEqual(['UNAUTHENTICATED']);
    expect(unknown.text).not.toContain('no-such-session');
    // Neither wrote anything: each asked for its own account and was refused.
    expect(h.catalog.calls.filter((c) => c.method === 'POST').length).toBe(2);
    expect(lookups()).toBe(4);
  });

  it('without a session: UNAUTHENTICATED before any upstream call; a bad accountId: BAD_USER_INPUT', async () => {
    const none = await h.query(favourite(movieIds()[36]!));
    expect(errorCodes(none)).toEqual(['UNAUTHENTICATED']);
    const bad = await h.query(
      `mutation { setMovieWatchlist(input: { accountId: -4, movieId: 1, watchlist: true }) { movie { id: databaseId } } }`,
      undefined,
      {
        'x-session-id': 'abc',
      },
    );
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('createRequestToken(redirectTo:), for single-page apps', () => {
  it('refuses anything but an absolute http(s) URL without credentials, before any upstream call', async () => {
    for (const value of ['/relative', 'javascript:alert(1)', 'ftp://example.com/x', 'https://user:pw@example.com/', 'x'.repeat(3000)]) {
      const { body } = await h.query(
        `mutation($r: String!) { createRequestToken(input: { redirectTo: $r }) { requestToken { approvalUrl } } }`,
        { r: value },
      );
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'input', field: 'redirectTo' });
    }
    expect(h.catalog.calls).toEqual([]);
  });

  it.skipIf(!chromiumProgram)(
    'real Chromium follows approvalUrl: the catalog site approves and sends it back to the app with the token, which becomes a session',
    async () => {
      // The app's own page, where the site sends the user back.
      const app = createServer((_, response) => response.end('<!doctype html><title>Movie app</title><h1>Back in the app</h1>'));
      const appPort = await listen(app);
      const back = `http://127.0.0.1:${appPort}/signed-in?from=catalog`;
      const browser = await launchChromium(chromiumProgram!);
      try {
        const { body } = await h.query(
          `mutation($r: String!) { createRequestToken(input: { redirectTo: $r }) { requestToken { requestToken approvalUrl } } }`,
          {
            r: back,
          },
        );
        expect(body.errors).toBeUndefined();
        const { requestToken, approvalUrl } = body.data.createRequestToken.requestToken;
        expect(new URL(approvalUrl).searchParams.get('redirect_to')).toBe(back);

        const page = await browser.newPage();
        await page.goto(approvalUrl);
        const landed = new URL(page.url());
        expect(`${landed.origin}${landed.pathname}`).toBe(`http://127.0.0.1:${appPort}/signed-in`);
        expect(Object.fromEntries(landed.searchParams)).toEqual({ from: 'catalog', request_token: requestToken, approved: 'true' });
        expect(await page.textContent('h1')).toBe('Back in the app');

        const session = await h.query(`mutation($t: String!) { createSession(input: { requestToken: $t }) { session { success } } }`, {
          t: landed.searchParams.get('request_token'),
        });
        expect(session.body).toEqual({ data: { createSession: { session: { success: true } } } });
      } finally {
        await browser.close();
        app.close();
        app.closeAllConnections();
      }
    },
    30_000,
  );

  it("the catalog's approval page refuses a redirect_to that is not an absolute http(s) URL, and approves nothing", async () => {
    const { request_token } = await h.rest<{ request_token: string }>('/authentication/token/new');
    const origin = new URL(h.catalog.baseUrl).origin;
    const refused = await fetch(`${origin}/authenticate/${request_token}?redirect_to=javascript:alert(1)`, { redirect: 'manual' });
    expect([refused.status, refused.headers.get('location')]).toEqual([400, null]);
    // Not approved: the catalog's "token not approved" (status code 41), which the gateway codes as bad input.
    const session = await h.query(`mutation($t: String!) { createSession(input: { requestToken: $t }) { session { success } } }`, {
      t: request_token,
    });
    expect(errorCodes(session)).toEqual(['BAD_USER_INPUT']);
    expect(session.body.data).toEqual({ createSession: null });
  });
});
