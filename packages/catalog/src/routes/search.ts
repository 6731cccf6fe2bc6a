/** Search. Companies match on their name and their alternative names, case-insensitively. */
import { CACHE } from '../caching.ts';
import { companySummary } from '../data/companies.ts';
import { paginate, readPage, requireText } from '../params.ts';
import type { Route } from '../router.ts';

export const searchRoutes: Route[] = [
  {
    // Best matches first: name starts with the query, then name contains it, then an alternative name does.
    method: 'GET',
    path: '/search/company',
    handle: ({ catalog, query }) => {
      const term = requireText(query, 'query').toLowerCase();
      const page = readPage(query);
      const rank = (id: number, name: string): number => {
        const lower = name.toLowerCase();
        if (lower.startsWith(term)) return 0;
        if (lower.includes(term)) return 1;
        const alternatives = catalog.data.companyAlternativeNames.get(id) ?? [];
        return alternatives.some((alt) => alt.name.toLowerCase().includes(term)) ? 2 : -1;
      };
      const matches = catalog.data.companies
        .map((company) => ({ company, rank: rank(company.id, company.name) }))
        .filter((match) => match.rank >= 0)
        .sort((a, b) => a.rank - b.rank || a.company.id - b.company.id)
        .map((match) => companySummary(match.company));
      return { body: paginate(matches, page), cache: CACHE.pages };
    },
  },
];
