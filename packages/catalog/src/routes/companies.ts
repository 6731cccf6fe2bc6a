/** Companies: details and alternative names. */
import { CACHE } from '../caching.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';

function companyOf(request: RouteRequest) {
  return request.catalog.lookup.company(intParam(request, 'company_id'));
}

export const companyRoutes: Route[] = [
  {
    method: 'GET',
    path: '/company/{company_id:int}',
    handle: (request) => ({ body: companyOf(request), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: '/company/{company_id:int}/alternative_names',
    handle: (request) => {
      const company = companyOf(request);
      const results = request.catalog.data.companyAlternativeNames.get(company.id) ?? [];
      return { body: { id: company.id, results }, cache: CACHE.details };
    },
  },
];
