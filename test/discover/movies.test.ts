import { describe, expect, it } from 'vitest';
import { MOVIE_CERTIFICATIONS } from '@media-catalog/catalog/data/certifications';
import { addDays } from '@media-catalog/catalog/data/dates';
import type { MovieDetails } from '@media-catalog/catalog/data/types';
import * as expected from '../expected.ts';
import { errorCodes } from '../helpers.ts';
import { afterPage, byPopularity, expectPage, genreIds, h, lastQuery, useDiscoverFixture } from './fixture.ts';

useDiscoverFixture();

const MOVIES = `query($f: DiscoverMoviesFilter, $s: DiscoverMoviesSort, $after: String) {
  discover { movies(filter: $f, sortBy: $s, first: 20, after: $after) { totalCount edges { node { id: databaseId title originalTitle releaseDate popularity voteAverage voteCount genreIds } } } } }`;

async function discoverMovies(filter: object, sortBy?: string, page?: number) {
  const response = await h.query(MOVIES, { f: filter, s: sortBy, after: afterPage('Discover.movies', page) });
  expect(response.body.errors, response.text).toBeUndefined();
  return response.body.data.discover.movies;
}

describe('discover.movies', () => {
  it('with every genre (ALL), most popular first by default, carrying summaries field by field', async () => {
    const movies = h.catalog.data.movies;
    const [a, b] = [18, 35];
    const all = movies.filter((m) => genreIds(m).includes(a) && genreIds(m).includes(b)).sort(byPopularity);
    const { body } = await h.query(
      `{ discover { movies(filter: { withGenres: { ids: [${a}, ${b}] } }) { ${expected.CONNECTION(expected.MOVIE_SUMMARY_FIELDS)} } } }`,
    );
    expect(body.errors).toBeUndefined();
    expectPage(body.data.discover.movies, all);
    const rest = await h.rest(`/discover/movie?with_genres=${a},${b}`);
    expect(body.data.discover.movies).toEqual(expected.connection(rest, rest.results.map(expected.movieSummary)));
    expect(h.catalog.calls.filter((c) => /^\/movie\/\d+$/.test(c.path))).toEqual([]);
  });

  it('with any genre (ANY), without others, a vote range, best average first', async () => {
    const all = h.catalog.data.movies
      .filter((m) => (genreIds(m).includes(28) || genreIds(m).includes(12)) && !genreIds(m).includes(27))
      .filter((m) => m.vote_average >= 6 && m.vote_average <= 8.5 && m.vote_count >= 50)
      .sort((x, y) => y.vote_average - x.vote_average || x.id - y.id);
    const page = await discoverMovies(
      { withGenres: { ids: [28, 12], match: 'ANY' }, withoutGenres: [27], voteAverageGte: 6, voteAverageLte: 8.5, voteCountGte: 50 },
      'VOTE_AVERAGE_DESC',
    );
    expectPage(page, all);
    expect(lastQuery('/discover/movie')).toEqual({
      with_genres: '28|12',
      without_genres: '27',
      'vote_average.gte': '6',
      'vote_average.lte': '8.5',
      'vote_count.gte': '50',
      sort_by: 'vote_average.desc',
      // A connection reads the catalog's page 1 by its number; the filter's defaults are sent as the schema states them.
      page: '1',
      include_adult: 'false',
      include_video: 'false',
    });
  });

  it('by primary release date range, oldest first, and pages on', async () => {
    const from = addDays(h.catalog.data.today, -5 * 365);
    const to = addDays(h.catalog.data.today, -365);
    const all = h.catalog.data.movies
      .filter((m) => m.release_date !== '' && m.release_date >= from && m.release_date <= to)
      .sort((x, y) => x.release_date.localeCompare(y.release_date) || x.id - y.id);
    const page = await discoverMovies({ primaryReleaseDateGte: from, primaryReleaseDateLte: to }, 'PRIMARY_RELEASE_DATE_ASC', 2);
    expectPage(page, all, 2);
    expect(lastQuery('/discover/movie')).toMatchObject({ 'primary_release_date.gte': from, 'primary_release_date.lte': to, page: '2' });
  });

  it('by runtime, original language, origin country and company; by title', async () => {
    const company = h.catalog.data.companies.find(
      (c) => h.catalog.data.movies.filter((m) => m.production_companies.some((p) => p.id === c.id)).length > 3,
    )!;
    const withCompany = (m: MovieDetails) => m.production_companies.some((p) => p.id === company.id);
    const all = h.catalog.data.movies
      .filter((m) => m.runtime !== null && m.runtime >= 90 && m.runtime <= 140)
      .filter((m) => ['en', 'fr', 'ja'].includes(m.original_language))
      .sort((x, y) => x.title.localeCompare(y.title, 'en') || x.id - y.id);
    const page = await discoverMovies({ withRuntimeGte: 90, withRuntimeLte: 140, withOriginalLanguage: ['en', 'fr', 'ja'] }, 'TITLE_ASC');
    expectPage(page, all);
    const byCompany = await discoverMovies({ withCompanies: { ids: [company.id] } }, 'REVENUE_DESC');
    expectPage(
      byCompany,
      h.catalog.data.movies.filter(withCompany).sort((x, y) => y.revenue - x.revenue || x.id - y.id),
    );
    const country = h.catalog.data.movies[0].origin_country![0];
    const byCountry = await discoverMovies({ withOriginCountry: [country.toLowerCase()] });
    expectPage(byCountry, h.catalog.data.movies.filter((m) => m.origin_country?.includes(country)).sort(byPopularity));
    expect(lastQuery('/discover/movie').with_origin_country).toBe(country);
  });

  it('by region, release type and certification from the per-country release dates', async () => {
    const data = h.catalog.data;
    const all = data.movies
      .filter((m) =>
        (data.movieExtras.get(m.id)?.releaseDates ?? []).some(
          (c) => c.iso_3166_1 === 'US' && c.release_dates.some((r) => r.type === 3 && r.release_date.slice(0, 4) >= '2015'),
        ),
      )
      .sort(byPopularity);
    const page = await discoverMovies({ region: 'US', withReleaseType: ['THEATRICAL'], releaseDateGte: '2015-01-01' });
    expectPage(page, all);
    expect(lastQuery('/discover/movie')).toMatchObject({ region: 'US', with_release_type: '3', 'release_date.gte': '2015-01-01' });

    const order = (name: string) => MOVIE_CERTIFICATIONS.US.find((c) => c.certification === name)!.order;
    const rated = data.movies
      .filter((m) =>
        (data.movieExtras.get(m.id)?.releaseDates ?? []).some(
          (c) => c.iso_3166_1 === 'US' && c.release_dates.some((r) => r.certification !== '' && order(r.certification) >= order('PG-13')),
        ),
      )
      .sort(byPopularity);
    const strict = await discoverMovies({ certificationCountry: 'US', certificationGte: 'PG-13' });
    expectPage(strict, rated);
    const exact = await discoverMovies({ certificationCountry: 'US', certification: ['R', 'NC-17'] });
    const exactAll = data.movies
      .filter((m) =>
        (data.movieExtras.get(m.id)?.releaseDates ?? []).some(
          (c) => c.iso_3166_1 === 'US' && c.release_dates.some((r) => ['R', 'NC-17'].includes(r.certification)),
        ),
      )
      .sort(byPopularity);
    expectPage(exact, exactAll);
    expect(lastQuery('/discover/movie')).toMatchObject({ certification_country: 'US', certification: 'R|NC-17' });
  });

  it('by watch providers in a region', async () => {
    const data = h.catalog.data;
    const [movieId, extras] = [...data.movieExtras].find(([, x]) => x.watchProviders.US?.flatrate?.length)!;
    const provider = extras.watchProviders.US.flatrate![0].provider_id;
    const all = data.movies
      .filter((m) => {
        const offers = data.movieExtras.get(m.id)?.watchProviders.US;
        return (
          !!offers && [...(offers.flatrate ?? []), ...(offers.rent ?? []), ...(offers.buy ?? [])].some((o) => o.provider_id === provider)
        );
      })
      .sort(byPopularity);
    const page = await discoverMovies({ watchRegion: 'us', withWatchProviders: { ids: [provider] } });
    expectPage(page, all);
    expect(all.map((m) => m.id)).toContain(movieId);
    const flat = await discoverMovies({
      watchRegion: 'US',
      withWatchProviders: { ids: [provider] },
      withWatchMonetizationTypes: ['FLATRATE'],
    });
    expect(flat.totalCount).toBeLessThanOrEqual(all.length);
    expect(lastQuery('/discover/movie')).toMatchObject({
      watch_region: 'US',
      with_watch_providers: String(provider),
      with_watch_monetization_types: 'flatrate',
    });
  });

  it('by keywords, cast, crew and people from the keyword lists and the credits', async () => {
    const data = h.catalog.data;
    const movie = data.movies.find(
      (m) => (data.movieKeywords.get(m.id)?.length ?? 0) > 1 && (data.credits.movies.get(m.id)?.crew.length ?? 0) > 0,
    )!;
    const [k1, k2] = data.movieKeywords.get(movie.id)!.map((k) => k.id);
    const keywordsOf = (m: MovieDetails) => (data.movieKeywords.get(m.id) ?? []).map((k) => k.id);
    expectPage(
      await discoverMovies({ withKeywords: { ids: [k1, k2] } }),
      data.movies.filter((m) => keywordsOf(m).includes(k1) && keywordsOf(m).includes(k2)).sort(byPopularity),
    );
    expectPage(
      await discoverMovies({ withKeywords: { ids: [k1, k2], match: 'ANY' }, withoutGenres: [99] }),
      data.movies.filter((m) => (keywordsOf(m).includes(k1) || keywordsOf(m).includes(k2)) && !genreIds(m).includes(99)).sort(byPopularity),
    );
    expect(lastQuery('/discover/movie')).toMatchObject({ with_keywords: `${k1}|${k2}` });

    const credits = (m: MovieDetails) => data.credits.movies.get(m.id) ?? { cast: [], crew: [] };
    const actor = credits(movie).cast[0]?.id ?? credits(data.movies.find((m) => credits(m).cast.length)!).cast[0].id;
    const worker = credits(movie).crew[0].id;
    expectPage(
      await discoverMovies({ withCast: { ids: [actor] } }),
      data.movies.filter((m) => credits(m).cast.some((c) => c.id === actor)).sort(byPopularity),
    );
    expectPage(
      await discoverMovies({ withCrew: { ids: [worker] } }),
      data.movies.filter((m) => credits(m).crew.some((c) => c.id === worker)).sort(byPopularity),
    );
    const either = data.movies
      .filter((m) => [...credits(m).cast, ...credits(m).crew].some((c) => c.id === actor || c.id === worker))
      .sort(byPopularity);
    expectPage(await discoverMovies({ withPeople: { ids: [actor, worker], match: 'ANY' } }), either);
    expect(lastQuery('/discover/movie')).toMatchObject({ with_people: `${actor}|${worker}` });
  });

  it('rejects bad filters before any call', async () => {
    for (const [filter, argument] of [
      [{ withCast: { ids: [-1] } }, 'filter.withCast.ids'],
      [{ releaseDateGte: '2020-05-01', releaseDateLte: '2020-04-01' }, 'filter.releaseDateLte'],
      [{ withGenres: { ids: [0] } }, 'filter.withGenres.ids'],
      [{ withGenres: { ids: [] } }, 'filter.withGenres.ids'],
      [{ voteAverageGte: 11 }, 'filter.voteAverageGte'],
      [{ voteCountGte: 10, voteCountLte: 5 }, 'filter.voteCountLte'],
      [{ withOriginalLanguage: ['english'] }, 'filter.withOriginalLanguage'],
      [{ withOriginCountry: ['USA'] }, 'filter.withOriginCountry'],
      [{ withWatchProviders: { ids: [8] } }, 'filter.watchRegion'],
      [{ primaryReleaseYear: 99 }, 'filter.primaryReleaseYear'],
      [{ certification: ['R,PG'] }, 'filter.certification'],
    ] as const) {
      const response = await h.query(MOVIES, { f: filter });
      expect(errorCodes(response), JSON.stringify(filter)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions!.argument, JSON.stringify(filter)).toBe(argument);
    }
    // A date that is no day fails the variable's coercion by the Date scalar.
    const badDay = await h.query(MOVIES, { f: { primaryReleaseDateGte: '2020-13-01' } });
    expect(errorCodes(badDay)).toEqual(['BAD_USER_INPUT']);
    const page = await h.query('{ discover { movies(first: 101) { totalCount } } }');
    expect(page.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    expect(h.catalog.calls).toEqual([]);
  });

  it('catalog: answers bad parameters with the real error codes', async () => {
    const get = async (query: string) => {
      const response = await fetch(`${h.catalog.baseUrl}/discover/movie?${query}`, {
        headers: { authorization: `Bearer ${h.catalog.demoToken}` },
      });
      return [response.status, (await response.json()).status_code];
    };
    expect(await get('sort_by=rating.desc')).toEqual([422, 5]);
    expect(await get('with_genres=18,35|12')).toEqual([422, 5]);
    expect(await get('with_genres=drama')).toEqual([422, 5]);
    expect(await get('vote_average.gte=high')).toEqual([422, 5]);
    expect(await get('primary_release_date.gte=2020-1-1')).toEqual([400, 23]);
    expect(await get('page=0')).toEqual([400, 22]);
    expect(await get('include_adult=yes')).toEqual([422, 5]);
  });
});
