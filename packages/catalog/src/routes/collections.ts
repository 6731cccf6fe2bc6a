/**
 * Collections, keywords, networks, company logos, TV episode groups, and the collection and
 * keyword searches. Data and its consistency rules: data/collections.ts.
 */
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import type { CollectionRecord, Keyword } from '../data/collections.ts';
import type { MovieDetails } from '../data/types.ts';
import { CODE, CatalogError } from '../errors.ts';
import { paginate, readChoice, readImageLanguages, readPage, requireText, type Query } from '../params.ts';
import { intParam, type Route, type RouteRequest, textParam } from '../router.ts';
import { movieSummary } from './shapes.ts';

interface Index {
  collections: Map<number, CollectionRecord>;
  keywords: Map<number, Keyword>;
  /** Keyword id → the movies that carry it, most popular first. */
  moviesOfKeyword: Map<number, MovieDetails[]>;
  movies: Map<number, MovieDetails>;
}

const indexes = new WeakMap<CatalogData, Index>();

function indexOf(data: CatalogData): Index {
  let index = indexes.get(data);
  if (index) return index;
  const movies = new Map(data.movies.map((movie) => [movie.id, movie]));
  const moviesOfKeyword = new Map<number, MovieDetails[]>();
  for (const movie of data.movies) {
    for (const keyword of data.movieKeywords.get(movie.id) ?? []) {
      const list = moviesOfKeyword.get(keyword.id) ?? [];
      list.push(movie);
      moviesOfKeyword.set(keyword.id, list);
    }
  }
  for (const list of moviesOfKeyword.values()) list.sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  index = {
    collections: new Map(data.collections.map((collection) => [collection.id, collection])),
    keywords: new Map(data.keywords.map((keyword) => [keyword.id, keyword])),
    moviesOfKeyword,
    movies,
  };
  indexes.set(data, index);
  return index;
}

function found<T>(value: T | undefined): T {
  if (value === undefined) throw new CatalogError(CODE.notFound);
  return value;
}

function collectionOf(request: RouteRequest): CollectionRecord {
  return found(indexOf(request.catalog.data).collections.get(intParam(request, 'collection_id')));
}

function networkOf(request: RouteRequest) {
  return found(request.catalog.data.networkDetails.get(intParam(request, 'network_id')));
}

function includeAdult(query: Query): boolean {
  return readChoice(query, 'include_adult', ['true', 'false'], 'false') === 'true';
}

/** Names starting with the term first, then names containing it; ties by id. */
function byName<T extends { id: number; name: string }>(items: readonly T[], term: string): T[] {
  const lower = term.toLowerCase();
  return items
    .map((item) => ({ item, name: item.name.toLowerCase() }))
    .filter(({ name }) => name.includes(lower))
    .sort((a, b) => Number(!a.name.startsWith(lower)) - Number(!b.name.startsWith(lower)) || a.item.id - b.item.id)
    .map(({ item }) => item);
}

/** The details body: the record without partIds, and the parts as movie summaries (spec example field names). */
function collectionBody(collection: CollectionRecord, data: CatalogData) {
  const { partIds, ...fields } = collection;
  const movies = indexOf(data).movies;
  const parts = partIds.map((id) => {
    const { title, original_title, ...summary } = movieSummary(found(movies.get(id)));
    return { ...summary, name: title, original_name: original_title, media_type: 'movie' };
  });
  return { ...fields, parts };
}

export const collectionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/collection/{collection_id:int}',
    handle: (request) => ({ body: collectionBody(collectionOf(request), request.catalog.data), cache: CACHE.details }),
  },
  {
    // `language` and `include_image_language` select image languages, as for movie images.
    method: 'GET',
    path: '/collection/{collection_id:int}/images',
    handle: (request) => {
      const collection = collectionOf(request);
      const images = request.catalog.data.collectionImages.get(collection.id) ?? { backdrops: [], posters: [] };
      const keep = readImageLanguages(request.query);
      const pick = (list: typeof images.backdrops) => (keep ? list.filter((image) => keep(image.iso_639_1)) : list);
      return { body: { id: collection.id, backdrops: pick(images.backdrops), posters: pick(images.posters) }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/collection/{collection_id:int}/translations',
    handle: (request) => {
      const collection = collectionOf(request);
      const translations = request.catalog.data.collectionTranslations.get(collection.id) ?? [];
      return { body: { id: collection.id, translations }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/keyword/{keyword_id:int}',
    handle: (request) => ({
      body: found(indexOf(request.catalog.data).keywords.get(intParam(request, 'keyword_id'))),
      cache: CACHE.details,
    }),
  },
  {
    // Every movie carrying the keyword, most popular first; adult ones only with include_adult=true.
    method: 'GET',
    path: '/keyword/{keyword_id:int}/movies',
    handle: (request) => {
      const index = indexOf(request.catalog.data);
      const keyword = found(index.keywords.get(intParam(request, 'keyword_id')));
      const adult = includeAdult(request.query);
      const page = readPage(request.query);
      const movies = (index.moviesOfKeyword.get(keyword.id) ?? []).filter((movie) => adult || !movie.adult);
      return { body: { id: keyword.id, ...paginate(movies.map(movieSummary), page) }, cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/keywords',
    appendAs: 'sub-resource',
    handle: (request) => {
      const movie = request.catalog.lookup.movie(intParam(request, 'movie_id'));
      return { body: { id: movie.id, keywords: request.catalog.data.movieKeywords.get(movie.id) ?? [] }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/keywords',
    appendAs: 'sub-resource',
    handle: (request) => {
      const series = request.catalog.lookup.tvSeries(intParam(request, 'series_id'));
      return { body: { id: series.id, results: request.catalog.data.tvKeywords.get(series.id) ?? [] }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/episode_groups',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { data } = request.catalog;
      const series = request.catalog.lookup.tvSeries(intParam(request, 'series_id'));
      const results = (data.episodeGroupsOfSeries.get(series.id) ?? []).map((id) => {
        const { groups: _groups, seriesId: _series, ...summary } = found(data.episodeGroups.get(id));
        return summary;
      });
      return { body: { results, id: series.id }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/episode_group/{tv_episode_group_id}',
    handle: (request) => {
      const group = found(request.catalog.data.episodeGroups.get(textParam(request, 'tv_episode_group_id')));
      const { seriesId: _series, ...body } = group;
      return { body, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/network/{network_id:int}',
    handle: (request) => ({ body: networkOf(request), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: '/network/{network_id:int}/alternative_names',
    handle: (request) => {
      const network = networkOf(request);
      return {
        body: { id: network.id, results: request.catalog.data.networkAlternativeNames.get(network.id) ?? [] },
        cache: CACHE.details,
      };
    },
  },
  {
    method: 'GET',
    path: '/network/{network_id:int}/images',
    handle: (request) => {
      const network = networkOf(request);
      return { body: { id: network.id, logos: request.catalog.data.networkLogos.get(network.id) ?? [] }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/company/{company_id:int}/images',
    handle: (request) => {
      const company = request.catalog.lookup.company(intParam(request, 'company_id'));
      return { body: { id: company.id, logos: request.catalog.data.companyLogos.get(company.id) ?? [] }, cache: CACHE.details };
    },
  },
  {
    // Name or original name contains the query (case-insensitive); collections are never adult.
    method: 'GET',
    path: '/search/collection',
    handle: ({ catalog, query }) => {
      const term = requireText(query, 'query');
      includeAdult(query);
      const page = readPage(query);
      const lower = term.toLowerCase();
      const matches = byName(catalog.data.collections, term);
      const byOriginal = catalog.data.collections.filter((c) => !matches.includes(c) && c.original_name.toLowerCase().includes(lower));
      const results = [...matches, ...byOriginal].map((collection) => ({
        adult: false,
        backdrop_path: collection.backdrop_path,
        id: collection.id,
        name: collection.name,
        original_language: collection.original_language,
        original_name: collection.original_name,
        overview: collection.overview,
        poster_path: collection.poster_path,
      }));
      return { body: paginate(results, page), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/search/keyword',
    handle: ({ catalog, query }) => {
      const term = requireText(query, 'query');
      const page = readPage(query);
      return { body: paginate(byName(catalog.data.keywords, term), page), cache: CACHE.pages };
    },
  },
];
