import type * as Up from '../types.ts';
import { resource } from './define.ts';

export const companyResources = {
  company: resource<{ companyId: number }, Up.CompanyDetails>((p) => ({ path: ['company', p.companyId] })),
  companyAlternativeNames: resource<{ companyId: number }, { id: number; results: Up.AlternativeName[] }>((p) => ({
    path: ['company', p.companyId, 'alternative_names'],
  })),
  // The spec writes /3/search/company under a base that already ends in /3; the real service serves one segment.
  searchCompanies: resource<{ query: string; page?: number }, Up.Page<Up.CompanySummary>>((p) => ({
    path: ['search', 'company'],
    query: { query: p.query, page: p.page },
  })),
};
