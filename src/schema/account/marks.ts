import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { pageOf, paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { wroteMarks } from '../kit/written.ts';
import { ownedBy } from '../list/owner.ts';
import { UserListPage } from '../list/user-list.ts';
import { Movie, MoviePage } from '../movie/ref.ts';
import { Episode, TVSeries, TVSeriesPage } from '../tv/ref.ts';
import { Account, AccountListOrder } from './account.ts';

/**
 * The account's favourites, watchlist, rated series and episodes and own lists, and the
 * mutations that add to or remove from the favourites and the watchlist. Everything here needs
 * the session of that account (X-Session-Id); without one: UNAUTHENTICATED, no upstream call.
 */

export const RatedTVSeries = builder.objectRef<Up.RatedTVSeries>('RatedTVSeries').implement({
  description: 'A TV series together with the rating an account or guest session gave it.',
  fields: (t) => ({
    rating: t.exposeFloat('rating', {
      description: 'The rating, 0.5 to 10 in steps of 0.5, as the rated list said when it was read.',
      deprecationReason:
        'Use `tvSeries { accountStates { rating } }`: one field for the rating, which a write (`rateTVSeries`) updates in a client cache; this copy went stale.',
    }),
    tvSeries: t.field({ type: TVSeries, description: 'The rated series (its summary is carried).', resolve: (item) => item }),
  }),
});

export const RatedTVSeriesPage = pageOf('RatedTVSeriesPage', 'rated TV series', RatedTVSeries);

export const RatedEpisode = builder.objectRef<Up.RatedEpisode>('RatedEpisode').implement({
  description: 'A TV episode together with the rating an account or guest session gave it.',
  fields: (t) => ({
    rating: t.exposeFloat('rating', {
      description: 'The rating, 0.5 to 10 in steps of 0.5, as the rated list said when it was read.',
      deprecationReason:
        'Use `episode { accountStates { rating } }`: one field for the rating, which a write (`rateEpisode`) updates in a client cache; this copy went stale.',
    }),
    episode: t.field({
      type: Episode,
      description: 'The rated episode (its summary is carried; `series` links to the series).',
      resolve: (item) => ({ ...item, seriesId: item.show_id }),
    }),
  }),
});

export const RatedEpisodePage = pageOf('RatedEpisodePage', 'rated TV episodes', RatedEpisode);

const listArgs = builder.args((t) => ({
  page: t.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
  language: t.string({
    required: false,
    description:
      'Language of the texts ("en", "en-US"), here and below. Defaults to the language chosen above, else the request\'s Accept-Language, else en-US.',
  }),
  sortBy: t.field({ type: AccountListOrder, required: false, description: 'Order of the results. Defaults to oldest entry first.' }),
}));

type ListArgs = { page?: number | null; language?: string | null; sortBy?: string | null };

function listParams(accountId: number, args: ListArgs) {
  return { accountId, ...paging(args), sortBy: args.sortBy ?? undefined };
}

builder.objectFields(Account, (t) => ({
  favoriteMovies: t.field({
    type: MoviePage,
    nullable: true,
    deprecationReason: 'Use `favoriteMoviesConnection`.',
    description: 'Movies the account marked as favourites (summaries carried).',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.favoriteMovies.load(listParams(a.id, args)),
  }),
  favoriteTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    deprecationReason: 'Use `favoriteTVSeriesConnection`.',
    description: 'TV series the account marked as favourites (summaries carried).',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.favoriteTVSeries.load(listParams(a.id, args)),
  }),
  watchlistMovies: t.field({
    type: MoviePage,
    nullable: true,
    deprecationReason: 'Use `watchlistMoviesConnection`.',
    description: 'Movies on the account watchlist (summaries carried).',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.watchlistMovies.load(listParams(a.id, args)),
  }),
  watchlistTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    deprecationReason: 'Use `watchlistTVSeriesConnection`.',
    description: 'TV series on the account watchlist (summaries carried).',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.watchlistTVSeries.load(listParams(a.id, args)),
  }),
  ratedTVSeries: t.field({
    type: RatedTVSeriesPage,
    nullable: true,
    deprecationReason: 'Use `ratedTVSeriesConnection`.',
    description: 'TV series the account rated, with the ratings.',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.ratedTVSeries.load(listParams(a.id, args)),
  }),
  ratedEpisodes: t.field({
    type: RatedEpisodePage,
    nullable: true,
    deprecationReason: 'Use `ratedEpisodesConnection`.',
    description: 'TV episodes the account rated, with the ratings.',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.ratedEpisodes.load(listParams(a.id, args)),
  }),
  lists: t.field({
    type: UserListPage,
    nullable: true,
    deprecationReason: 'Use `listsConnection`.',
    description: 'The lists the account made, newest first (summaries carried; `items` loads the list).',
    args: { page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }) },
    resolve: async (a, args, c) =>
      ownedBy(a.id, await c.loaders.accountLists.load({ accountId: a.id, page: valid.page('page', args.page) })),
  }),
}));

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
    description: "Identifier of the account of the session. Defaults to the session's own account (no need to ask `viewer { id }` first).",
  });

const returns = (what: string) =>
  `Returns the ${what} with its \`id\`; its \`accountStates\` answer the written value (never an older read), so a normalised client cache updates the ${what} from this answer.`;

builder.mutationFields((t) => ({
  setMovieFavorite: t.field({
    type: Movie,
    description: `Adds a movie to, or removes it from, the favourites of the session's account (needs X-Session-Id). ${returns('movie')}`,
    args: {
      accountId: accountIdArg(t),
      movieId: t.arg.int({ required: true, description: 'Identifier of the movie.' }),
      favorite: t.arg.boolean({ required: true, description: 'True to add to the favourites, false to remove.' }),
    },
    resolve: (_, args, c) => setMark(c, 'favorite', 'movie', valid.id('movieId', args.movieId), args.favorite, args.accountId),
  }),
  setTVSeriesFavorite: t.field({
    type: TVSeries,
    description: `Adds a TV series to, or removes it from, the favourites of the session's account (needs X-Session-Id). ${returns('series')}`,
    args: {
      accountId: accountIdArg(t),
      seriesId: t.arg.int({ required: true, description: 'Identifier of the TV series.' }),
      favorite: t.arg.boolean({ required: true, description: 'True to add to the favourites, false to remove.' }),
    },
    resolve: (_, args, c) => setMark(c, 'favorite', 'tv', valid.id('seriesId', args.seriesId), args.favorite, args.accountId),
  }),
  setMovieWatchlist: t.field({
    type: Movie,
    description: `Adds a movie to, or removes it from, the watchlist of the session's account (needs X-Session-Id). ${returns('movie')}`,
    args: {
      accountId: accountIdArg(t),
      movieId: t.arg.int({ required: true, description: 'Identifier of the movie.' }),
      watchlist: t.arg.boolean({ required: true, description: 'True to add to the watchlist, false to remove.' }),
    },
    resolve: (_, args, c) => setMark(c, 'watchlist', 'movie', valid.id('movieId', args.movieId), args.watchlist, args.accountId),
  }),
  setTVSeriesWatchlist: t.field({
    type: TVSeries,
    description: `Adds a TV series to, or removes it from, the watchlist of the session's account (needs X-Session-Id). ${returns('series')}`,
    args: {
      accountId: accountIdArg(t),
      seriesId: t.arg.int({ required: true, description: 'Identifier of the TV series.' }),
      watchlist: t.arg.boolean({ required: true, description: 'True to add to the watchlist, false to remove.' }),
    },
    resolve: (_, args, c) => setMark(c, 'watchlist', 'tv', valid.id('seriesId', args.seriesId), args.watchlist, args.accountId),
  }),
}));
