import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';
import { wroteMarks } from '../kit/written.ts';
import { Movie } from '../movie/ref.ts';
import { Episode, TVSeries } from '../tv/ref.ts';
import { catalogIdOf } from '../kit/catalog-id.ts';

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
  return accountId === null || accountId === undefined ? c.sessionAccountId() : valid.id('accountId', accountId);
}

type Mark = 'favorite' | 'watchlist';

/** One favourite or watchlist write, then its acknowledged value recorded for the rest of the request. */
async function setMark(c: GatewayContext, mark: Mark, kind: 'movie' | 'tv', mediaId: number, on: boolean, accountId?: number | null) {
  const params = { accountId: await markAccount(accountId, c), mediaType: kind, mediaId, on };
  await (mark === 'favorite' ? c.actions.setFavorite(params) : c.actions.setWatchlist(params));
  wroteMarks(c, { kind, id: mediaId }, { [mark]: on });
  return { id: mediaId };
}

const accountIdArg = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) =>
  t.arg.int({
    required: false,
    description: "Identifier of the account of the session. Without it, the session's own account (no need to ask `viewer { id }` first).",
  });

const returns = (what: string) =>
  `Returns the ${what} with its \`id\`; its \`accountStates\` answer the written value (never an older read), so a normalised client cache updates the ${what} from this answer.`;

builder.mutationFields((t) => ({
  setMovieFavorite: t.field({
    nullable: true,
    type: Movie,
    description: `Adds a movie to, or removes it from, the favourites of the session's account (needs X-Session-Id). ${returns('movie')}`,
    args: {
      accountId: accountIdArg(t),
      movieId: t.arg.int({ required: true, description: catalogIdOf('movie') }),
      favorite: t.arg.boolean({ required: true, description: 'True to add to the favourites, false to remove.' }),
    },
    resolve: (_, args, c) => setMark(c, 'favorite', 'movie', valid.id('movieId', args.movieId), args.favorite, args.accountId),
  }),
  setTVSeriesFavorite: t.field({
    nullable: true,
    type: TVSeries,
    description: `Adds a TV series to, or removes it from, the favourites of the session's account (needs X-Session-Id). ${returns('series')}`,
    args: {
      accountId: accountIdArg(t),
      seriesId: t.arg.int({ required: true, description: catalogIdOf('TV series') }),
      favorite: t.arg.boolean({ required: true, description: 'True to add to the favourites, false to remove.' }),
    },
    resolve: (_, args, c) => setMark(c, 'favorite', 'tv', valid.id('seriesId', args.seriesId), args.favorite, args.accountId),
  }),
  setMovieWatchlist: t.field({
    nullable: true,
    type: Movie,
    description: `Adds a movie to, or removes it from, the watchlist of the session's account (needs X-Session-Id). ${returns('movie')}`,
    args: {
      accountId: accountIdArg(t),
      movieId: t.arg.int({ required: true, description: catalogIdOf('movie') }),
      watchlist: t.arg.boolean({ required: true, description: 'True to add to the watchlist, false to remove.' }),
    },
    resolve: (_, args, c) => setMark(c, 'watchlist', 'movie', valid.id('movieId', args.movieId), args.watchlist, args.accountId),
  }),
  setTVSeriesWatchlist: t.field({
    nullable: true,
    type: TVSeries,
    description: `Adds a TV series to, or removes it from, the watchlist of the session's account (needs X-Session-Id). ${returns('series')}`,
    args: {
      accountId: accountIdArg(t),
      seriesId: t.arg.int({ required: true, description: catalogIdOf('TV series') }),
      watchlist: t.arg.boolean({ required: true, description: 'True to add to the watchlist, false to remove.' }),
    },
    resolve: (_, args, c) => setMark(c, 'watchlist', 'tv', valid.id('seriesId', args.seriesId), args.watchlist, args.accountId),
  }),
}));
