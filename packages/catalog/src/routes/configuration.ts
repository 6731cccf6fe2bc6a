/** GET /configuration. */
import { CACHE } from '../caching.ts';
import type { Route } from '../router.ts';

export const configurationRoutes: Route[] = [
  {
    method: 'GET',
    path: '/configuration',
    handle: ({ catalog }) => ({ body: catalog.data.configuration, cache: CACHE.reference }),
  },
];
