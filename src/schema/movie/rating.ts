import { builder } from '../builder.ts';
import { echo, mutationInput, mutationPayload } from '../kit/mutation.ts';
import * as valid from '../kit/validate.ts';
import { wroteMarks } from '../kit/written.ts';
import { Movie } from './ref.ts';
import { catalogIdOf } from '../kit/database-id.ts';

/** Rating a movie, and taking the rating back. */

const RateMovieInput = mutationInput('RateMovie', 'What `rateMovie` rates.', (t) => ({
  movieId: t.int({ required: true, description: catalogIdOf('movie') }),
  value: t.float({ required: true, description: 'The rating, from 0.5 to 10 in steps of 0.5.' }),
}));

const DeleteMovieRatingInput = mutationInput('DeleteMovieRating', 'Whose rating `deleteMovieRating` removes.', (t) => ({
  movieId: t.int({ required: true, description: catalogIdOf('movie') }),
}));

const payload = (name: string, what: string) =>
  mutationPayload<{ movieId: number }>(name, `What \`${what}\` changed.`, (t) => ({
    movie: t.field({
      type: Movie,
      description: `The movie, by its \`id\` in a client store; its \`accountStates\` answer the ${what === 'rateMovie' ? 'written rating, never an older read' : 'rating removed'}.`,
      resolve: (p) => ({ id: p.movieId }),
    }),
  }));

const RateMoviePayload = payload('RateMovie', 'rateMovie');
const DeleteMovieRatingPayload = payload('DeleteMovieRating', 'deleteMovieRating');

builder.mutationFields((t) => ({
  rateMovie: t.field({
    nullable: true,
    type: RateMoviePayload,
    description:
      "Rates a movie for the session's account (X-Session-Id) or guest session (X-Guest-Session-Id). Answers the movie; its `accountStates` answer the written rating, never an older read.",
    args: { input: t.arg({ type: RateMovieInput, required: true, description: 'The movie and the rating.' }) },
    resolve: async (_, { input }, c) => {
      const movieId = valid.id('input', input.movieId, 'movieId');
      const value = valid.rating('input', input.value, 'value');
      await c.actions.rateMovie({ movieId, value });
      wroteMarks(c, { kind: 'movie', id: movieId }, { rated: { value } });
      return { ...echo(input), movieId };
    },
  }),
  deleteMovieRating: t.field({
    nullable: true,
    type: DeleteMovieRatingPayload,
    description:
      "Removes the session's rating of a movie (user or guest session). Answers the movie; its `accountStates` answer no rating.",
    args: { input: t.arg({ type: DeleteMovieRatingInput, required: true, description: 'The movie.' }) },
    resolve: async (_, { input }, c) => {
      const movieId = valid.id('input', input.movieId, 'movieId');
      await c.actions.deleteMovieRating({ movieId });
      wroteMarks(c, { kind: 'movie', id: movieId }, { rated: false });
      return { ...echo(input), movieId };
    },
  }),
}));
