import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../examples/client.ts';
import { loadMoviePage } from '../../examples/movie-page.ts';
import { search } from '../../examples/search.ts';
import { loadSeriesPage } from '../../examples/series-page.ts';
import { loadWatchlist, setWatchlist } from '../../examples/watchlist.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';
import { captureWarnings, pickSubjects } from './overlapping.ts';

/**
 * The operations of examples/ (typed by codegen; `tsc --noEmit` checks the pages that use them)
 * run as a frontend would run them: urql with graphcache configured from schema/client-cache.ts,
 * over real HTTP to the gateway over the embedded catalog. Each answer is held to the catalog's
 * own REST answer, and neither urql nor graphcache may warn.
 */
let h: Harness;
let subjects: ReturnType<typeof pickSubjects>;
let capture: ReturnType<typeof captureWarnings>;

beforeAll(async () => {
  h = await startHarness();
  subjects = pickSubjects(h);
});
afterAll(() => h.close());
afterEach(() => {
  expect(capture.messages).toEqual([]);
  capture.restore();
});

describe('examples/', () => {
  it('movie page: title, genres, top cast, directors, posters and reviews as the catalog has them', async () => {
    capture = captureWarnings();
    const id = subjects.movieId;
    const [movie, credits, images, reviews] = await Promise.all(
      [`/movie/${id}`, `/movie/${id}/credits`, `/movie/${id}/images`, `/movie/${id}/reviews?page=1`].map((path) => h.rest(path)),
    );
    const page = await loadMoviePage(createClient({ url: h.url }), id);
    expect(page).toEqual({
      title: movie.title,
      year: movie.release_date.slice(0, 4),
      genres: movie.genres.map((genre: any) => genre.name),
      topCast: credits.cast.slice(0, 5).map((credit: any) => ({ name: credit.name, character: credit.character })),
      directors: credits.crew.filter((credit: any) => credit.job === 'Director').map((credit: any) => credit.name),
      posters: images.posters.length,
      reviews: reviews.results.map((review: any) => ({ author: review.author, rating: review.author_details.rating ?? null })),
    });
    expect(page!.topCast.length).toBeGreaterThan(0);
    expect(page!.reviews.length).toBeGreaterThan(0);
  });

  it('series page: the series, its seasons, and season 1 with its episodes and cast', async () => {
    capture = captureWarnings();
    const id = subjects.seriesId;
    const [series, season, credits] = await Promise.all(
      [`/tv/${id}`, `/tv/${id}/season/1`, `/tv/${id}/season/1/credits`].map((path) => h.rest(path)),
    );
    const page = await loadSeriesPage(createClient({ url: h.url }), id, 1);
    expect(page).toEqual({
      name: series.name,
      networks: series.networks.map((network: any) => network.name),
      seasons: series.seasons.map((one: any) => ({ number: one.season_number, name: one.name, episodes: one.episode_count })),
      opened: {
        name: season.name,
        episodes: season.episodes.map((episode: any) => ({
          number: episode.episode_number,
          name: episode.name,
          airDate: episode.air_date || null,
        })),
        cast: credits.cast.map((credit: any) => `${credit.name} as ${credit.character}`),
      },
    });
    expect(page!.opened!.episodes.length).toBeGreaterThan(0);
  });

  it("search: movies, series and people in the catalog's order, each labelled by its kind", async () => {
    capture = captureWarnings();
    const expected = await h.rest(`/search/multi?query=${encodeURIComponent(subjects.word)}&page=1`);
    const found = await search(createClient({ url: h.url }), subjects.word);
    const kinds: Record<string, string> = { movie: 'movie', tv: 'series', person: 'person' };
    expect(found.totalCount).toBe(expected.total_results);
    expect(found.hits.map((hit) => [hit.kind, hit.id])).toEqual(expected.results.map((one: any) => [kinds[one.media_type], one.id]));
    expect(found.hits).toContainEqual(expect.objectContaining({ kind: 'movie', id: subjects.movieId }));
  });

  it('watchlist: with a user session, add a movie, see it listed, remove it, see it gone', async () => {
    capture = captureWarnings();
    const client = createClient({ url: h.url, sessionId: await createUserSession(h) });
    const before = await loadWatchlist(client);
    expect(before?.accountId).toBe(h.catalog.data.account.id);
    const movie = h.catalog.data.movies.find((one) => !before!.titles.includes(one.title))!;

    expect(await setWatchlist(client, before!.accountId, movie.id, true)).toBe(true);
    const added = await loadWatchlist(client);
    expect(added?.titles[0]).toBe(movie.title);
    expect(added?.titles.slice(1)).toEqual(before!.titles.slice(0, added!.titles.length - 1));

    expect(await setWatchlist(client, before!.accountId, movie.id, false)).toBe(false);
    expect((await loadWatchlist(client))?.titles).toEqual(before!.titles);
  });
});
