/**
 * Series sub-resources (all appendable to GET /tv/{id}): account_states, alternative_titles,
 * changes, content_ratings, external_ids, images, recommendations, similar, translations, videos,
 * watch/providers; and the rating writes that account_states reflects.
 */
import { CACHE } from '../caching.ts';
import { mediaAccountState } from '../data/account-state.ts';
import type { TvSeriesExtras } from '../data/series-sub-resources.ts';
import type { Image } from '../data/types.ts';
import { CODE, CatalogError, writeSuccess } from '../errors.ts';
import { paginate, primaryLanguage, readImageLanguages, readPage } from '../params.ts';
import type { Route, RouteRequest } from '../router.ts';
import { viewerOf } from '../viewer.ts';
import { changesBody } from './changes.ts';
import { tvSummary } from './shapes.ts';
import { tvListItem } from './tv-lists.ts';
import { seriesOf } from './tv.ts';

/** The series of the path (404 code 34) with its extras. */
function extrasOf(request: RouteRequest): { id: number; extras: TvSeriesExtras } {
  const series = seriesOf(request);
  return { id: series.id, extras: request.catalog.data.tvSeriesExtras.get(series.id)! };
}

/** The rating body: a number from 0.5 to 10 in steps of 0.5, else 400 code 18. */
function ratingValue(body: Readonly<Record<string, unknown>>): number {
  const value = body.value;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0.5 || value > 10 || !Number.isInteger(value * 2)) {
    throw new CatalogError(CODE.validationFailed);
  }
  return value;
}

/** Paged related series: recommendations carry media_type "tv" (the real example), similar series do not. */
function relatedPage(request: RouteRequest, key: 'recommendations' | 'similar') {
  const page = readPage(request.query);
  const { extras } = extrasOf(request);
  const { lookup } = request.catalog;
  const items = extras[key].map((id) => (key === 'recommendations' ? tvSummary(lookup.tvSeries(id)) : tvListItem(lookup.tvSeries(id))));
  return { body: paginate(items, page), cache: CACHE.pages };
}

export const tvExtraRoutes: Route[] = [
  {
    // A user session, or a guest session (a guest has no favourites or watchlist).
    method: 'GET',
    path: '/tv/{series_id:int}/account_states',
    appendAs: 'sub-resource',
    handle: (request) => {
      const series = seriesOf(request);
      const viewer = viewerOf(request, { guests: true });
      return { body: { id: series.id, ...mediaAccountState(request.catalog.data, viewer.rater, 'tv', series.id) }, cache: CACHE.private };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/alternative_titles',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { id, extras } = extrasOf(request);
      return { body: { id, results: extras.alternativeTitles }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/changes',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { extras } = extrasOf(request);
      return { body: changesBody(extras.changes, request.query, request.catalog.data.today), cache: CACHE.changes };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/content_ratings',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { id, extras } = extrasOf(request);
      return { body: { results: extras.contentRatings, id }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/external_ids',
    appendAs: 'sub-resource',
    handle: (request) => ({ body: extrasOf(request).extras.externalIds, cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/images',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { id, extras } = extrasOf(request);
      const selected = readImageLanguages(request.query);
      const pick = (list: Image[]) => (selected ? list.filter((image) => selected(image.iso_639_1)) : list);
      const { backdrops, logos, posters } = extras.images;
      return { body: { backdrops: pick(backdrops), id, logos: pick(logos), posters: pick(posters) }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/recommendations',
    appendAs: 'sub-resource',
    handle: (request) => relatedPage(request, 'recommendations'),
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/similar',
    appendAs: 'sub-resource',
    handle: (request) => relatedPage(request, 'similar'),
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/translations',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { id, extras } = extrasOf(request);
      return { body: { id, translations: extras.translations }, cache: CACHE.details };
    },
  },
  {
    // `include_video_language` (comma-separated) and the primary part of `language` select videos.
    method: 'GET',
    path: '/tv/{series_id:int}/videos',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { id, extras } = extrasOf(request);
      const wanted = new Set<string>();
      for (const part of [request.query.language ?? '', ...(request.query.include_video_language ?? '').split(',')]) {
        const code = primaryLanguage(part);
        if (code) wanted.add(code);
      }
      const results = wanted.size === 0 ? extras.videos : extras.videos.filter((video) => wanted.has(video.iso_639_1));
      return { body: { id, results }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/watch/providers',
    appendAs: 'sub-resource',
    handle: (request) => {
      const { id, extras } = extrasOf(request);
      return { body: { id, results: extras.watchProviders }, cache: CACHE.details };
    },
  },
  {
    // Body { value }: 201 code 1 for a new rating, 201 code 12 when it replaced one.
    method: 'POST',
    path: '/tv/{series_id:int}/rating',
    handle: (request) => {
      const series = seriesOf(request);
      const viewer = viewerOf(request, { guests: true });
      const value = ratingValue(request.body);
      const outcome = request.catalog.data.ratings.rate('tv', series.id, viewer.rater, value);
      return { ...writeSuccess(outcome === 'created' ? CODE.success : CODE.itemUpdated, 201), cache: CACHE.write };
    },
  },
  {
    // 200 code 13, also when there was no rating to delete.
    method: 'DELETE',
    path: '/tv/{series_id:int}/rating',
    handle: (request) => {
      const series = seriesOf(request);
      const viewer = viewerOf(request, { guests: true });
      request.catalog.data.ratings.unrate('tv', series.id, viewer.rater);
      return { ...writeSuccess(CODE.itemDeleted, 200), cache: CACHE.write };
    },
  },
];
