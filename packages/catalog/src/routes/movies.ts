/** Movies: upcoming, details (with append_to_response) and their sub-resources. */
import { CACHE } from '../caching.ts';
import { addDays } from '../data/dates.ts';
import { UPCOMING_WINDOW_DAYS } from '../data/movies.ts';
import type { Image } from '../data/types.ts';
import { paginate, readImageLanguages, readPage } from '../params.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { changesBody } from './changes.ts';
import { reviewsPage } from './reviews.ts';
import { movieSummary } from './shapes.ts';

/** The movie of the path, or 404 code 34. */
function movieOf(request: RouteRequest) {
  return request.catalog.lookup.movie(intParam(request, 'movie_id'));
}

/**
 * Released from today to today+30 days, most popular first. `region` keeps movies released in
 * that country (their production countries).
 */
function upcoming(request: RouteRequest) {
  const { data } = request.catalog;
  const minimum = data.today;
  const maximum = addDays(data.today, UPCOMING_WINDOW_DAYS);
  const region = request.query.region?.toUpperCase();
  const movies = data.movies
    .filter((movie) => movie.release_date >= minimum && movie.release_date <= maximum)
    .filter((movie) => !region || movie.production_countries.some((c) => c.iso_3166_1 === region))
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  return { dates: { maximum, minimum }, ...paginate(movies.map(movieSummary), readPage(request.query)) };
}

export const movieRoutes: Route[] = [
  {
    method: 'GET',
    path: '/movie/upcoming',
    handle: (request) => ({ body: upcoming(request), cache: CACHE.pages }),
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}',
    acceptsAppend: true,
    handle: (request) => ({ body: movieOf(request), cache: CACHE.details }),
  },
  {
    // `country` keeps the titles of one country.
    method: 'GET',
    path: '/movie/{movie_id:int}/alternative_titles',
    appendAs: 'sub-resource',
    handle: (request) => {
      const movie = movieOf(request);
      const country = request.query.country?.toUpperCase();
      const titles = request.catalog.data.movieAlternativeTitles.get(movie.id) ?? [];
      const body = { id: movie.id, titles: country ? titles.filter((t) => t.iso_3166_1 === country) : titles };
      return { body, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/changes',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { data } = request.catalog;
      const changes = data.movieChanges.get(movieOf(request).id) ?? [];
      return { body: changesBody(changes, request.query, data.today), cache: CACHE.changes };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/images',
    appendAs: 'sub-resource',
    handle: (request) => {
      const movie = movieOf(request);
      const images = request.catalog.data.movieImages.get(movie.id) ?? { backdrops: [], logos: [], posters: [] };
      const selected = readImageLanguages(request.query);
      const pick = (list: Image[]) => (selected ? list.filter((image) => selected(image.iso_639_1)) : list);
      const body = { backdrops: pick(images.backdrops), id: movie.id, logos: pick(images.logos), posters: pick(images.posters) };
      return { body, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/lists',
    appendAs: 'sub-resource',
    handle: (request) => {
      const movie = movieOf(request);
      const lists = request.catalog.lookup.movieListsOf(movie.id);
      return { body: { id: movie.id, ...paginate(lists, readPage(request.query)) }, cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/reviews',
    appendAs: 'sub-resource',
    handle: (request) => reviewsPage(request, 'movie', movieOf(request).id),
  },
];
