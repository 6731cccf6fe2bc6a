import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const WINDOW = `totalCount edges { cursor node { databaseId title } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;

describe('Relay cursor connections', () => {
  it('walks popular movies in windows that cross the catalog pages, each window from the pages that hold it', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => h.rest(`/movie/popular?page=${p}`)));
    const all = pages.flatMap((p) => p.results.map((m: any) => m.id));
    h.catalog.resetCalls();
    const first = await h.query(`{ popularMovies(first: 30) { id ${WINDOW} } }`);
    expect(first.body.errors).toBeUndefined();
    const one = first.body.data.popularMovies;
    expect(one.edges.map((e: any) => e.node.databaseId)).toEqual(all.slice(0, 30));
    expect(one.totalCount).toBe(Math.min(pages[0].total_results, 10_000));
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, startCursor: one.edges[0].cursor });
    expect(h.callsTo(/^\/movie\/popular/)).toBe(2);

    const next = await h.query(
      'query($after: String) { popularMovies(first: 25, after: $after) { id edges { id node { databaseId } } pageInfo { id hasPreviousPage endCursor } } }',
      {
        after: one.pageInfo.endCursor,
      },
    );
    expect(next.body.data.popularMovies.edges.map((e: any) => e.node.databaseId)).toEqual(all.slice(30, 55));
    expect(next.body.data.popularMovies.pageInfo.hasPreviousPage).toBe(true);
  });

  it('pages through a season’s episodes from its one record, and a movie’s reviews', async () => {
    const series = h.catalog.data.tvSeries.find((s) =>
      (h.catalog.data.seasons.get(s.id) ?? []).some((x) => x.season_number === 1 && x.episodes.length >= 4),
    )!;
    const season = await h.rest(`/tv/${series.id}/season/1`);
    h.catalog.resetCalls();
    const a = await h.query(
      `{ tvSeries(id: ${series.id}) { id season(number: 1) { id episodesConnection(first: 2) { id totalCount edges { id node { episodeNumber name } } pageInfo { id endCursor hasNextPage } } } } }`,
    );
    const conn = a.body.data.tvSeries.season.episodesConnection;
    expect(conn.totalCount).toBe(season.episodes.length);
    expect(conn.edges.map((e: any) => e.node)).toEqual(
      season.episodes.slice(0, 2).map((e: any) => ({ episodeNumber: e.episode_number, name: e.name })),
    );
    const b = await h.query(
      `query($after: String) { tvSeries(id: ${series.id}) { id season(number: 1) { id episodesConnection(first: 2, after: $after) { id edges { id node { episodeNumber } } } } } }`,
      {
        after: conn.pageInfo.endCursor,
      },
    );
    expect(b.body.data.tvSeries.season.episodesConnection.edges.map((e: any) => e.node.episodeNumber)).toEqual(
      season.episodes.slice(2, 4).map((e: any) => e.episode_number),
    );
    expect(h.callsTo(/^\/tv\/\d+\/season\/1$/)).toBe(2);

    const movie = h.catalog.data.movies[0]!;
    const reviews = await h.rest(`/movie/${movie.id}/reviews`);
    const r = await h.query(`{ movie(id: ${movie.id}) { id reviews(first: 3) { id totalCount edges { id node { databaseId } } } } }`);
    expect(r.body.data.movie.reviews.totalCount).toBe(reviews.total_results);
    expect(r.body.data.movie.reviews.edges.map((e: any) => e.node.databaseId)).toEqual(reviews.results.slice(0, 3).map((x: any) => x.id));
  });

  it('answers the other feeds (series, people, discover, search, series reviews) as the same items as their pages', async () => {
    const series = h.catalog.data.tvSeries[0]!;
    const cases: Array<[string, string, string]> = [
      ['popularTVSeries(first: 5)', '/tv/popular', 'popularTVSeries'],
      ['topRatedTVSeries(first: 5)', '/tv/top_rated', 'topRatedTVSeries'],
      ['trending { c: tvSeries(timeWindow: WEEK, first: 5) { edges { node { databaseId } } } }', '/trending/tv/week', 'trending.c'],
      ['trending { c: people(timeWindow: DAY, first: 5) { edges { node { databaseId } } } }', '/trending/person/day', 'trending.c'],
      ['search { c: tvSeries(query: "the", first: 5) { edges { node { databaseId } } } }', '/search/tv?query=the', 'search.c'],
      ['search { c: people(query: "an", first: 5) { edges { node { databaseId } } } }', '/search/person?query=an', 'search.c'],
      [
        'discover { c: movies(sortBy: VOTE_COUNT_DESC, first: 5) { edges { node { databaseId } } } }',
        '/discover/movie?sort_by=vote_count.desc',
        'discover.c',
      ],
      ['discover { c: tvSeries(first: 5) { edges { node { databaseId } } } }', '/discover/tv', 'discover.c'],
      [`tvSeries(id: ${series.id}) { c: reviews(first: 5) { edges { node { databaseId } } } }`, `/tv/${series.id}/reviews`, 'tvSeries.c'],
    ];
    for (const [selection, rest, path] of cases) {
      const query = selection.includes('{') ? `{ ${selection} }` : `{ ${selection} { edges { node { databaseId } } } }`;
      const { body } = await h.query(query);
      expect(body.errors, selection).toBeUndefined();
      const connection = path.split('.').reduce((value: any, key) => value[key], body.data);
      const page = await h.rest(rest);
      expect(
        connection.edges.map((e: any) => e.node.databaseId),
        selection,
      ).toEqual(page.results.slice(0, 5).map((item: any) => item.id));
    }
  });

  it('refuses a cursor another connection gave out: each cursor belongs to its own field (issue 33, item 4)', async () => {
    const reviewed = (media: 'movie' | 'tv') =>
      h.catalog.data.reviews
        .filter((r) => r.media_type === media)
        .map((r) => r.media_id)
        .find((id, _, all) => all.filter((x) => x === id).length >= 3)!;
    const [movieId, seriesId] = [reviewed('movie'), reviewed('tv')];
    const { body } = await h.query(`{
      movie(id: ${movieId}) { id reviews(first: 2) { id pageInfo { id endCursor } } }
      popularMovies(first: 2) { id pageInfo { id endCursor } }
    }`);
    const reviewsCursor = body.data.movie.reviews.pageInfo.endCursor;
    const popularCursor = body.data.popularMovies.pageInfo.endCursor;
    h.catalog.resetCalls();
    const refused = [
      // The case: a reviews cursor on popular movies.
      ['query($after: String) { popularMovies(first: 2, after: $after) { id totalCount } }', reviewsCursor],
      // The same item type, another field.
      ['query($after: String) { topRatedMovies(first: 2, after: $after) { id totalCount } }', popularCursor],
      // The same field name on another type.
      [`query($after: String) { tvSeries(id: ${seriesId}) { id reviews(first: 2, after: $after) { id totalCount } } }`, reviewsCursor],
      // A bare offset, the form cursors had before.
      ['query($after: String) { popularMovies(first: 2, after: $after) { id totalCount } }', Buffer.from('offset:1').toString('base64url')],
    ];
    for (const [query, after] of refused) {
      const response = await h.query(query!, { after });
      expect(errorCodes(response), query).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions?.argument).toBe('after');
      expect(response.body.errors![0].message).toContain('must be a cursor this connection gave out');
    }
    // Refused before any call of their own: only the series' details, which tell whether it exists
    // (a missing parent is one NOT_FOUND at its own path, kit/details.ts).
    expect(h.catalog.calls.map((call) => call.path)).toEqual([`/tv/${seriesId}`]);
    // Each is still taken by the field that gave it out.
    const own = await h.query(
      `query($r: String, $p: String) {
        movie(id: ${movieId}) { id reviews(first: 1, after: $r) { id edges { id cursor } } }
        popularMovies(first: 1, after: $p) { id edges { id cursor } }
      }`,
      { r: reviewsCursor, p: popularCursor },
    );
    expect(own.body.errors).toBeUndefined();
    expect(own.body.data.movie.reviews.edges).toHaveLength(1);
    expect(own.body.data.popularMovies.edges).toHaveLength(1);
  });

  it('refuses first outside 1..100 and a cursor it did not give out, before any upstream call', async () => {
    for (const args of ['first: 0', 'first: 101', 'after: "bm9wZQ"', 'after: "not a cursor!"']) {
      const response = await h.query(`{ popularMovies(${args}) { totalCount } }`);
      expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    }
    expect(h.catalog.calls).toEqual([]);
  });
});
