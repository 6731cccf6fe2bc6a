/** Discover: movies and series by filters. */
import type { QueryValue } from '../request.ts';
import { resource, type Paging } from './define.ts';
import type { MovieSummary } from './movie.ts';
import type { TVSeriesSummary } from './tv.ts';
import type { Page } from './wire.ts';

/**
 * Discover filters by the names the schema gives them, values validated and joined as the
 * upstream expects ("28,12", "US|FR"). Each name stands for one real parameter:
 * `withGenres` → `with_genres`, `voteAverageGte` → `vote_average.gte`.
 */
export type DiscoverFilters = Readonly<Record<string, QueryValue>>;

type DiscoverParams = Paging & { sortBy?: string; filters: DiscoverFilters };

/** The real parameter a filter stands for: snake_case, with a `Gte`/`Lte` bound after a dot. */
export function parameterOf(filter: string): string {
  return filter.replace(/(Gte|Lte)$/, (bound) => `.${bound.toLowerCase()}`).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function wireFilters(filters: DiscoverFilters): Record<string, QueryValue> {
  return Object.fromEntries(Object.entries(filters).map(([name, value]) => [parameterOf(name), value]));
}

export const discoverResources = {
  discoverMovies: resource<DiscoverParams, Page<MovieSummary>>((p) => ({
    path: ['discover', 'movie'],
    query: { ...wireFilters(p.filters), language: p.language, page: p.page, sort_by: p.sortBy },
  })),
  discoverTVSeries: resource<DiscoverParams, Page<TVSeriesSummary>>((p) => ({
    path: ['discover', 'tv'],
    query: { ...wireFilters(p.filters), language: p.language, page: p.page, sort_by: p.sortBy },
  })),
};
