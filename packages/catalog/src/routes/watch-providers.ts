/** Watch providers for TV and the regions they cover. */
import { CACHE } from '../caching.ts';
import { byDisplayPriority, providersShownIn } from '../data/watch-providers.ts';
import type { Route } from '../router.ts';

export const watchProviderRoutes: Route[] = [
  {
    // `watch_region` keeps providers shown in that country, ordered by their priority there.
    method: 'GET',
    path: '/watch/providers/tv',
    handle: ({ catalog, query }) => {
      const region = query.watch_region?.toUpperCase();
      const providers = region
        ? providersShownIn(catalog.data.watchProviders, region)
            .sort(byDisplayPriority)
            .map(({ provider }) => provider)
        : catalog.data.watchProviders;
      return { body: { results: providers }, cache: CACHE.reference };
    },
  },
  {
    method: 'GET',
    path: '/watch/providers/regions',
    handle: ({ catalog }) => ({ body: { results: catalog.data.regions }, cache: CACHE.reference }),
  },
];
