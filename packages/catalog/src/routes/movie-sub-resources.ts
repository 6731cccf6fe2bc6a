/**
 * Movies beyond the spec's few: the ordered lists (now playing, popular, top rated, latest),
 * the sub-resources videos, release dates, translations, external ids, watch providers,
 * recommendations and similar (all appendable), account_states and the rating writes.
 */
import { CACHE } from '../caching.ts';
import { mediaAccountState } from '../data/account-state.ts';
import { addDays } from '../data/dates.ts';
import type { MovieDetails } from '../data/types.ts';
import { CODE, CatalogError, writeSuccess } from '../errors.ts';
import { paginate, primaryLanguage, readPage, type Query } from '../params.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { viewerOf } from '../viewer.ts';
import { movieSummary } from './shapes.ts';

/** Now playing = released in the last six weeks up to today (the real list spans about that). */
export const NOW_PLAYING_WINDOW_DAYS = 42;
/** Top rated only ranks movies with at least this many votes, so one 10/10 vote cannot top it. */
export const TOP_RATED_MIN_VOTES = 300;

function movieOf(request: RouteRequest): MovieDetails {
  return request.catalog.lookup.movie(intParam(request, 'movie_id'));
}

function extrasOf(request: RouteRequest) {
  const movie = movieOf(request);
  const extras = request.catalog.data.movieExtras.get(movie.id);
  if (!extras) throw new CatalogError(CODE.notFound);
  return { movie, extras };
}

/** `region` keeps movies released in that country (a production country, as for upcoming). */
function inRegion(query: Query) {
  const region = query.region?.toUpperCase();
  return (movie: MovieDetails) => !region || movie.production_countries.some((c) => c.iso_3166_1 === region);
}

const byPopularity = (a: MovieDetails, b: MovieDetails) => b.popularity - a.popularity || a.id - b.id;

/** Released movies, most popular first. */
export function popularMovies(movies: readonly MovieDetails[], today: string): MovieDetails[] {
  return movies.filter((m) => m.release_date !== '' && m.release_date <= today).sort(byPopularity);
}

/** Movies with enough votes, best average first (more votes break ties). */
export function topRatedMovies(movies: readonly MovieDetails[]): MovieDetails[] {
  return movies
    .filter((m) => m.vote_count >= TOP_RATED_MIN_VOTES)
    .sort((a, b) => b.vote_average - a.vote_average || b.vote_count - a.vote_count || a.id - b.id);
}

/** How many genres two movies share. */
function sharedGenres(a: MovieDetails, b: MovieDetails): number {
  const ids = new Set(a.genres.map((g) => g.id));
  return b.genres.filter((g) => ids.has(g.id)).length;
}

/**
 * Similar: movies sharing the most genres (then the same original language), most popular first.
 * Recommendations: movies sharing at least one genre, same collection first, then best rated.
 * Both leave the movie itself out and stop at 100 results, like the real lists (5 pages).
 */
export function similarMovies(movie: MovieDetails, movies: readonly MovieDetails[]): MovieDetails[] {
  return movies
    .filter((m) => m.id !== movie.id && sharedGenres(movie, m) > 0)
    .map((m) => ({ m, score: sharedGenres(movie, m) * 2 + (m.original_language === movie.original_language ? 1 : 0) }))
    .sort((a, b) => b.score - a.score || byPopularity(a.m, b.m))
    .slice(0, 100)
    .map(({ m }) => m);
}

export function recommendedMovies(movie: MovieDetails, movies: readonly MovieDetails[]): MovieDetails[] {
  const collection = movie.belongs_to_collection?.id;
  return movies
    .filter((m) => m.id !== movie.id && sharedGenres(movie, m) > 0 && m.vote_count > 0)
    .map((m) => ({ m, sameCollection: collection !== undefined && m.belongs_to_collection?.id === collection ? 1 : 0 }))
    .sort((a, b) => b.sameCollection - a.sameCollection || b.m.vote_average - a.m.vote_average || a.m.id - b.m.id)
    .slice(0, 100)
    .map(({ m }) => m);
}

/** The rating body: a number from 0.5 to 10 in steps of 0.5, else 400 code 18. */
function ratingValue(body: Readonly<Record<string, unknown>>): number {
  const value = body.value;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0.5 || value > 10 || !Number.isInteger(value * 2)) {
    throw new CatalogError(CODE.validationFailed);
  }
  return value;
}

export const movieExtraRoutes: Route[] = [
  {
    method: 'GET',
    path: '/movie/now_playing',
    handle: (request) => {
      const { data } = request.catalog;
      const minimum = addDays(data.today, -NOW_PLAYING_WINDOW_DAYS);
      const maximum = data.today;
      const movies = data.movies
        .filter((m) => m.release_date >= minimum && m.release_date <= maximum)
        .filter(inRegion(request.query))
        .sort(byPopularity);
      return { body: { dates: { maximum, minimum }, ...paginate(movies.map(movieSummary), readPage(request.query)) }, cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/movie/popular',
    handle: (request) => {
      const { data } = request.catalog;
      const movies = popularMovies(data.movies, data.today).filter(inRegion(request.query));
      return { body: paginate(movies.map(movieSummary), readPage(request.query)), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/movie/top_rated',
    handle: (request) => {
      const movies = topRatedMovies(request.catalog.data.movies).filter(inRegion(request.query));
      return { body: paginate(movies.map(movieSummary), readPage(request.query)), cache: CACHE.pages };
    },
  },
  {
    // The most recently added movie: the highest id; without origin_country, like the real movie-latest example.
    method: 'GET',
    path: '/movie/latest',
    handle: ({ catalog }) => {
      const { origin_country: _origin, ...latest } = catalog.data.movies.reduce((a, b) => (b.id > a.id ? b : a));
      return { body: latest, cache: CACHE.details };
    },
  },
  {
    // `include_video_language` (comma-separated) and the primary part of `language` select videos.
    method: 'GET',
    path: '/movie/{movie_id:int}/videos',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { movie, extras } = extrasOf(request);
      const wanted = new Set<string>();
      for (const part of [request.query.language ?? '', ...(request.query.include_video_language ?? '').split(',')]) {
        const code = primaryLanguage(part);
        if (code) wanted.add(code);
      }
      const results = wanted.size === 0 ? extras.videos : extras.videos.filter((v) => wanted.has(v.iso_639_1));
      return { body: { id: movie.id, results }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/release_dates',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { movie, extras } = extrasOf(request);
      return { body: { id: movie.id, results: extras.releaseDates }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/translations',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { movie, extras } = extrasOf(request);
      return { body: { id: movie.id, translations: extras.translations }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/external_ids',
    appendAs: 'sub-resource',
    handle: (request) => ({ body: extrasOf(request).extras.externalIds, cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/watch/providers',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { movie, extras } = extrasOf(request);
      return { body: { id: movie.id, results: extras.watchProviders }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/similar',
    appendAs: 'sub-resource',
    handle: (request) => {
      const movie = movieOf(request);
      const results = similarMovies(movie, request.catalog.data.movies).map(movieSummary);
      return { body: paginate(results, readPage(request.query)), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/recommendations',
    appendAs: 'sub-resource',
    handle: (request) => {
      const movie = movieOf(request);
      const results = recommendedMovies(movie, request.catalog.data.movies).map((m) => ({ ...movieSummary(m), media_type: 'movie' }));
      return { body: paginate(results, readPage(request.query)), cache: CACHE.pages };
    },
  },
  {
    // A user session or a guest session; a guest has no favourites or watchlist.
    method: 'GET',
    path: '/movie/{movie_id:int}/account_states',
    appendAs: 'sub-resource',
    handle: (request) => {
      const movie = movieOf(request);
      const viewer = viewerOf(request, { guests: true });
      const state = mediaAccountState(request.catalog.data, viewer.rater, 'movie', movie.id);
      return { body: { id: movie.id, ...state }, cache: CACHE.private };
    },
  },
  {
    // Body { value }: 201 code 1 for a new rating, 201 code 12 when it replaced one.
    method: 'POST',
    path: '/movie/{movie_id:int}/rating',
    handle: (request) => {
      const movie = movieOf(request);
      const viewer = viewerOf(request, { guests: true });
      const value = ratingValue(request.body);
      const outcome = request.catalog.data.ratings.rate('movie', movie.id, viewer.rater, value);
      return { ...writeSuccess(outcome === 'created' ? CODE.success : CODE.itemUpdated, 201), cache: CACHE.write };
    },
  },
  {
    // 200 code 13, also when there was no rating to delete.
    method: 'DELETE',
    path: '/movie/{movie_id:int}/rating',
    handle: (request) => {
      const movie = movieOf(request);
      const viewer = viewerOf(request, { guests: true });
      request.catalog.data.ratings.unrate('movie', movie.id, viewer.rater);
      return { ...writeSuccess(CODE.itemDeleted, 200), cache: CACHE.write };
    },
  },
];
