/** Reviews: one review by id, and the paged reviews of a movie or series. */
import { CACHE } from '../caching.ts';
import { paginate, readPage } from '../params.ts';
import { type Reply, type Route, type RouteRequest, textParam } from '../router.ts';
import { reviewListItem } from './shapes.ts';

/** { id, page, results, total_pages, total_results }; `language` is accepted and does not filter. */
export function reviewsPage(request: RouteRequest, mediaType: 'movie' | 'tv', id: number): Reply {
  const reviews = request.catalog.lookup.reviewsOf(mediaType, id).map(reviewListItem);
  return { body: { id, ...paginate(reviews, readPage(request.query)) }, cache: CACHE.pages };
}

export const reviewRoutes: Route[] = [
  {
    method: 'GET',
    path: '/review/{review_id}',
    handle: (request) => ({ body: request.catalog.lookup.review(textParam(request, 'review_id')), cache: CACHE.details }),
  },
];
