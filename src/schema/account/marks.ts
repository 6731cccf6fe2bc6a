import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { echo, type InputFields, mutationInput, mutationPayload } from '../kit/mutation.ts';
import * as valid from '../kit/validate.ts';
import { wroteMarks } from '../kit/written.ts';
import { Movie } from '../movie/ref.ts';
import { Episode, TVSeries } from '../tv/ref.ts';
import { catalogIdOf } from '../kit/database-id.ts';

/**
 * The entries of the rated series and episodes (the lists themselves: account/connections.ts),
 * and the mutations that add to or remove from the favourites and the watchlist. Everything here
 * needs the session of that account (X-Session-Id); without one: UNAUTHENTICATED, no upstream call.
 */

export const RatedTVSeries = builder.objectRef<Up.RatedTVSeries>('RatedTVSeries').implement({
  description:
    'A TV series an account or guest session rated; the rating is `tvSeries { accountStates { rating } }`, the one field a write (`rateTVSeries`) updates.',
  fields: (t) => ({
    tvSeries: t.field({ type: TVSeries, description: 'The rated series (its summary is carried).', resolve: (item) => item }),
  }),
});

export const RatedEpisode = builder.objectRef<Up.RatedEpisode>('RatedEpisode').implement({
  description:
    'A TV episode an account or guest session rated; the rating is `episode { accountStates { rating } }`, the one field a write (`rateEpisode`) updates.',
  fields: (t) => ({
    episode: t.field({
      type: Episode,
      description: 'The rated episode (its summary is carried; `series` links to the series).',
      resolve: (item) => ({ ...item, seriesId: item.show_id }),
    }),
  }),
});

/** The account a mark write is for: the one given, else the session's own. */
async function markAccount(accountId: number | null | undefined, c: GatewayContext): Promise<number> {
  return accountId === null || accountId === undefined ? c.sessionAccountId() : valid.id('input', accountId, 'accountId');
}

type Mark = 'favorite' | 'watchlist';

/** One favourite or watchlist write, then its acknowledged value recorded for the rest of the request. */
async function setMark(c: GatewayContext, mark: Mark, kind: 'movie' | 'tv', mediaId: number, on: boolean, accountId?: number | null) {
  const params = { accountId: await markAccount(accountId, c), mediaType: kind, mediaId, on };
  await (mark === 'favorite' ? c.actions.setFavorite(params) : c.actions.setWatchlist(params));
  wroteMarks(c, { kind, id: mediaId }, { [mark]: on });
  return { id: mediaId };
}

const accountIdField = (t: InputFields) =>
  t.int({
    required: false,
    description: "Identifier of the account of the session. Without it, the session's own account (no need to ask `viewer { id }` first).",
  });
const movieIdField = (t: InputFields) => t.int({ required: true, description: catalogIdOf('movie') });
const seriesIdField = (t: InputFields) => t.int({ required: true, description: catalogIdOf('TV series') });
const favoriteField = (t: InputFields) => t.boolean({ required: true, description: 'True to add to the favourites, false to remove.' });
const watchlistField = (t: InputFields) => t.boolean({ required: true, description: 'True to add to the watchlist, false to remove.' });

const SetMovieFavoriteInput = mutationInput('SetMovieFavorite', 'What `setMovieFavorite` marks.', (t) => ({
  accountId: accountIdField(t),
  movieId: movieIdField(t),
  favorite: favoriteField(t),
}));
const SetTVSeriesFavoriteInput = mutationInput('SetTVSeriesFavorite', 'What `setTVSeriesFavorite` marks.', (t) => ({
  accountId: accountIdField(t),
  seriesId: seriesIdField(t),
  favorite: favoriteField(t),
}));
const SetMovieWatchlistInput = mutationInput('SetMovieWatchlist', 'What `setMovieWatchlist` marks.', (t) => ({
  accountId: accountIdField(t),
  movieId: movieIdField(t),
  watchlist: watchlistField(t),
}));
const SetTVSeriesWatchlistInput = mutationInput('SetTVSeriesWatchlist', 'What `setTVSeriesWatchlist` marks.', (t) => ({
  accountId: accountIdField(t),
  seriesId: seriesIdField(t),
  watchlist: watchlistField(t),
}));

const written = 'its `accountStates` answer the written value, never an older read';

const moviePayload = (name: string) =>
  mutationPayload<{ movieId: number }>(name, `What \`${name.replace(/^S/, 's')}\` changed.`, (t) => ({
    movie: t.field({
      type: Movie,
      description: `The movie, by its \`id\` in a client store; ${written}.`,
      resolve: (p) => ({ id: p.movieId }),
    }),
  }));

const seriesPayload = (name: string) =>
  mutationPayload<{ seriesId: number }>(name, `What \`${name.replace(/^S/, 's')}\` changed.`, (t) => ({
    tvSeries: t.field({
      type: TVSeries,
      description: `The series, by its \`id\` in a client store; ${written}.`,
      resolve: (p) => ({ id: p.seriesId }),
    }),
  }));

const answers = (what: string) => `Answers the ${what}; ${written}, so a normalised client cache updates the ${what} from this answer.`;

builder.mutationFields((t) => ({
  setMovieFavorite: t.field({
    nullable: true,
    type: moviePayload('SetMovieFavorite'),
    description: `Adds a movie to, or removes it from, the favourites of the session's account (needs X-Session-Id). ${answers('movie')}`,
    args: { input: t.arg({ type: SetMovieFavoriteInput, required: true, description: 'The movie and the mark.' }) },
    resolve: async (_, { input }, c) => {
      const movieId = valid.id('input', input.movieId, 'movieId');
      await setMark(c, 'favorite', 'movie', movieId, input.favorite, input.accountId);
      return { ...echo(input), movieId };
    },
  }),
  setTVSeriesFavorite: t.field({
    nullable: true,
    type: seriesPayload('SetTVSeriesFavorite'),
    description: `Adds a TV series to, or removes it from, the favourites of the session's account (needs X-Session-Id). ${answers('series')}`,
    args: { input: t.arg({ type: SetTVSeriesFavoriteInput, required: true, description: 'The series and the mark.' }) },
    resolve: async (_, { input }, c) => {
      const seriesId = valid.id('input', input.seriesId, 'seriesId');
      await setMark(c, 'favorite', 'tv', seriesId, input.favorite, input.accountId);
      return { ...echo(input), seriesId };
    },
  }),
  setMovieWatchlist: t.field({
    nullable: true,
    type: moviePayload('SetMovieWatchlist'),
    description: `Adds a movie to, or removes it from, the watchlist of the session's account (needs X-Session-Id). ${answers('movie')}`,
    args: { input: t.arg({ type: SetMovieWatchlistInput, required: true, description: 'The movie and the mark.' }) },
    resolve: async (_, { input }, c) => {
      const movieId = valid.id('input', input.movieId, 'movieId');
      await setMark(c, 'watchlist', 'movie', movieId, input.watchlist, input.accountId);
      return { ...echo(input), movieId };
    },
  }),
  setTVSeriesWatchlist: t.field({
    nullable: true,
    type: seriesPayload('SetTVSeriesWatchlist'),
    description: `Adds a TV series to, or removes it from, the watchlist of the session's account (needs X-Session-Id). ${answers('series')}`,
    args: { input: t.arg({ type: SetTVSeriesWatchlistInput, required: true, description: 'The series and the mark.' }) },
    resolve: async (_, { input }, c) => {
      const seriesId = valid.id('input', input.seriesId, 'seriesId');
      await setMark(c, 'watchlist', 'tv', seriesId, input.watchlist, input.accountId);
      return { ...echo(input), seriesId };
    },
  }),
}));
