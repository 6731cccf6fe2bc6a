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
import type { CatalogLookup } from '../lookup.ts';
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
  /** Used by find only; not part of the list item. */
  external_ids?: object;
}

/** A person's best-known works: their three most popular movies and series, as summaries with media_type. */
function knownFor(data: CatalogData, lookup: CatalogLookup, personId: number): unknown[] {
  const credits = data.credits.people.get(personId);
  if (!credits) return [];
  const movieIds = new Set([...credits.movieCast, ...credits.movieCrew].map((c) => c.movieId));
  const seriesIds = new Set([...credits.tvCast, ...credits.tvCrew].map((c) => c.seriesId));
  const works = [
    ...[...movieIds].map((id) => lookup.movie(id)).map((movie) => ({ popularity: movie.popularity, item: movieItem(movie) })),
    ...[...seriesIds].map((id) => lookup.tvSeries(id)).map((series) => ({ popularity: series.popularity, item: tvSummary(series) })),
  ];
  return works
    .sort((a, b) => b.popularity - a.popularity)
    .slice(0, 3)
    .map((work) => work.item);
}

/** The catalog's people as list items, each with its external ids for find (dropped before sending). */
export function peopleOf(data: CatalogData, lookup: CatalogLookup): PersonListItem[] {
  return data.people.details.map((person) => ({
    adult: person.adult,
    gender: person.gender,
    id: person.id,
    known_for_department: person.known_for_department,
    name: person.name,
    original_name: person.name,
    popularity: person.popularity,
    profile_path: person.profile_path,
    media_type: 'person' as const,
    known_for: knownFor(data, lookup, person.id),
    external_ids: data.people.externalIds.get(person.id),
  }));
}

const listItem = ({ external_ids: _, ...person }: PersonListItem) => person;

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
function trendingAll(data: CatalogData, lookup: CatalogLookup, window: 'day' | 'week') {
  const people = new Map(peopleOf(data, lookup).map((person) => [person.id, person]));
  const slots: Array<{ key: number; item: unknown }> = [
    ...data.trendingMovies[window].map((id, i) => ({ key: 2 * i, item: movieItem(lookup.movie(id)) })),
    ...data.trendingTv[window].map((id, i) => ({ key: 2 * i + 1, item: tvSummary(lookup.tvSeries(id)) })),
    ...data.people.trending[window].map((id, i) => ({ key: 5 * i + 2.5, item: listItem(people.get(id)!) })),
  ];
  return slots.sort((a, b) => a.key - b.key).map((slot) => slot.item);
}

const EXTERNAL_SOURCES = [
  'imdb_id',
  'facebook_id',
  'instagram_id',
  'tvdb_id',
  // Retired by the service but still answered (a 2020 recording); no generated object carries one.
  'tvrage_id',
  'tiktok_id',
  'twitter_id',
  'wikidata_id',
  'youtube_id',
] as const;

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
          .map((series) => ({
            item: tvSummary(series),
            rank: rank(term, series.name, series.original_name),
            popularity: series.popularity,
          })),
        ...peopleOf(data, catalog.lookup)
          .filter((person) => adult || !person.adult)
          .map((person) => ({
            item: listItem(person),
            rank: rank(term, person.name, person.original_name),
            popularity: person.popularity,
          })),
      ];
      const results = matches
        .filter((match) => match.rank >= 0)
        .sort(byRank)
        .map((match) => match.item);
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
      const results = trendingAll(catalog.data, catalog.lookup, window);
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
          })),
      );
      const tvResults = data.tvSeries.filter((series) => matches(data.tvSeriesExtras.get(series.id)?.externalIds)).map(tvSummary);
      const episodeResults = [...data.episodeExtras.entries()]
        .filter(([, extras]) => matches(extras.externalIds))
        .map(([, extras]) => {
          const episode = catalog.lookup.episode(extras.seriesId, extras.seasonNumber, extras.episodeNumber);
          return {
            id: episode.id,
            name: episode.name,
            overview: episode.overview,
            media_type: 'tv_episode',
            vote_average: episode.vote_average,
            vote_count: episode.vote_count,
            air_date: episode.air_date,
            episode_number: episode.episode_number,
            episode_type: episode.episode_type,
            production_code: episode.production_code,
            runtime: episode.runtime,
            season_number: episode.season_number,
            show_id: extras.seriesId,
            still_path: episode.still_path,
          };
        });
      const body = {
        movie_results: movieResults,
        person_results: peopleOf(data, catalog.lookup)
          .filter((person) => matches(person.external_ids))
          .map(listItem),
        tv_results: tvResults,
        tv_episode_results: episodeResults,
        tv_season_results: seasonResults,
      };
      return { body, cache: CACHE.details };
    },
  },
];
