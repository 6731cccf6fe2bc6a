import type * as Up from '../types.ts';
import { resource, type ImageLanguage, type Language, type MovieKey, type Paging } from './define.ts';

export const movieResources = {
  movie: resource<MovieKey & Language, Up.MovieDetails>((p) => ({
    path: ['movie', p.movieId],
    query: { language: p.language },
  })),
  upcomingMovies: resource<Paging & { region?: string }, Up.UpcomingPage>((p) => ({
    path: ['movie', 'upcoming'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  movieLists: resource<MovieKey & Paging, Up.Page<Up.UserList>>((p) => ({
    path: ['movie', p.movieId, 'lists'],
    query: { language: p.language, page: p.page },
  })),
  movieAlternativeTitles: resource<MovieKey & { country?: string }, { id: number; titles: Up.AlternativeTitle[] }>(
    (p) => ({ path: ['movie', p.movieId, 'alternative_titles'], query: { country: p.country } }),
  ),
  movieChanges: resource<MovieKey & { startDate?: string; endDate?: string; page?: number }, { changes: Up.ChangeGroup[] }>(
    (p) => ({
      path: ['movie', p.movieId, 'changes'],
      query: { start_date: p.startDate, end_date: p.endDate, page: p.page },
    }),
  ),
  movieReviews: resource<MovieKey & Paging, Up.Page<Up.Review>>((p) => ({
    path: ['movie', p.movieId, 'reviews'],
    query: { language: p.language, page: p.page },
  })),
  movieImages: resource<MovieKey & ImageLanguage, Up.MovieImages>((p) => ({
    path: ['movie', p.movieId, 'images'],
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
};
