import { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';
import { wroteMarks } from '../kit/written.ts';
import { Movie } from './ref.ts';
import { catalogIdOf } from '../kit/catalog-id.ts';

/** Rating a movie, and taking the rating back. */
builder.mutationFields((t) => ({
  rateMovie: t.field({
    nullable: true,
    type: Movie,
    description:
      "Rates a movie for the session's account (X-Session-Id) or guest session (X-Guest-Session-Id). Returns the movie; its `accountStates` answer the written rating, never an older read.",
    args: {
      movieId: t.arg.int({ required: true, description: catalogIdOf('movie') }),
      value: t.arg.float({ required: true, description: 'The rating, from 0.5 to 10 in steps of 0.5.' }),
    },
    resolve: async (_, args, c) => {
      const movieId = valid.id('movieId', args.movieId);
      const value = valid.rating('value', args.value);
      await c.actions.rateMovie({ movieId, value });
      wroteMarks(c, { kind: 'movie', id: movieId }, { rated: { value } });
      return { id: movieId };
    },
  }),
  deleteMovieRating: t.field({
    nullable: true,
    type: Movie,
    description:
      "Removes the session's rating of a movie (user or guest session). Returns the movie; its `accountStates` answer no rating.",
    args: { movieId: t.arg.int({ required: true, description: catalogIdOf('movie') }) },
    resolve: async (_, args, c) => {
      const movieId = valid.id('movieId', args.movieId);
      await c.actions.deleteMovieRating({ movieId });
      wroteMarks(c, { kind: 'movie', id: movieId }, { rated: false });
      return { id: movieId };
    },
  }),
}));
