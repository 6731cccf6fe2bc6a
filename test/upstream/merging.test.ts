import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/** append_to_response merging: fewer calls, the same data. */
let merged: Harness;
let plain: Harness;
let movieId: number;
let seriesId: number;

beforeAll(async () => {
  merged = await startHarness({ config: { appendToResponse: true } });
  plain = await startHarness({ config: { appendToResponse: false } });
  movieId = merged.catalog.data.movies.find((m) => (merged.catalog.data.movieImages.get(m.id)?.posters.length ?? 0) > 0)!.id;
  seriesId = merged.catalog.data.tvSeries.find((s) => s.number_of_seasons > 1)!.id;
});
afterAll(async () => {
  await merged.close();
  await plain.close();
});
beforeEach(() => {
  merged.catalog.resetCalls();
  plain.catalog.resetCalls();
});

const ONE_MOVIE = `query($id: Int!) { movie(id: $id) {
  title overview alternativeTitles { countryCode title type } images { posters { filePath width } }
  reviews { totalCount edges { node { id: databaseId author } } } lists { totalCount edges { node { id: databaseId name } } } } }`;

describe('append_to_response', () => {
  it('answers a movie with its sub-resources from one call, where the plain client needs five', async () => {
    const a = await merged.query(ONE_MOVIE, { id: movieId });
    const b = await plain.query(ONE_MOVIE, { id: movieId });
    expect(a.body.errors).toBeUndefined();
    expect(a.body).toEqual(b.body);
    expect(merged.catalog.calls).toHaveLength(1);
    expect(merged.catalog.calls[0].path).toBe(`/movie/${movieId}`);
    expect(merged.catalog.calls[0].query.append_to_response).toBe('alternative_titles,images,lists,reviews');
    expect(plain.catalog.calls).toHaveLength(5);
  });

  it('sends a load whose parameters cannot ride along to its own endpoint', async () => {
    const query = `query($id: Int!) { movie(id: $id) { title alternativeTitles(country: "US") { title } images { logos { filePath } }
      reviews(${expected.pageWindow('Movie.reviews', 2)}) { totalCount } lists { totalCount } } }`;
    const a = await merged.query(query, { id: movieId });
    const b = await plain.query(query, { id: movieId });
    expect(a.body).toEqual(b.body);
    const paths = merged.catalog.calls.map((c) => `${c.path}?${new URLSearchParams(c.query)}`).sort();
    expect(paths).toEqual(
      [
        `/movie/${movieId}/alternative_titles?country=US`,
        `/movie/${movieId}/reviews?page=2`,
        `/movie/${movieId}?append_to_response=images%2Clists`,
      ].sort(),
    );
  });

  it('never merges later pages: appended lists come back at their first page', async () => {
    const query = `query($id: Int!) { movie(id: $id) { reviews(${expected.pageWindow('Movie.reviews', 2)}) { edges { node { id } } } lists(${expected.pageWindow('Movie.lists', 2)}) { edges { node { id } } } } }`;
    const a = await merged.query(query, { id: movieId });
    const b = await plain.query(query, { id: movieId });
    expect(a.body).toEqual(b.body);
    // The details call (which tells that the movie exists) rides alone: later pages never merge.
    expect(merged.catalog.calls.map((c) => c.path).sort()).toEqual([
      `/movie/${movieId}`,
      `/movie/${movieId}/lists`,
      `/movie/${movieId}/reviews`,
    ]);
    expect(merged.catalog.calls.every((c) => c.query.append_to_response === undefined)).toBe(true);
  });

  it('merges series, season and episode loads per parent, with identical answers', async () => {
    const query = `query($id: Int!) { tvSeries(id: $id) { name lists { totalCount } screenedTheatrically { id: databaseId }
      season(number: 1) { name images { posters { filePath } } externalIds { tvdbId }
        episode(number: 1) { name overview } } } }`;
    const a = await merged.query(query, { id: seriesId });
    const b = await plain.query(query, { id: seriesId });
    expect(a.body.errors).toBeUndefined();
    expect(a.body).toEqual(b.body);
    expect(merged.catalog.calls.map((c) => c.path).sort()).toEqual(
      [`/tv/${seriesId}`, `/tv/${seriesId}/season/1`, `/tv/${seriesId}/season/1/episode/1`].sort(),
    );
    expect(plain.catalog.calls.length).toBe(7);
  });

  it('keeps user-specific loads out of the merged, cacheable call', async () => {
    const query = `query($id: Int!) { movie(id: $id) { title images { posters { filePath } } } }`;
    await merged.query(query, { id: movieId }, { 'x-session-id': 'abcdef0123456789' });
    expect(merged.catalog.calls.every((c) => c.query.session_id === undefined)).toBe(true);
  });

  it('reports a missing parent once, at the parent, from the one merged call', async () => {
    const query = `{ movie(id: 999999) { id: databaseId images { posters { filePath } } lists { totalCount } } }`;
    const a = await merged.query(query);
    const b = await plain.query(query);
    expect(a.body).toEqual(b.body);
    expect(a.body.data).toEqual({ movie: null });
    expect(a.body.errors!.map((e) => [e.extensions!.code, e.path])).toEqual([['NOT_FOUND', ['movie']]]);
    expect(merged.catalog.calls).toHaveLength(1);
  });
});
