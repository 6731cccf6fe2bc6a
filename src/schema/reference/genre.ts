import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';
import { languageArgOf } from '../kit/language-args.ts';

const languageArg = { language: languageArgOf('Language of the genre names ("en", "de-DE").') };

builder.queryFields((t) => ({
  movieGenres: t.field({
    nullable: true,
    type: [Genre],
    description: 'Every genre a movie can have (`Movie.genreIds` refer to these).',
    args: languageArg,
    resolve: async (_, args, c) => (await c.loaders.movieGenres.load({ language: valid.language('language', args.language) })).genres,
  }),
  tvGenres: t.field({
    nullable: true,
    type: [Genre],
    description: 'Every genre a TV series can have (`TVSeries.genreIds` refer to these).',
    args: languageArg,
    resolve: async (_, args, c) => (await c.loaders.tvGenres.load({ language: valid.language('language', args.language) })).genres,
  }),
}));

export const Genre = builder.objectRef<Up.Genre>('Genre').implement({
  description: 'A genre of movies or TV series, such as "Drama".',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The catalog's identifier of the genre; `id` is the global id." }),
    name: t.exposeString('name', { description: 'Name of the genre in the requested language.' }),
  }),
});

/**
 * The genres of a movie or series. A list item carries only their ids: the names come from the
 * genre list (one call per request, shared by every item and kept by the HTTP cache), not from
 * a details call per item. An id the list lacks (a genre added since) falls back to the details.
 */
export async function genresOf(
  source: { genres?: Up.Genre[]; genre_ids?: number[] },
  isListItem: boolean,
  list: () => Promise<Up.GenreList>,
  details: () => Promise<{ genres: Up.Genre[] }>,
): Promise<Up.Genre[] | null> {
  if (source.genres) return source.genres;
  // A list item the service sent without genre_ids (a collection in /search/movie) has none to
  // show; its id may not even be a movie's or series', so no details call is made for it.
  if (!source.genre_ids) return isListItem ? null : (await details()).genres;
  const byId = new Map((await list()).genres.map((genre) => [genre.id, genre]));
  const named = source.genre_ids.map((id) => byId.get(id));
  return named.every((genre) => genre !== undefined) ? (named as Up.Genre[]) : (await details()).genres;
}
