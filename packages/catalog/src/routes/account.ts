/** The account: details and rated movies, readable only with a session of that account. */
import { CACHE } from '../caching.ts';
import { CODE, CatalogError } from '../errors.ts';
import { paginate, readChoice, readPage } from '../params.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { accountRater } from '../data/ratings.ts';
import { movieSummary } from './shapes.ts';

/** The path's account, if `session_id` is a session of it; otherwise 401 code 3 (also for other accounts). */
export function accountOf(request: RouteRequest) {
  const { sessions, data } = request.catalog;
  const accountId = intParam(request, 'account_id');
  if (sessions.accountOf(request.query.session_id) !== accountId || accountId !== data.account.id) {
    throw new CatalogError(CODE.authenticationFailed);
  }
  return data.account;
}

export const accountRoutes: Route[] = [
  {
    // The published default of account_id is `null`: the session alone names the account.
    method: 'GET',
    path: '/account/null',
    handle: (request) => {
      const { sessions, data } = request.catalog;
      if (sessions.accountOf(request.query.session_id) !== data.account.id) throw new CatalogError(CODE.authenticationFailed);
      return { body: data.account, cache: CACHE.private };
    },
  },
  {
    method: 'GET',
    path: '/account/{account_id:int}',
    handle: (request) => ({ body: accountOf(request), cache: CACHE.private }),
  },
  {
    // Movie summary plus the account's rating, in rating order (created_at).
    method: 'GET',
    path: '/account/{account_id:int}/rated/movies',
    handle: (request) => {
      accountOf(request);
      const { data, lookup } = request.catalog;
      const order = readChoice(request.query, 'sort_by', ['created_at.asc', 'created_at.desc'], 'created_at.asc');
      const page = readPage(request.query);
      const rated = data.ratings.ratedBy(accountRater(data.account.id), 'movie');
      const ratings = order === 'created_at.asc' ? rated : rated.reverse();
      const results = ratings.map((rating) => ({ ...movieSummary(lookup.movie(rating.id)), rating: rating.value }));
      return { body: paginate(results, page), cache: CACHE.private };
    },
  },
];
