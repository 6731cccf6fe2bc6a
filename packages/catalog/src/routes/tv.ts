/** TV series: details (with append_to_response) and their series-level sub-resources. */
import { CACHE } from '../caching.ts';
import { paginate, readPage } from '../params.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { reviewsPage } from './reviews.ts';

/** The series of the path, or 404 code 34. */
export function seriesOf(request: RouteRequest) {
  return request.catalog.lookup.tvSeries(intParam(request, 'series_id'));
}

export const tvRoutes: Route[] = [
  {
    method: 'GET',
    path: '/tv/{series_id:int}',
    acceptsAppend: true,
    handle: (request) => ({ body: seriesOf(request), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/lists',
    appendAs: 'sub-resource',
    handle: (request) => {
      const series = seriesOf(request);
      const lists = request.catalog.lookup.tvListsOf(series.id);
      return { body: { id: series.id, ...paginate(lists, readPage(request.query)) }, cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/reviews',
    appendAs: 'sub-resource',
    handle: (request) => reviewsPage(request, 'tv', seriesOf(request).id),
  },
  {
    method: 'GET',
    path: '/tv/{series_id:int}/screened_theatrically',
    appendAs: 'sub-resource',
    handle: (request) => {
      const series = seriesOf(request);
      const results = request.catalog.data.screenedTheatrically.get(series.id) ?? [];
      return { body: { id: series.id, results }, cache: CACHE.details };
    },
  },
];
