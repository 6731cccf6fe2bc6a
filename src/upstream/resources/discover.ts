import type * as Up from '../types.ts';
import type { QueryValue } from '../client.ts';
import { resource, type Paging } from './define.ts';

/**
 * Discover: `filters` are already in the real parameter names ("with_genres",
 * "primary_release_date.gte", ...), built and validated by the schema layer.
 */
type DiscoverParams = Paging & { sortBy?: string; filters: Readonly<Record<string, QueryValue>> };

export const discoverResources = {
  discoverMovies: resource<DiscoverParams, Up.Page<Up.MovieSummary>>((p) => ({
    path: ['discover', 'movie'],
    query: { ...p.filters, language: p.language, page: p.page, sort_by: p.sortBy },
  })),
  discoverTVSeries: resource<DiscoverParams, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['discover', 'tv'],
    query: { ...p.filters, language: p.language, page: p.page, sort_by: p.sortBy },
  })),
};
