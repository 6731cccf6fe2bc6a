import { describe, expect, it } from 'vitest';
import { MOVIE_CERTIFICATIONS } from '@media-catalog/catalog/data/certifications';
import * as expected from '../expected.ts';
import { errorCodes } from '../helpers.ts';
import { h, SUMMARY_CONNECTION, useMovieFixture } from './fixture.ts';

useMovieFixture();

describe('movie lists', () => {
  it('orders popular movies by popularity and top rated by average vote among movies with enough votes', async () => {
    const popular = await h.rest('/movie/popular?page=1');
    const top = await h.rest('/movie/top_rated?page=2');
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ popularMovies { ${SUMMARY_CONNECTION} } topRatedMovies(${expected.pageWindow('Query.topRatedMovies', 2)}) { ${SUMMARY_CONNECTION} } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.popularMovies).toEqual(expected.connection(popular, popular.results.map(expected.movieSummary)));
    expect(body.data.topRatedMovies).toEqual(expected.connection(top, top.results.map(expected.movieSummary)));
    const popularity = expected.nodes(body.data.popularMovies).map((m: any) => m.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const maxPopularity = Math.max(
      ...h.catalog.data.movies.filter((m) => m.release_date && m.release_date <= h.catalog.data.today).map((m) => m.popularity),
    );
    expect(popularity[0]).toBe(maxPopularity);
    const votes = expected.nodes(body.data.topRatedMovies).map((m: any) => m.voteAverage);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    for (const movie of expected.nodes(body.data.topRatedMovies)) expect(movie.voteCount).toBeGreaterThanOrEqual(300);
    expect(h.catalog.calls).toHaveLength(2);
  });

  it('lists now playing movies released in the six weeks before today, with the dates envelope', async () => {
    const rest = await h.rest('/movie/now_playing?region=US');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ nowPlayingMovies(region: "us") { dates { minimum maximum } ${SUMMARY_CONNECTION} } }`);
    expect(body.errors).toBeUndefined();
    const page = body.data.nowPlayingMovies;
    expect(page.dates).toEqual({ minimum: rest.dates.minimum, maximum: rest.dates.maximum });
    expect(page.dates.maximum).toBe(h.catalog.data.today);
    expect(expected.nodes(page)).toEqual(rest.results.map(expected.movieSummary));
    expect(expected.nodes(page).length).toBeGreaterThan(0);
    for (const movie of expected.nodes(page)) {
      expect(movie.releaseDate >= page.dates.minimum && movie.releaseDate <= page.dates.maximum).toBe(true);
    }
    expect(h.catalog.calls[0].query).toMatchObject({ region: 'US' });
  });

  it('answers the latest movie (highest id) from one call, its details carried', async () => {
    const latestId = Math.max(...h.catalog.data.movies.map((m) => m.id));
    const { body } = await h.query('{ latestMovie { id: databaseId title runtime imdbId genres { id: databaseId } } }');
    expect(body.errors).toBeUndefined();
    const movie = h.catalog.data.movies.find((m) => m.id === latestId)!;
    expect(body.data.latestMovie).toEqual({
      id: latestId,
      title: movie.title,
      runtime: movie.runtime ?? null,
      imdbId: movie.imdb_id,
      genres: movie.genres.map((g) => ({ id: g.id })),
    });
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/movie/latest']);
  });
});

describe('reference lists', () => {
  it('serves movie and TV genres, certifications by country and the movie providers of a region', async () => {
    const providers = await h.rest('/watch/providers/movie?watch_region=DE');
    h.catalog.resetCalls();
    const { body } = await h.query(`{
      movieGenres { id: databaseId name } tvGenres(language: "en") { id: databaseId name }
      movieCertifications(country: "us") { countryCode certifications { certification meaning order } }
      tvCertifications { countryCode }
      movieWatchProviders(watchRegion: "DE") { providerId providerName displayPriority }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.movieGenres).toEqual(h.catalog.data.movieGenres);
    expect(body.data.tvGenres).toEqual(h.catalog.data.tvGenres);
    expect(body.data.movieCertifications).toEqual([{ countryCode: 'US', certifications: MOVIE_CERTIFICATIONS.US }]);
    expect(body.data.tvCertifications.map((c: any) => c.countryCode)).toContain('US');
    expect(body.data.movieWatchProviders).toEqual(
      providers.results.map((p: any) => ({
        providerId: p.provider_id,
        providerName: p.provider_name,
        displayPriority: p.display_priority,
      })),
    );
    for (const p of providers.results) expect(Object.keys(p.display_priorities)).toContain('DE');
    expect(h.catalog.calls).toHaveLength(5);
  });
});

describe('trending and search', () => {
  it('lists trending movies per time window with their summaries', async () => {
    const week = await h.rest('/trending/movie/week?page=2');
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ trending { movies(timeWindow: WEEK, ${expected.pageWindow('Trending.movies', 2)}) { ${SUMMARY_CONNECTION} } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.trending.movies).toEqual(expected.connection(week, week.results.map(expected.movieSummary)));
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/trending/movie/week']);
  });

  it('searches movies by title and original title, with the year filter', async () => {
    const target = h.catalog.data.movies.find((m) => m.original_title !== m.title && m.release_date)!;
    const term = target.original_title.split(' ').at(-1)!.toLowerCase();
    const year = Number(target.release_date.slice(0, 4));
    const rest = await h.rest(`/search/movie?query=${encodeURIComponent(term)}&year=${year}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($q: String!, $y: Int) { search { movies(query: $q, year: $y) { ${SUMMARY_CONNECTION} } } }`, {
      q: term,
      y: year,
    });
    expect(body.errors).toBeUndefined();
    const page = body.data.search.movies;
    expect(page).toEqual(expected.connection(rest, rest.results.map(expected.movieSummary)));
    expect(expected.nodes(page).map((m: any) => m.id)).toContain(target.id);
    for (const movie of expected.nodes(page)) {
      expect(`${movie.title}\n${movie.originalTitle}`.toLowerCase()).toContain(term);
      expect(movie.releaseDate.startsWith(String(year))).toBe(true);
    }
    expect(h.catalog.calls[0].query).toMatchObject({ query: term, year: String(year) });
  });

  it('rejects an empty query and a bad year before any call', async () => {
    const { body } = await h.query('{ search { a: movies(query: "  ") { totalCount } b: movies(query: "x", year: 12) { totalCount } } }');
    expect(errorCodes({ body } as any)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });
});

describe('mixed lists: trending all and multi search', () => {
  const ITEM = `__typename ... on Movie { id: databaseId title } ... on TVSeries { id: databaseId name } ... on Person { id: databaseId name }`;
  const kind = (item: any) => ({ movie: 'Movie', tv: 'TVSeries', person: 'Person' })[item.media_type as string];
  const mixed = (item: any) => ({
    __typename: kind(item),
    id: item.id,
    ...(item.media_type === 'movie' ? { title: item.title } : { name: item.name }),
  });

  it('mixes movies, series and people in trending all, each carried (no detail calls)', async () => {
    const week = await h.rest('/trending/all/week');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ trending { all(timeWindow: WEEK) { totalCount edges { node { ${ITEM} } } } } }`);
    expect(body.errors).toBeUndefined();
    const page = body.data.trending.all;
    expect(page.totalCount).toBe(week.total_results);
    expect(expected.nodes(page)).toEqual(week.results.map(mixed));
    expect(new Set(expected.nodes(page).map((r: any) => r.__typename))).toEqual(new Set(['Movie', 'TVSeries', 'Person']));
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/trending/all/week']);
  });

  it('finds movies, series and people whose names contain the query', async () => {
    const person = h.catalog.data.people.details[7];
    const term = person.name.split(' ')[1].toLowerCase();
    const rest = await h.rest(`/search/multi?query=${encodeURIComponent(term)}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($q: String!) { search { multi(query: $q) { totalCount edges { node { ${ITEM} ... on Movie { originalTitle } ... on TVSeries { originalName } } } } } }`,
      { q: term },
    );
    expect(body.errors).toBeUndefined();
    const results = expected.nodes(body.data.search.multi);
    expect(results.map((r: any) => ({ __typename: r.__typename, id: r.id }))).toEqual(
      rest.results.map((r: any) => ({ __typename: kind(r), id: r.id })),
    );
    expect(body.data.search.multi.totalCount).toBeGreaterThan(0);
    for (const item of results) {
      const names = [item.title, item.originalTitle, item.name, item.originalName].filter(Boolean).join('\n').toLowerCase();
      expect(names).toContain(term);
    }
    const everyPerson = h.catalog.data.people.details.filter((p) => p.name.toLowerCase().includes(term)).map((p) => p.id);
    expect(rest.total_results).toBeGreaterThanOrEqual(everyPerson.length);
    expect(everyPerson.length).toBeGreaterThan(0);
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/search/multi']);
  });

  it('finds a person by IMDb id', async () => {
    const [personId, ids] = [...h.catalog.data.people.externalIds].find(([, e]) => e.imdb_id)!;
    const { body } = await h.query(
      'query($id: String!) { find(externalId: $id, source: IMDB_ID) { movies { id: databaseId } people { id: databaseId name } } }',
      {
        id: ids.imdb_id,
      },
    );
    expect(body.errors).toBeUndefined();
    const person = h.catalog.data.people.details.find((p) => p.id === personId)!;
    expect(body.data.find).toEqual({ movies: [], people: [{ id: personId, name: person.name }] });
  });
});
