import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

/** The Movie ref, defined once here so movie.ts and the files it points at (review) do not import each other in a circle. */

/**
 * What a Movie is backed by: its id, and whatever fields the place it came from already
 * carried (a list item carries the summary; the root field carries the id alone).
 */
export type MovieSource = { id: number; media_type?: string } & Partial<Up.MovieDetails> & Partial<Up.RatedMovie>;

export const Movie = builder.objectRef<MovieSource>('Movie');
