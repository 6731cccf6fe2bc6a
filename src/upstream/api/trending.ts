/** Trending movies, series, people and all kinds, over a day or a week. */
import { resource, type Paging } from './define.ts';
import type { MovieSummary } from './movie.ts';
import type { PersonListItem } from './person.ts';
import type { MultiItem } from './search.ts';
import type { TVSeriesSummary } from './tv.ts';
import type { Page } from './wire.ts';

/** The movie and all-kinds windows are passed through as given; the series and people ones are typed. */
function trending<Window extends string, Item>(kind: string) {
  return resource<Paging & { timeWindow: Window }, Page<Item>>((p) => ({
    path: ['trending', kind, p.timeWindow],
    query: { language: p.language, page: p.page },
  }));
}

export const trendingResources = {
  trendingMovies: trending<string, MovieSummary>('movie'),
  trendingTVSeries: trending<'day' | 'week', TVSeriesSummary>('tv'),
  trendingPeople: trending<'day' | 'week', PersonListItem>('person'),
  trendingAll: trending<string, MultiItem>('all'),
};
