import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountRater } from '@media-catalog/catalog/data/ratings';
import * as expected from '../expected.ts';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let accountId: number;
let sessionId: string;

beforeAll(async () => {
  h = await startHarness();
  accountId = h.catalog.data.account.id;
  sessionId = await createUserSession(h);
  // `account(id:)` answers only the session's own account, looked up once per session: looked up
  // here, so each test below counts only the calls of its list.
  await h.query('query($id: Int!) { account(id: $id) { id: databaseId } }', { id: accountId }, { 'x-session-id': sessionId });
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const asUser = { 'x-session-id': () => sessionId };
const userHeaders = () => ({ 'x-session-id': asUser['x-session-id']() });
const withSession = (path: string) => h.rest(`${path}${path.includes('?') ? '&' : '?'}session_id=${sessionId}`);

describe('Account favourites and watchlist', () => {
  it.each([
    ['favoriteMovies', 'favorite/movies', expected.MOVIE_SUMMARY_FIELDS, expected.movieSummary],
    ['watchlistMovies', 'watchlist/movies', expected.MOVIE_SUMMARY_FIELDS, expected.movieSummary],
    ['favoriteTVSeries', 'favorite/tv', expected.TV_SUMMARY_FIELDS, expected.tvSummary],
    ['watchlistTVSeries', 'watchlist/tv', expected.TV_SUMMARY_FIELDS, expected.tvSummary],
  ] as const)('%s matches GET /account/{id}/%s field by field, one call, summaries carried', async (field, path, fields, map) => {
    const up = await withSession(`/account/${accountId}/${path}?page=2&sort_by=created_at.desc`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { ${field}(${expected.pageWindow(`Account.${field}`, 2)}, sortBy: CREATED_AT_DESC) { totalCount edges { node { ${fields} } } } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.account[field]).toEqual(expected.connection(up, up.results.map(map)));
    expect(up.results.length).toBeGreaterThan(0);
    expect(h.catalog.calls.map((c) => [c.method, c.path])).toEqual([['GET', `/account/${accountId}/${path}`]]);
    expect(h.catalog.calls[0].query).toMatchObject({ page: '2', sort_by: 'created_at.desc', session_id: sessionId });
  });

  it('setMovieFavorite adds and removes, and the next read sees it', async () => {
    const favourites = new Set(h.catalog.data.accountMedia.ids('favorite', 'movie'));
    const movie = h.catalog.data.movies.find((m) => !favourites.has(m.id))!;
    const add = await h.query(
      `mutation($a: Int!, $m: Int!) { setMovieFavorite(input: { accountId: $a, movieId: $m, favorite: true }) { movie { id: databaseId title } } }`,
      { a: accountId, m: movie.id },
      userHeaders(),
    );
    expect(add.body.errors).toBeUndefined();
    expect(add.body.data.setMovieFavorite.movie).toEqual({ id: movie.id, title: movie.title });
    const post = h.catalog.calls.find((c) => c.method === 'POST')!;
    expect([post.path, post.status, post.query.session_id]).toEqual([`/account/${accountId}/favorite`, 201, sessionId]);

    const read = `query($id: Int!) { account(id: $id) { favoriteMovies(sortBy: CREATED_AT_DESC) { totalCount edges { node { id: databaseId } } } } }`;
    const after = await h.query(read, { id: accountId }, userHeaders());
    expect(expected.nodes(after.body.data.account.favoriteMovies)[0].id).toBe(movie.id);
    expect(after.body.data.account.favoriteMovies.totalCount).toBe(favourites.size + 1);

    const remove = await h.query(
      `mutation($a: Int!, $m: Int!) { setMovieFavorite(input: { accountId: $a, movieId: $m, favorite: false }) { movie { id: databaseId } } }`,
      { a: accountId, m: movie.id },
      userHeaders(),
    );
    expect(remove.body.errors).toBeUndefined();
    const removed = await h.query(read, { id: accountId }, userHeaders());
    expect(removed.body.data.account.favoriteMovies.totalCount).toBe(favourites.size);
    expect(expected.nodes(removed.body.data.account.favoriteMovies).map((r: any) => r.id)).not.toContain(movie.id);
  });

  it('setTVSeriesWatchlist adds a series, visible in watchlistTVSeries; an unknown series is NOT_FOUND', async () => {
    const listed = new Set(h.catalog.data.accountMedia.ids('watchlist', 'tv'));
    const series = h.catalog.data.tvSeries.find((s) => !listed.has(s.id))!;
    const add = await h.query(
      `mutation($a: Int!, $s: Int!) { setTVSeriesWatchlist(input: { accountId: $a, seriesId: $s, watchlist: true }) { tvSeries { id: databaseId name } } }`,
      { a: accountId, s: series.id },
      userHeaders(),
    );
    expect(add.body.errors).toBeUndefined();
    expect(add.body.data.setTVSeriesWatchlist.tvSeries).toEqual({ id: series.id, name: series.name });
    const read = await h.query(
      `query($id: Int!) { account(id: $id) { watchlistTVSeries(sortBy: CREATED_AT_DESC) { edges { node { id: databaseId } } } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(expected.nodes(read.body.data.account.watchlistTVSeries)[0].id).toBe(series.id);

    const unknown = await h.query(
      `mutation($a: Int!) { setTVSeriesWatchlist(input: { accountId: $a, seriesId: 1, watchlist: true }) { tvSeries { id: databaseId } } }`,
      { a: accountId },
      userHeaders(),
    );
    expect(errorCodes(unknown)).toEqual(['NOT_FOUND']);
  });

  it('needs a session: UNAUTHENTICATED without any upstream call', async () => {
    const read = await h.query(`query($id: Int!) { account(id: $id) { favoriteMovies { totalCount } watchlistTVSeries { totalCount } } }`, {
      id: accountId,
    });
    // The account itself needs the session (only the session's own answers by its id).
    expect(read.body.data).toEqual({ account: null });
    expect(errorCodes(read)).toEqual(['UNAUTHENTICATED']);
    const write = await h.query(
      `mutation($a: Int!) { setMovieFavorite(input: { accountId: $a, movieId: 5, favorite: true }) { movie { id: databaseId } } }`,
      {
        a: accountId,
      },
    );
    expect(errorCodes(write)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toEqual([]);
  });

  it('rejects bad arguments before any upstream call', async () => {
    const bad = await h.query(
      `query($id: Int!) { account(id: $id) { favoriteMovies(first: 0) { totalCount } ratedTVSeries(language: "english") { totalCount } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    const write = await h.query(
      `mutation($a: Int!) { setMovieWatchlist(input: { accountId: $a, movieId: -3, watchlist: true }) { movie { id: databaseId } } }`,
      { a: accountId },
      userHeaders(),
    );
    expect(errorCodes(write)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('Account ratings of series and episodes', () => {
  it('ratedTVSeries carries the summary (no detail call)', async () => {
    const up = await withSession(`/account/${accountId}/rated/tv`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { ratedTVSeries { totalCount edges { node { tvSeries { ${expected.TV_SUMMARY_FIELDS} } } } } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.account.ratedTVSeries).toEqual(
      expected.connection(
        up,
        up.results.map((r: any) => ({ tvSeries: expected.tvSummary(r) })),
      ),
    );
    expect(h.catalog.calls).toHaveLength(1);
  });

  it('ratedEpisodes are the episodes the account states say are rated, and link to the series', async () => {
    const up = await withSession(`/account/${accountId}/rated/tv/episodes?page=2`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { ratedEpisodes(${expected.pageWindow('Account.ratedEpisodes', 2)}) { totalCount edges { node { episode { id: databaseId name seasonNumber episodeNumber airDate stillPath series { id: databaseId } } } } } } }`,
      { id: accountId },
      userHeaders(),
    );
    expect(body.errors).toBeUndefined();
    const results = expected.nodes(body.data.account.ratedEpisodes);
    expect(results).toEqual(
      up.results.map((r: any) => ({
        episode: {
          id: r.id,
          name: r.name,
          seasonNumber: r.season_number,
          episodeNumber: r.episode_number,
          airDate: r.air_date || null,
          stillPath: r.still_path,
          series: { id: r.show_id },
        },
      })),
    );
    for (const r of up.results) expect(h.catalog.data.episodeAccountStates.get(r.id)?.rated).toEqual({ value: r.rating });
    const rated = [...h.catalog.data.episodeAccountStates.values()].filter((s) => s.rated !== false).length;
    expect(body.data.account.ratedEpisodes.totalCount).toBe(rated);
    expect(h.catalog.calls).toHaveLength(1);
  });
});

describe('Writes of every domain land in the same user state', () => {
  it("favourite/watchlist marks show in the returned movie's accountStates", async () => {
    const movie = h.catalog.data.movies.find((m) => !h.catalog.data.accountMedia.has('watchlist', 'movie', m.id))!;
    const { body } = await h.query(
      `mutation($a: Int!, $m: Int!) { setMovieWatchlist(input: { accountId: $a, movieId: $m, watchlist: true }) { movie { id: databaseId accountStates { watchlist } } } }`,
      { a: accountId, m: movie.id },
      userHeaders(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.setMovieWatchlist.movie).toEqual({ id: movie.id, accountStates: { watchlist: true } });
  });

  it('a guest rates a series and an episode through the graph; guestSession lists them, the account does not', async () => {
    const guestSessionId = (await h.query(`mutation { createGuestSession { guestSession { guestSessionId } } }`)).body.data
      .createGuestSession.guestSession.guestSessionId;
    const guest = { 'x-guest-session-id': guestSessionId };
    const series = h.catalog.data.tvSeries[5];
    const season = h.catalog.data.seasons.get(series.id)!.find((s) => s.episodes.length > 0)!;
    const episode = season.episodes[0];
    const rated = await h.query(
      `mutation($s: Int!, $n: Int!, $e: Int!) { rateTVSeries(input: { seriesId: $s, value: 4.5 }) { tvSeries { id: databaseId } } rateEpisode(input: { seriesId: $s, seasonNumber: $n, episodeNumber: $e, value: 8 }) { episode { id: databaseId } } }`,
      { s: series.id, n: season.season_number, e: episode.episode_number },
      guest,
    );
    expect(rated.body.errors).toBeUndefined();
    const { body } = await h.query(
      `{ guestSession { ratedTVSeries { edges { node { tvSeries { id: databaseId accountStates { rating } } } } } ratedEpisodes { edges { node { episode { id: databaseId accountStates { rating } } } } } } }`,
      undefined,
      guest,
    );
    expect(body.data.guestSession).toEqual({
      ratedTVSeries: { edges: [{ node: { tvSeries: { id: series.id, accountStates: { rating: 4.5 } } } }] },
      ratedEpisodes: { edges: [{ node: { episode: { id: episode.id, accountStates: { rating: 8 } } } }] },
    });
    const account = await withSession(`/account/${accountId}/rated/tv?sort_by=created_at.desc`);
    expect(account.results.some((r: any) => r.id === series.id && r.rating === 4.5)).toBe(false);
    expect(h.catalog.data.ratings.ratingOf('tv', series.id, accountRater(accountId))).not.toBe(4.5);
  });

  it('the account rates a series: ratedTVSeries shows it newest-first, and un-rating removes it', async () => {
    const already = new Set(h.catalog.data.ratings.ratedBy(accountRater(accountId), 'tv').map((r) => r.id));
    const series = h.catalog.data.tvSeries.find((s) => !already.has(s.id))!;
    const read = `query($id: Int!) { account(id: $id) { ratedTVSeries(sortBy: CREATED_AT_DESC) { totalCount edges { node { tvSeries { id: databaseId accountStates { rating } } } } } } }`;
    await h.query(
      `mutation($s: Int!) { rateTVSeries(input: { seriesId: $s, value: 9.5 }) { tvSeries { id: databaseId } } }`,
      { s: series.id },
      userHeaders(),
    );
    const after = await h.query(read, { id: accountId }, userHeaders());
    expect(expected.nodes(after.body.data.account.ratedTVSeries)[0]).toEqual({
      tvSeries: { id: series.id, accountStates: { rating: 9.5 } },
    });
    expect(after.body.data.account.ratedTVSeries.totalCount).toBe(already.size + 1);
    await h.query(
      `mutation($s: Int!) { deleteTVSeriesRating(input: { seriesId: $s }) { tvSeries { id: databaseId } } }`,
      { s: series.id },
      userHeaders(),
    );
    const removed = await h.query(read, { id: accountId }, userHeaders());
    expect(removed.body.data.account.ratedTVSeries.totalCount).toBe(already.size);
  });
});
