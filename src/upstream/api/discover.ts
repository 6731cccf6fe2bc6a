/** Discover: movies and series by filters. */
import type { QueryValue } from '../client.ts';
import { resource, type Paging } from './define.ts';
import type { MovieSummary } from './movie.ts';
import type { TVSeriesSummary } from './tv.ts';
import type { Page } from './wire.ts';

/**
 * `filters` are already in the real parameter names ("with_genres",
 * "primary_release_date.gte", ...), built and validated by the schema layer.
 */
type DiscoverParams = Paging & { sortBy?: string; filters: Readonly<Record<string, QueryValue>> };

export const discoverResources = {
  discoverMovies: resource<DiscoverParams, Page<MovieSummary>>((p) => ({
    path: ['discover', 'movie'],
    query: { ...p.filters, language: p.language, page: p.page, sort_by: p.sortBy },
  })),
  discoverTVSeries: resource<DiscoverParams, Page<TVSeriesSummary>>((p) => ({
    path: ['discover', 'tv'],
    query: { ...p.filters, language: p.language, page: p.page, sort_by: p.sortBy },
  })),
};
