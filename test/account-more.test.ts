import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountRater, guestRater } from '../src/catalog/data/ratings.ts';
import { DEMO_ACCOUNT_PASSWORD, DEMO_V4_USER_TOKEN } from '../src/catalog/sessions.ts';
import { createUserSession, errorCodes, startHarness, type Harness } from './helpers.ts';

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

const asUser = { 'x-session-id': () => sessionId };
const userHeaders = () => ({ 'x-session-id': asUser['x-session-id']() });
const withSession = (path: string) => h.rest(`${path}${path.includes('?') ? '&' : '?'}session_id=${sessionId}`);

const MOVIE_FIELDS = 'id title originalTitle overview releaseDate posterPath backdropPath voteAverage voteCount popularity';
const SERIES_FIELDS = 'id name originalName overview firstAirDate posterPath voteAverage voteCount popularity';

function movieOf(up: any) {
  return {
    id: up.id, title: up.title, originalTitle: up.original_title, overview: up.overview, releaseDate: up.release_date || null,
    posterPath: up.poster_path, backdropPath: up.backdrop_path, voteAverage: up.vote_average, voteCount: up.vote_count, popularity: up.popularity,
  };
}
function seriesOf(up: any) {
  return {
    id: up.id, name: up.name, originalName: up.original_name, overview: up.overview, firstAirDate: up.first_air_date || null,
    posterPath: up.poster_path, voteAverage: up.vote_average, voteCount: up.vote_count, popularity: up.popularity,
  };
}

describe('Account favourites and watchlist', () => {
  it.each([
    ['favoriteMovies', 'favorite/movies', MOVIE_FIELDS, movieOf],
    ['watchlistMovies', 'watchlist/movies', MOVIE_FIELDS, movieOf],
    ['favoriteTVSeries', 'favorite/tv', SERIES_FIELDS, seriesOf],
    ['watchlistTVSeries', 'watchlist/tv', SERIES_FIELDS, seriesOf],
  ] as const)('%s matches GET /account/{id}/%s field by field, one call, summaries carried', async (field, path, fields, map) => {
    const up = await withSession(`/account/${accountId}/${path}?page=2&sort_by=created_at.desc`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { ${field}(page: 2, sortBy: CREATED_AT_DESC) { page totalPages totalResults results { ${fields} } } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.account[field]).toEqual({
      page: 2, totalPages: up.total_pages, totalResults: up.total_results, results: up.results.map(map),
    });
    expect(up.results.length).toBeGreaterThan(0);
    expect(h.catalog.calls.map((c) => [c.method, c.path])).toEqual([['GET', `/account/${accountId}/${path}`]]);
    expect(h.catalog.calls[0].query).toMatchObject({ page: '2', sort_by: 'created_at.desc', session_id: sessionId });
  });

  it('setMovieFavorite adds and removes, and the next read sees it', async () => {
    const favourites = new Set(h.catalog.data.accountMedia.ids('favorite', 'movie'));
    const movie = h.catalog.data.movies.find((m) => !favourites.has(m.id))!;
    const add = await h.query(
      `mutation($a: Int!, $m: Int!) { setMovieFavorite(accountId: $a, movieId: $m, favorite: true) { id title } }`,
      { a: accountId, m: movie.id },
      userHeaders(),
    );
    expect(add.body.errors).toBeUndefined();
    expect(add.body.data.setMovieFavorite).toEqual({ id: movie.id, title: movie.title });
    const post = h.catalog.calls.find((c) => c.method === 'POST')!;
    expect([post.path, post.status, post.query.session_id]).toEqual([`/account/${accountId}/favorite`, 201, sessionId]);

    const read = `query($id: Int!) { account(id: $id) { favoriteMovies(sortBy: CREATED_AT_DESC) { totalResults results { id } } } }`;
    const after = await h.query(read, { id: accountId }, userHeaders());
    expect(after.body.data.account.favoriteMovies.results[0].id).toBe(movie.id);
    expect(after.body.data.account.favoriteMovies.totalResults).toBe(favourites.size + 1);

    const remove = await h.query(
      `mutation($a: Int!, $m: Int!) { setMovieFavorite(accountId: $a, movieId: $m, favorite: false) { id } }`,
      { a: accountId, m: movie.id },
      userHeaders(),
    );
    expect(remove.body.errors).toBeUndefined();
    const removed = await h.query(read, { id: accountId }, userHeaders());
    expect(removed.body.data.account.favoriteMovies.totalResults).toBe(favourites.size);
    expect(removed.body.data.account.favoriteMovies.results.map((r: any) => r.id)).not.toContain(movie.id);
  });

  it('setTVSeriesWatchlist adds a series, visible in watchlistTVSeries; an unknown series is NOT_FOUND', async () => {
    const listed = new Set(h.catalog.data.accountMedia.ids('watchlist', 'tv'));
    const series = h.catalog.data.tvSeries.find((s) => !listed.has(s.id))!;
    const add = await h.query(
      `mutation($a: Int!, $s: Int!) { setTVSeriesWatchlist(accountId: $a, seriesId: $s, watchlist: true) { id name } }`,
      { a: accountId, s: series.id },
      userHeaders(),
    );
    expect(add.body.errors).toBeUndefined();
    expect(add.body.data.setTVSeriesWatchlist).toEqual({ id: series.id, name: series.name });
    const read = await h.query(
      `query($id: Int!) { account(id: $id) { watchlistTVSeries(sortBy: CREATED_AT_DESC) { results { id } } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(read.body.data.account.watchlistTVSeries.results[0].id).toBe(series.id);

    const unknown = await h.query(
      `mutation($a: Int!) { setTVSeriesWatchlist(accountId: $a, seriesId: 1, watchlist: true) { id } }`,
      { a: accountId },
      userHeaders(),
    );
    expect(errorCodes(unknown)).toEqual(['NOT_FOUND']);
  });

  it('needs a session: UNAUTHENTICATED without any upstream call', async () => {
    const read = await h.query(`query($id: Int!) { account(id: $id) { favoriteMovies { page } watchlistTVSeries { page } } }`, { id: accountId });
    expect(errorCodes(read)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
    const write = await h.query(`mutation($a: Int!) { setMovieFavorite(accountId: $a, movieId: 5, favorite: true) { id } }`, { a: accountId });
    expect(errorCodes(write)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toEqual([]);
  });

  it('rejects bad arguments before any upstream call', async () => {
    const bad = await h.query(
      `query($id: Int!) { account(id: $id) { favoriteMovies(page: 0) { page } ratedTVSeries(language: "english") { page } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    const write = await h.query(`mutation($a: Int!) { setMovieWatchlist(accountId: $a, movieId: -3, watchlist: true) { id } }`, { a: accountId }, userHeaders());
    expect(errorCodes(write)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('Account ratings of series and episodes', () => {
  it('ratedTVSeries carries the summary and the rating (no detail call)', async () => {
    const up = await withSession(`/account/${accountId}/rated/tv`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { ratedTVSeries { totalResults results { rating tvSeries { ${SERIES_FIELDS} } } } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.account.ratedTVSeries).toEqual({
      totalResults: up.total_results,
      results: up.results.map((r: any) => ({ rating: r.rating, tvSeries: seriesOf(r) })),
    });
    expect(h.catalog.calls).toHaveLength(1);
  });

  it('ratedEpisodes agree with the episode account states and link to the series', async () => {
    const up = await withSession(`/account/${accountId}/rated/tv/episodes?page=2`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { ratedEpisodes(page: 2) { totalResults results { rating episode { id name seasonNumber episodeNumber airDate stillPath series { id } } } } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(body.errors).toBeUndefined();
    const results = body.data.account.ratedEpisodes.results;
    expect(results).toEqual(
      up.results.map((r: any) => ({
        rating: r.rating,
        episode: { id: r.id, name: r.name, seasonNumber: r.season_number, episodeNumber: r.episode_number, airDate: r.air_date || null, stillPath: r.still_path, series: { id: r.show_id } },
      })),
    );
    for (const r of up.results) expect(h.catalog.data.episodeAccountStates.get(r.id)?.rated).toEqual({ value: r.rating });
    const rated = [...h.catalog.data.episodeAccountStates.values()].filter((s) => s.rated !== false).length;
    expect(body.data.account.ratedEpisodes.totalResults).toBe(rated);
    expect(h.catalog.calls).toHaveLength(1);
  });
});

describe('Authentication flow', () => {
  it('createRequestToken gives a token, its ISO expiry and a working approval page; createSession then succeeds', async () => {
    const { body } = await h.query(`mutation { createRequestToken { requestToken expiresAt approvalUrl } }`);
    expect(body.errors).toBeUndefined();
    const { requestToken, expiresAt, approvalUrl } = body.data.createRequestToken;
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(approvalUrl).toBe(`${new URL(h.catalog.baseUrl).origin}/authenticate/${requestToken}`);
    expect(h.catalog.calls.map((c) => [c.method, c.path])).toEqual([['GET', '/authentication/token/new']]);
    expect((await fetch(approvalUrl)).status).toBe(200);
    const session = await h.query(`mutation($t: String!) { createSession(requestToken: $t) { success } }`, { t: requestToken });
    expect(session.body.data.createSession.success).toBe(true);
  });

  it('never shares a minted credential between concurrent requests (no coalescing of token/new or guest_session/new)', async () => {
    const [a, b] = await Promise.all([
      h.query(`mutation { createRequestToken { requestToken } createGuestSession { guestSessionId } }`),
      h.query(`mutation { createRequestToken { requestToken } createGuestSession { guestSessionId } }`),
    ]);
    expect(a.body.data.createRequestToken.requestToken).not.toBe(b.body.data.createRequestToken.requestToken);
    expect(a.body.data.createGuestSession.guestSessionId).not.toBe(b.body.data.createGuestSession.guestSessionId);
    expect(h.callsTo('/authentication/token/new')).toBe(2);
    expect(h.callsTo('/authentication/guest_session/new')).toBe(2);
  });

  it('createSessionWithLogin logs in with the demo credentials; a wrong password is UNAUTHENTICATED and never echoed', async () => {
    const token = async () => (await h.query(`mutation { createRequestToken { requestToken } }`)).body.data.createRequestToken.requestToken;
    const login = `mutation($u: String!, $p: String!, $t: String!) { createSessionWithLogin(username: $u, password: $p, requestToken: $t) { sessionId success } }`;
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
    const newSession = good.body.data.createSessionWithLogin.sessionId;
    const me = await h.query(`query($id: Int!) { account(id: $id) { username } }`, { id: accountId }, { 'x-session-id': newSession });
    expect(me.body.data.account.username).toBe(h.catalog.data.account.username);
  });

  it('deleteSession ends the session of X-Session-Id without echoing it', async () => {
    const doomed = await createUserSession(h);
    h.catalog.resetCalls();
    const { body, text } = await h.query(`mutation { deleteSession }`, undefined, { 'x-session-id': doomed });
    expect(body).toEqual({ data: { deleteSession: true } });
    expect(text).not.toContain(doomed);
    expect(h.catalog.calls.map((c) => [c.method, c.path, c.status])).toEqual([['DELETE', '/authentication/session', 200]]);
    const after = await h.query(`query($id: Int!) { account(id: $id) { username } }`, { id: accountId }, { 'x-session-id': doomed });
    expect(errorCodes(after)).toEqual(['UNAUTHENTICATED']);
    expect(after.text).not.toContain(doomed);

    h.catalog.resetCalls();
    const none = await h.query(`mutation { deleteSession }`);
    expect(errorCodes(none)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('v4 access token conversion', () => {
  it('turns a v4 user access token into a working v3 session through POST /authentication/session/convert/4', async () => {
    h.catalog.resetCalls();
    const { body } = await h.query(`mutation($t: String!) { createSessionFromV4Token(accessToken: $t) { sessionId success } }`, {
      t: DEMO_V4_USER_TOKEN,
    });
    expect(body.errors).toBeUndefined();
    expect(h.catalog.calls.map((c) => [c.method, c.path])).toEqual([['POST', '/authentication/session/convert/4']]);
    const account = await h.query(`query($id: Int!) { account(id: $id) { username } }`, { id: h.catalog.data.account.id }, {
      'x-session-id': body.data.createSessionFromV4Token.sessionId,
    });
    expect(account.body.data.account.username).toBe(h.catalog.data.account.username);
  });

  it('rejects an unknown token as UNAUTHENTICATED without echoing it, and a malformed one before any call', async () => {
    const forged = 'forged-v4-token-0123456789abcdef';
    const response = await h.query(`mutation($t: String!) { createSessionFromV4Token(accessToken: $t) { sessionId } }`, { t: forged });
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(response.text).not.toContain(forged);
    h.catalog.resetCalls();
    const malformed = await h.query(`mutation { createSessionFromV4Token(accessToken: "has spaces in it") { sessionId } }`);
    expect(malformed.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'accessToken' });
    expect(h.catalog.calls).toHaveLength(0);
  });
});

describe('Guest sessions', () => {
  it('createGuestSession, then guestSession lists what that guest rated (and nothing of the account)', async () => {
    const created = await h.query(`mutation { createGuestSession { guestSessionId expiresAt } }`);
    expect(created.body.errors).toBeUndefined();
    const { guestSessionId, expiresAt } = created.body.data.createGuestSession;
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const guest = { 'x-guest-session-id': guestSessionId };
    const query = `{ guestSession { ratedMovies { totalResults results { rating movie { id title } } } ratedTVSeries { totalResults results { rating tvSeries { id name } } } ratedEpisodes { totalResults results { rating episode { id name } } } } }`;

    const empty = await h.query(query, undefined, guest);
    expect(empty.body.errors).toBeUndefined();
    expect(empty.body.data.guestSession.ratedMovies).toEqual({ totalResults: 0, results: [] });

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
      ratedMovies: { totalResults: 1, results: [{ rating: 7.5, movie: { id: movie.id, title: movie.title } }] },
      ratedTVSeries: { totalResults: 1, results: [{ rating: 6, tvSeries: { id: series.id, name: series.name } }] },
      ratedEpisodes: { totalResults: 1, results: [{ rating: 9, episode: { id: episode.id, name: episode.name } }] },
    });
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual(
      [`/guest_session/${guestSessionId}/rated/movies`, `/guest_session/${guestSessionId}/rated/tv`, `/guest_session/${guestSessionId}/rated/tv/episodes`].sort(),
    );
  });

  it('without X-Guest-Session-Id: UNAUTHENTICATED, no upstream call; an unknown guest session is UNAUTHENTICATED too', async () => {
    const missing = await h.query(`{ guestSession { ratedMovies { page } } }`, undefined, userHeaders());
    expect(errorCodes(missing)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toEqual([]);
    const unknown = await h.query(`{ guestSession { ratedMovies { page } } }`, undefined, { 'x-guest-session-id': 'feedfacefeedface' });
    expect(errorCodes(unknown)).toEqual(['UNAUTHENTICATED']);
    expect(unknown.text).not.toContain('feedfacefeedface');
  });
});

describe('Writes of every domain land in the same user state', () => {
  it('favourite/watchlist marks show in the returned movie\'s accountStates', async () => {
    const movie = h.catalog.data.movies.find((m) => !h.catalog.data.accountMedia.has('watchlist', 'movie', m.id))!;
    const { body } = await h.query(
      `mutation($a: Int!, $m: Int!) { setMovieWatchlist(accountId: $a, movieId: $m, watchlist: true) { id accountStates { watchlist } } }`,
      { a: accountId, m: movie.id },
      userHeaders(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.setMovieWatchlist).toEqual({ id: movie.id, accountStates: { watchlist: true } });
  });

  it('a guest rates a series and an episode through the graph; guestSession lists them, the account does not', async () => {
    const guestSessionId = (await h.query(`mutation { createGuestSession { guestSessionId } }`)).body.data.createGuestSession.guestSessionId;
    const guest = { 'x-guest-session-id': guestSessionId };
    const series = h.catalog.data.tvSeries[5];
    const season = h.catalog.data.seasons.get(series.id)!.find((s) => s.episodes.length > 0)!;
    const episode = season.episodes[0];
    const rated = await h.query(
      `mutation($s: Int!, $n: Int!, $e: Int!) { rateTVSeries(seriesId: $s, value: 4.5) { id } rateEpisode(seriesId: $s, seasonNumber: $n, episodeNumber: $e, value: 8) { id } }`,
      { s: series.id, n: season.season_number, e: episode.episode_number },
      guest,
    );
    expect(rated.body.errors).toBeUndefined();
    const { body } = await h.query(
      `{ guestSession { ratedTVSeries { results { rating tvSeries { id } } } ratedEpisodes { results { rating episode { id } } } } }`,
      undefined,
      guest,
    );
    expect(body.data.guestSession).toEqual({
      ratedTVSeries: { results: [{ rating: 4.5, tvSeries: { id: series.id } }] },
      ratedEpisodes: { results: [{ rating: 8, episode: { id: episode.id } }] },
    });
    const account = await withSession(`/account/${accountId}/rated/tv?sort_by=created_at.desc`);
    expect(account.results.some((r: any) => r.id === series.id && r.rating === 4.5)).toBe(false);
    expect(h.catalog.data.ratings.ratingOf('tv', series.id, accountRater(accountId))).not.toBe(4.5);
  });

  it('the account rates a series: ratedTVSeries shows it newest-first, and un-rating removes it', async () => {
    const already = new Set(h.catalog.data.ratings.ratedBy(accountRater(accountId), 'tv').map((r) => r.id));
    const series = h.catalog.data.tvSeries.find((s) => !already.has(s.id))!;
    const read = `query($id: Int!) { account(id: $id) { ratedTVSeries(sortBy: CREATED_AT_DESC) { totalResults results { rating tvSeries { id } } } } }`;
    await h.query(`mutation($s: Int!) { rateTVSeries(seriesId: $s, value: 9.5) { id } }`, { s: series.id }, userHeaders());
    const after = await h.query(read, { id: accountId }, userHeaders());
    expect(after.body.data.account.ratedTVSeries.results[0]).toEqual({ rating: 9.5, tvSeries: { id: series.id } });
    expect(after.body.data.account.ratedTVSeries.totalResults).toBe(already.size + 1);
    await h.query(`mutation($s: Int!) { deleteTVSeriesRating(seriesId: $s) { id } }`, { s: series.id }, userHeaders());
    const removed = await h.query(read, { id: accountId }, userHeaders());
    expect(removed.body.data.account.ratedTVSeries.totalResults).toBe(already.size);
  });
});
