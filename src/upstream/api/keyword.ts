/** Keywords: one keyword, its movies, and the keywords of a movie or a series (appendable to either). */
import { appendable, resource, type MovieKey, type Paging, type SeriesKey } from './define.ts';
import type { MovieSummary } from './movie.ts';
import type { IdResults, Page } from './wire.ts';

export interface Keyword {
  id: number;
  name: string;
}

export interface MovieKeywords {
  id: number;
  keywords: Keyword[];
}

/** The series endpoint names the list `results` (the movie one says `keywords`). */
export type TVSeriesKeywords = IdResults<Keyword>;

export interface KeywordMoviesPage extends Page<MovieSummary> {
  id: number;
}

export const keywordResources = {
  keyword: resource<{ keywordId: number }, Keyword>((p) => ({ path: ['keyword', p.keywordId] })),
  keywordMovies: resource<{ keywordId: number; includeAdult?: boolean } & Paging, KeywordMoviesPage>((p) => ({
    path: ['keyword', p.keywordId, 'movies'],
    query: { include_adult: p.includeAdult, language: p.language, page: p.page },
  })),
  movieKeywords: appendable<MovieKey, MovieKeywords>('movie', 'keywords', (p) => ({ path: ['movie', p.movieId, 'keywords'] })),
  tvSeriesKeywords: appendable<SeriesKey, TVSeriesKeywords>('tv', 'keywords', (p) => ({ path: ['tv', p.seriesId, 'keywords'] })),
};
