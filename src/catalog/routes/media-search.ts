/**
 * Across the media kinds: search movie and multi, trending movie and all, find by external id.
 * Search matches case-insensitively: a title/name that starts with the query ranks before one
 * that contains it; ties go to the more popular.
 */
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import type { MovieDetails } from '../data/types.ts';
import { CODE, CatalogError } from '../errors.ts';
import { paginate, readChoice, readPage, requireText, type Query } from '../params.ts';
import type { Route } from '../router.ts';
import { movieSummary, tvSummary } from './shapes.ts';

/** A person as search, trending and find list them. */
export interface PersonListItem {
  adult: boolean;
  gender: number;
  id: number;
  known_for_department: string;
  name: string;
  original_name: string;
  popularity: number;
  profile_path: string | null;
  media_type: 'person';
  known_for: unknown[];
}

/** The catalog's people as list items (empty until the catalog holds people). */
export function peopleOf(_data: CatalogData): PersonListItem[] {
  return [];
}

/** 0: a name starts with the term; 1: a name contains it; -1: no match. */
function rank(term: string, ...names: string[]): number {
  let best = -1;
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower.startsWith(term)) return 0;
    if (lower.includes(term)) best = 1;
  }
  return best;
}

const movieItem = (movie: MovieDetails) => ({ ...movieSummary(movie), media_type: 'movie' as const });

/** include_adult: "true" or "false" (default false); anything else 422 code 5. */
function includeAdult(query: Query): boolean {
  return readChoice(query, 'include_adult', ['true', 'false'], 'false') === 'true';
}

/** A year parameter: four digits, else 422 code 5. */
function readYear(query: Query, name: string): string | undefined {
  const text = query[name];
  if (text === undefined) return undefined;
  if (!/^\d{4}$/.test(text)) throw new CatalogError(CODE.invalidParameters);
  return text;
}

interface Ranked<T> {
  item: T;
  rank: number;
  popularity: number;
}

const byRank = <T>(a: Ranked<T>, b: Ranked<T>) => a.rank - b.rank || b.popularity - a.popularity;

function searchMovies(data: CatalogData, query: Query): Ranked<MovieDetails>[] {
  const term = requireText(query, 'query').toLowerCase();
  const adult = includeAdult(query);
  const year = readYear(query, 'year');
  const primaryYear = readYear(query, 'primary_release_year');
  const region = query.region?.toUpperCase();
  return data.movies
    .filter((movie) => adult || !movie.adult)
    .filter((movie) => !year || movie.release_date.startsWith(year))
    .filter((movie) => !primaryYear || movie.release_date.startsWith(primaryYear))
    .filter((movie) => !region || (data.movieExtras.get(movie.id)?.releaseDates ?? []).some((r) => r.iso_3166_1 === region))
    .map((movie) => ({ item: movie, rank: rank(term, movie.title, movie.original_title), popularity: movie.popularity }))
    .filter((match) => match.rank >= 0)
    .sort((a, b) => byRank(a, b) || a.item.id - b.item.id);
}

/** Trending everything: movies and series interleaved by their own rank, a person every few places. */
function trendingAll(data: CatalogData, window: 'day' | 'week', lookupSeries: (id: number) => unknown, lookupMovie: (id: number) => MovieDetails) {
  const people = [...peopleOf(data)].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const slots: Array<{ key: number; item: unknown }> = [
    ...data.trendingMovies[window].map((id, i) => ({ key: 2 * i, item: movieItem(lookupMovie(id)) })),
    ...data.trendingTv[window].map((id, i) => ({ key: 2 * i + 1, item: lookupSeries(id) })),
    ...people.map((person, i) => ({ key: 5 * i + 2.5, item: person })),
  ];
  return slots.sort((a, b) => a.key - b.key).map((slot) => slot.item);
}

const EXTERNAL_SOURCES = ['imdb_id', 'facebook_id', 'instagram_id', 'tvdb_id', 'tiktok_id', 'twitter_id', 'wikidata_id', 'youtube_id'] as const;

export const mediaSearchRoutes: Route[] = [
  {
    method: 'GET',
    path: '/search/movie',
    handle: ({ catalog, query }) => {
      const page = readPage(query);
      const results = searchMovies(catalog.data, query).map((match) => movieSummary(match.item));
      return { body: paginate(results, page), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/search/multi',
    handle: ({ catalog, query }) => {
      const term = requireText(query, 'query').toLowerCase();
      const page = readPage(query);
      const adult = includeAdult(query);
      const { data } = catalog;
      const matches: Ranked<unknown>[] = [
        ...data.movies
          .filter((movie) => adult || !movie.adult)
          .map((movie) => ({ item: movieItem(movie), rank: rank(term, movie.title, movie.original_title), popularity: movie.popularity })),
        ...data.tvSeries
          .filter((series) => adult || !series.adult)
          .map((series) => ({ item: tvSummary(series), rank: rank(term, series.name, series.original_name), popularity: series.popularity })),
        ...peopleOf(data)
          .filter((person) => adult || !person.adult)
          .map((person) => ({ item: person, rank: rank(term, person.name, person.original_name), popularity: person.popularity })),
      ];
      const results = matches.filter((match) => match.rank >= 0).sort(byRank).map((match) => match.item);
      return { body: paginate(results, page), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/trending/movie/{time_window}',
    handle: ({ catalog, params, query }) => {
      const window = readChoice(params, 'time_window', ['day', 'week'], 'day');
      const page = readPage(query);
      const results = catalog.data.trendingMovies[window].map((id) => movieItem(catalog.lookup.movie(id)));
      return { body: paginate(results, page), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/trending/all/{time_window}',
    handle: ({ catalog, params, query }) => {
      const window = readChoice(params, 'time_window', ['day', 'week'], 'day');
      const page = readPage(query);
      const results = trendingAll(catalog.data, window, (id) => tvSummary(catalog.lookup.tvSeries(id)), (id) => catalog.lookup.movie(id));
      return { body: paginate(results, page), cache: CACHE.pages };
    },
  },
  {
    // `external_source` names the kind of id; every kind of object that carries such an id is searched.
    method: 'GET',
    path: '/find/{external_id}',
    handle: ({ catalog, params, query }) => {
      if (query.external_source === undefined) throw new CatalogError(CODE.invalidParameters);
      const source = readChoice(query, 'external_source', EXTERNAL_SOURCES, 'imdb_id');
      const wanted = params.external_id;
      const { data } = catalog;
      const matches = (ids: object | undefined) => ids !== undefined && String((ids as Record<string, unknown>)[source] ?? '') === wanted;
      const movieResults = data.movies.filter((movie) => matches(data.movieExtras.get(movie.id)?.externalIds)).map(movieItem);
      const seasonResults = [...data.seasons.entries()].flatMap(([showId, seasons]) =>
        seasons
          .filter((season) => matches(data.seasonExternalIds.get(season.id)))
          .map((season) => ({
            id: season.id,
            name: season.name,
            overview: season.overview,
            poster_path: season.poster_path,
            media_type: 'tv_season',
            vote_average: season.vote_average,
            air_date: season.air_date,
            season_number: season.season_number,
            show_id: showId,
            episode_count: season.episodes.length,
          })));
      const body = {
        movie_results: movieResults,
        person_results: [] as unknown[],
        tv_results: [] as unknown[],
        tv_episode_results: [] as unknown[],
        tv_season_results: seasonResults,
      };
      return { body, cache: CACHE.details };
    },
  },
];
