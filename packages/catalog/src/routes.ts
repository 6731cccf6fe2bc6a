/** Every route the catalog serves, one list per domain file under routes/. */
import { accountRoutes } from './routes/account.ts';
import { authenticationRoutes } from './routes/authentication.ts';
import { collectionRoutes } from './routes/collections.ts';
import { companyRoutes } from './routes/companies.ts';
import { configurationRoutes } from './routes/configuration.ts';
import { creditRoutes } from './routes/credits.ts';
import { discoverRoutes } from './routes/discover.ts';
import { mediaSearchRoutes } from './routes/media-search.ts';
import { movieExtraRoutes } from './routes/movie-sub-resources.ts';
import { movieRoutes } from './routes/movies.ts';
import { peopleListRoutes } from './routes/people-lists.ts';
import { peopleRoutes } from './routes/people.ts';
import { referenceListRoutes } from './routes/reference-lists.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { changesListRoutes } from './routes/changes-lists.ts';
import { referenceRoutes } from './routes/reference.ts';
import { searchRoutes } from './routes/search.ts';
import { seasonExtraRoutes } from './routes/season-sub-resources.ts';
import { trendingRoutes } from './routes/trending.ts';
import { tvEpisodeRoutes } from './routes/tv-episodes.ts';
import { tvExtraRoutes } from './routes/series-sub-resources.ts';
import { tvListRoutes } from './routes/tv-lists.ts';
import { tvSeasonRoutes } from './routes/tv-seasons.ts';
import { tvRoutes } from './routes/tv.ts';
import { userDataRoutes } from './routes/user-data.ts';
import { watchProviderRoutes } from './routes/watch-providers.ts';
import type { Route } from './router.ts';

export const CATALOG_ROUTES: readonly Route[] = [
  ...peopleRoutes,
  ...peopleListRoutes,
  ...creditRoutes,
  ...configurationRoutes,
  ...authenticationRoutes,
  ...accountRoutes,
  ...userDataRoutes,
  ...movieRoutes,
  ...movieExtraRoutes,
  ...referenceListRoutes,
  ...mediaSearchRoutes,
  ...tvRoutes,
  ...tvExtraRoutes,
  ...tvListRoutes,
  ...discoverRoutes,
  ...tvSeasonRoutes,
  ...tvEpisodeRoutes,
  ...seasonExtraRoutes,
  ...changesListRoutes,
  ...referenceRoutes,
  ...companyRoutes,
  ...collectionRoutes,
  ...searchRoutes,
  ...reviewRoutes,
  ...trendingRoutes,
  ...watchProviderRoutes,
];
