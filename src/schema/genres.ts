import { builder } from './builder.ts';
import { Genre } from './genre.ts';
import * as valid from './validate.ts';

const languageArg = builder.args((t) => ({
  language: t.string({ required: false, description: 'Language of the genre names ("en", "de-DE"). Defaults to en.' }),
}));

builder.queryFields((t) => ({
  movieGenres: t.field({
    type: [Genre],
    description: 'Every genre a movie can have (`Movie.genreIds` refer to these).',
    args: languageArg,
    resolve: async (_, args, c) => (await c.loaders.movieGenres.load({ language: valid.language(args.language) })).genres,
  }),
  tvGenres: t.field({
    type: [Genre],
    description: 'Every genre a TV series can have (`TVSeries.genreIds` refer to these).',
    args: languageArg,
    resolve: async (_, args, c) => (await c.loaders.tvGenres.load({ language: valid.language(args.language) })).genres,
  }),
}));
