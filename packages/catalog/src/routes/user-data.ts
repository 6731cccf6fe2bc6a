/** The account's and guests' own data: favourites, watchlist, ratings lists, user lists. */
import type { Route } from '../router.ts';
import { accountExtraRoutes } from './account-marks.ts';
import { guestSessionRoutes } from './guest-sessions.ts';
import { listRoutes } from './lists.ts';

export const userDataRoutes: Route[] = [...accountExtraRoutes, ...guestSessionRoutes, ...listRoutes];
