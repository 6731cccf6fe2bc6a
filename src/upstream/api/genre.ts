/** Genre lists of movies and of series. */
import { resource, type Language } from './define.ts';

export interface Genre {
  id: number;
  name: string;
}

export interface GenreList {
  genres: Genre[];
}

export const genreResources = {
  movieGenres: resource<Language, GenreList>((p) => ({ path: ['genre', 'movie', 'list'], query: { language: p.language } })),
  tvGenres: resource<Language, GenreList>((p) => ({ path: ['genre', 'tv', 'list'], query: { language: p.language } })),
};
