import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';
import { startLaggingUpstream, type LaggingUpstream } from './lagging-upstream.ts';
import * as expected from '../expected.ts';

/**
 * Writes answer what they wrote, and everything after a write in the same request sees it,
 * behind an upstream whose account-state reads lag its writes by seconds (the real service's
 * read replicas): a real HTTP proxy between the gateway and the catalog serves those reads stale.
 */
let h: Harness;
let lagging: LaggingUpstream;
let sessionId: string;
let accountId: number;

beforeAll(async () => {
  lagging = await startLaggingUpstream(5_000);
  h = await startHarness({ config: { catalogBaseUrl: lagging.baseUrl } });
  lagging.forwardTo(h.catalog.baseUrl);
  sessionId = await createUserSession(h);
  accountId = h.catalog.data.account.id;
});
afterAll(async () => {
  await h.close();
  await lagging.close();
});
beforeEach(() => h.catalog.resetCalls());

const user = () => ({ 'x-session-id': sessionId });

/** Sets a movie's marks at the catalog directly (not through the proxy, so no lag starts). */
async function setAtCatalog(movieId: number, rating: number, watchlist: boolean) {
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${h.catalog.baseUrl}${path}?session_id=${sessionId}`, {
      method,
      headers: { authorization: `Bearer ${h.catalog.demoToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await send('POST', `/movie/${movieId}/rating`, { value: rating })).ok).toBe(true);
  expect((await send('POST', `/account/${accountId}/watchlist`, { media_type: 'movie', media_id: movieId, watchlist })).ok).toBe(true);
}

const STATES = `query($m: Int!) { movie(id: $m) { accountStates { rating watchlist favorite } } }`;

/** A movie rated 7 and off the watchlist, whose state the proxy has seen (so it can serve it stale). */
async function ratedSevenOffWatchlist(movieId: number) {
  await setAtCatalog(movieId, 7, false);
  const before = await h.query(STATES, { m: movieId }, user());
  expect(before.body.data.movie.accountStates).toMatchObject({ rating: 7, watchlist: false });
}

const movieIds = () => h.catalog.data.movies.map((m) => m.id);

describe('a write answers what it wrote, behind an upstream whose reads lag', () => {
  it('the proxy really serves stale reads: after a write, a plain read still answers the old state', async () => {
    const movieId = movieIds()[10]!;
    await ratedSevenOffWatchlist(movieId);
    const write = await h.query(
      `mutation($m: Int!) { rateMovie(input: { movieId: $m, value: 3 }) { movie { id: databaseId } } }`,
      { m: movieId },
      user(),
    );
    expect(write.body.errors).toBeUndefined();
    const stale = lagging.staleAnswers;
    // A new request: the gateway has nothing of its own to lay over, so the lag shows.
    const after = await h.query(STATES, { m: movieId }, user());
    expect(after.body.data.movie.accountStates.rating).toBe(7);
    expect(lagging.staleAnswers).toBe(stale + 1);
  });

  it.each([
    ['watchlist first, then the rating', ['a', 'b']],
    ['the rating first, then the watchlist', ['b', 'a']],
  ] as const)('the issue query, %s: both payloads answer the written values', async (_, order) => {
    const movieId = movieIds()[order[0] === 'a' ? 11 : 12]!;
    await ratedSevenOffWatchlist(movieId);
    const fields = {
      a: `a: setMovieWatchlist(input: { accountId: ${accountId}, movieId: $m, watchlist: true }) { movie { id: databaseId accountStates { rating watchlist } } }`,
      b: `b: rateMovie(input: { movieId: $m, value: 3 }) { movie { id: databaseId accountStates { rating watchlist } } }`,
    };
    const stale = lagging.staleAnswers;
    const { body } = await h.query(`mutation($m: Int!) { ${fields[order[0]]} ${fields[order[1]]} }`, { m: movieId }, user());
    expect(body.errors).toBeUndefined();
    const first = order[0] === 'a' ? { rating: 7, watchlist: true } : { rating: 3, watchlist: false };
    expect(body.data[order[0]]).toEqual({ movie: { id: movieId, accountStates: first } });
    expect(body.data[order[1]]).toEqual({ movie: { id: movieId, accountStates: { rating: 3, watchlist: true } } });
    // The gateway did meet a stale read: without its own record of the writes it would have shown it.
    expect(lagging.staleAnswers).toBeGreaterThan(stale);
    // Both writes reached the catalog, which holds the written state.
    const truth = await h.rest(`/movie/${movieId}/account_states?session_id=${sessionId}`);
    expect(truth).toMatchObject({ rated: { value: 3 }, watchlist: true });
  });

  it('a removed rating answers null, and a later payload in the same request still sees the removal', async () => {
    const movieId = movieIds()[13]!;
    await ratedSevenOffWatchlist(movieId);
    const { body } = await h.query(
      `mutation($m: Int!) {
        a: deleteMovieRating(input: { movieId: $m }) { movie { accountStates { rating } } }
        b: setMovieFavorite(input: { movieId: $m, favorite: true }) { movie { accountStates { rating favorite watchlist } } }
      }`,
      { m: movieId },
      user(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      a: { movie: { accountStates: { rating: null } } },
      b: { movie: { accountStates: { rating: null, favorite: true, watchlist: false } } },
    });
  });

  it("a series' and an episode's ratings, and the season's per-episode ratings, answer the written values", async () => {
    const series = h.catalog.data.tvSeries.find((s) => s.number_of_seasons > 0)!;
    // Read first, so the proxy has the old states to serve after the writes.
    const read = await h.query(
      `query($s: Int!) { tvSeries(id: $s) { accountStates { rating } season(number: 1) { accountStates { rating } episode(number: 1) { accountStates { rating } } } } }`,
      { s: series.id },
      user(),
    );
    expect(read.body.errors).toBeUndefined();
    const stale = lagging.staleAnswers;
    const { body } = await h.query(
      `mutation($s: Int!) {
        a: rateTVSeries(input: { seriesId: $s, value: 8.5 }) { tvSeries { id: databaseId accountStates { rating } } }
        b: rateEpisode(input: { seriesId: $s, seasonNumber: 1, episodeNumber: 1, value: 2.5 }) {
          episode {
            accountStates { rating } season { accountStates { episodeNumber rating } }
          }
        }
      }`,
      { s: series.id },
      user(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.a).toEqual({ tvSeries: { id: series.id, accountStates: { rating: 8.5 } } });
    expect(body.data.b.episode.accountStates).toEqual({ rating: 2.5 });
    expect(body.data.b.episode.season.accountStates.find((e: any) => e.episodeNumber === 1)).toEqual({ episodeNumber: 1, rating: 2.5 });
    expect(lagging.staleAnswers).toBe(stale + 3);
  });
});

describe('within one request, a read after a list write sees the write', () => {
  it("adding then removing a movie: each payload shows the list as that write left it, not the loader's earlier answer", async () => {
    const created = await h.query(
      `mutation { createList(input: { name: "Within one request" }) { list { id: databaseId } } }`,
      undefined,
      user(),
    );
    const listId = created.body.data.createList.list.id;
    const movieId = movieIds()[20]!;
    const items = `id: databaseId itemCount items { edges { node { ... on Movie { id: databaseId } } } }`;
    const { body } = await h.query(
      `mutation($l: ID!, $m: Int!) {
        a: addMovieToList(input: { userListId: $l, movieId: $m }) { list { ${items} } }
        b: removeMovieFromList(input: { userListId: $l, movieId: $m }) { list { ${items} } }
        c: addMovieToList(input: { userListId: $l, movieId: $m }) { list { ${items} itemStatus(movieId: $m) } }
      }`,
      { l: listId, m: movieId },
      user(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.a.list).toEqual({ id: listId, itemCount: 1, items: { edges: [{ node: { id: movieId } }] } });
    expect(body.data.b.list).toEqual({ id: listId, itemCount: 0, items: { edges: [] } });
    expect(body.data.c.list).toEqual({ id: listId, itemCount: 1, items: { edges: [{ node: { id: movieId } }] }, itemStatus: true });
  });

  it('deleteUserList answers the list id and the account, whose lists no longer hold it', async () => {
    const made = await h.query(
      `mutation { x: createList(input: { name: "Doomed" }) { list { id: databaseId } } y: createList(input: { name: "Doomed too" }) { list { id: databaseId } } }`,
      undefined,
      user(),
    );
    const [x, y] = [made.body.data.x.list.id, made.body.data.y.list.id];
    const { body } = await h.query(
      `mutation($x: ID!) { deleteUserList(input: { userListId: $x }) { userListId statusMessage account { id: databaseId lists { edges { node { id: databaseId } } } } } }`,
      { x },
      user(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.deleteUserList).toMatchObject({ userListId: String(x), account: { id: accountId } });
    expect(body.data.deleteUserList.statusMessage).toEqual(expect.any(String));
    const ids = expected.nodes(body.data.deleteUserList.account.lists).map((l: any) => l.id);
    expect(ids).toContain(y);
    expect(ids).not.toContain(x);
    const other = await h.query(`mutation($y: ID!) { deleteUserList(input: { userListId: $y }) { userListId } }`, { y }, user());
    expect(other.body).toEqual({ data: { deleteUserList: { userListId: String(y) } } });
  });
});
