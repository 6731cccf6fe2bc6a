/** Trending TV per time window (day or week; anything else is 422 code 5). */
import { CACHE } from '../caching.ts';
import { paginate, readChoice, readPage } from '../params.ts';
import type { Route } from '../router.ts';
import { tvSummary } from './shapes.ts';

export const trendingRoutes: Route[] = [
  {
    method: 'GET',
    path: '/trending/tv/{time_window}',
    handle: ({ catalog, params, query }) => {
      const window = readChoice(params, 'time_window', ['day', 'week'], 'day');
      const page = readPage(query);
      const results = catalog.data.trendingTv[window].map((id) => tvSummary(catalog.lookup.tvSeries(id)));
      return { body: paginate(results, page), cache: CACHE.pages };
    },
  },
];
