import type * as Up from '../types.ts';
import { write } from '../resources/define.ts';

/** Rating a movie: the user session or a guest session (the real service accepts both). */
export const movieWrites = {
  rateMovie: write<{ movieId: number; value: number }, Up.StatusResponse>(
    (p, session) => ({ method: 'POST', path: ['movie', p.movieId, 'rating'], query: { ...session }, body: { value: p.value } }),
    'user-or-guest',
  ),
  deleteMovieRating: write<{ movieId: number }, Up.StatusResponse>(
    (p, session) => ({ method: 'DELETE', path: ['movie', p.movieId, 'rating'], query: { ...session } }),
    'user-or-guest',
  ),
};
