/** Reference lists of the movie side: genres (movie and TV), certifications (movie and TV), movie watch providers. */
import { CACHE } from '../caching.ts';
import { MOVIE_CERTIFICATIONS, TV_CERTIFICATIONS } from '../data/certifications.ts';
import { byDisplayPriority, providersShownIn } from '../data/watch-providers.ts';
import type { Route } from '../router.ts';

export const referenceListRoutes: Route[] = [
  {
    method: 'GET',
    path: '/genre/movie/list',
    handle: ({ catalog }) => ({ body: { genres: catalog.data.movieGenres }, cache: CACHE.reference }),
  },
  {
    method: 'GET',
    path: '/genre/tv/list',
    handle: ({ catalog }) => ({ body: { genres: catalog.data.tvGenres }, cache: CACHE.reference }),
  },
  {
    method: 'GET',
    path: '/certification/movie/list',
    handle: () => ({ body: { certifications: MOVIE_CERTIFICATIONS }, cache: CACHE.reference }),
  },
  {
    method: 'GET',
    path: '/certification/tv/list',
    handle: () => ({ body: { certifications: TV_CERTIFICATIONS }, cache: CACHE.reference }),
  },
  {
    // Like /watch/providers/tv: `watch_region` keeps providers shown in that country, in their order there.
    method: 'GET',
    path: '/watch/providers/movie',
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
];
