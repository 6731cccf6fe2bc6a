import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { pageOf, paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { UserListPage } from '../list/user-list.ts';
import { Movie, MoviePage } from '../movie/ref.ts';
import { Episode, TVSeries, TVSeriesPage } from '../tv/ref.ts';
import { Account, AccountListOrder } from './account.ts';

/**
 * The account's favourites, watchlist, rated series and episodes and own lists, and the
 * mutations that add to or remove from the favourites and the watchlist. Everything here needs
 * the session of that account (X-Session-Id); without one: UNAUTHENTICATED, no upstream call.
 */

const RatedTVSeries = builder.objectRef<Up.RatedTVSeries>('RatedTVSeries').implement({
  description: 'A TV series together with the rating an account or guest session gave it.',
  fields: (t) => ({
    rating: t.exposeFloat('rating', { description: 'The rating, 0.5 to 10 in steps of 0.5.' }),
    tvSeries: t.field({ type: TVSeries, description: 'The rated series (its summary is carried).', resolve: (item) => item }),
  }),
});

export const RatedTVSeriesPage = pageOf('RatedTVSeriesPage', 'rated TV series', RatedTVSeries);

const RatedEpisode = builder.objectRef<Up.RatedEpisode>('RatedEpisode').implement({
  description: 'A TV episode together with the rating an account or guest session gave it.',
  fields: (t) => ({
    rating: t.exposeFloat('rating', { description: 'The rating, 0.5 to 10 in steps of 0.5.' }),
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
  language: t.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
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
    description: 'Movies the account marked as favourites (summaries carried).',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.favoriteMovies.load(listParams(a.id, args)),
  }),
  favoriteTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    description: 'TV series the account marked as favourites (summaries carried).',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.favoriteTVSeries.load(listParams(a.id, args)),
  }),
  watchlistMovies: t.field({
    type: MoviePage,
    nullable: true,
    description: 'Movies on the account watchlist (summaries carried).',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.watchlistMovies.load(listParams(a.id, args)),
  }),
  watchlistTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    description: 'TV series on the account watchlist (summaries carried).',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.watchlistTVSeries.load(listParams(a.id, args)),
  }),
  ratedTVSeries: t.field({
    type: RatedTVSeriesPage,
    nullable: true,
    description: 'TV series the account rated, with the ratings.',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.ratedTVSeries.load(listParams(a.id, args)),
  }),
  ratedEpisodes: t.field({
    type: RatedEpisodePage,
    nullable: true,
    description: 'TV episodes the account rated, with the ratings.',
    args: listArgs,
    resolve: (a, args, c) => c.loaders.ratedEpisodes.load(listParams(a.id, args)),
  }),
  lists: t.field({
    type: UserListPage,
    nullable: true,
    description: 'The lists the account made, newest first (summaries carried; `items` loads the list).',
    args: { page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }) },
    resolve: (a, args, c) => c.loaders.accountLists.load({ accountId: a.id, page: valid.page('page', args.page) }),
  }),
}));

builder.mutationFields((t) => ({
  setMovieFavorite: t.field({
    type: Movie,
    description:
      "Adds a movie to, or removes it from, the favourites of the session's account (needs X-Session-Id). Returns the movie, so `accountStates` can be re-selected.",
    args: {
      accountId: t.arg.int({ required: true, description: 'Identifier of the account of the session.' }),
      movieId: t.arg.int({ required: true, description: 'Identifier of the movie.' }),
      favorite: t.arg.boolean({ required: true, description: 'True to add to the favourites, false to remove.' }),
    },
    resolve: async (_, args, c) => {
      const params = {
        accountId: valid.id('accountId', args.accountId),
        mediaType: 'movie' as const,
        mediaId: valid.id('movieId', args.movieId),
        on: args.favorite,
      };
      await c.actions.setFavorite(params);
      return { id: params.mediaId };
    },
  }),
  setTVSeriesFavorite: t.field({
    type: TVSeries,
    description:
      "Adds a TV series to, or removes it from, the favourites of the session's account (needs X-Session-Id). Returns the series, so `accountStates` can be re-selected.",
    args: {
      accountId: t.arg.int({ required: true, description: 'Identifier of the account of the session.' }),
      seriesId: t.arg.int({ required: true, description: 'Identifier of the TV series.' }),
      favorite: t.arg.boolean({ required: true, description: 'True to add to the favourites, false to remove.' }),
    },
    resolve: async (_, args, c) => {
      const params = {
        accountId: valid.id('accountId', args.accountId),
        mediaType: 'tv' as const,
        mediaId: valid.id('seriesId', args.seriesId),
        on: args.favorite,
      };
      await c.actions.setFavorite(params);
      return { id: params.mediaId };
    },
  }),
  setMovieWatchlist: t.field({
    type: Movie,
    description:
      "Adds a movie to, or removes it from, the watchlist of the session's account (needs X-Session-Id). Returns the movie, so `accountStates` can be re-selected.",
    args: {
      accountId: t.arg.int({ required: true, description: 'Identifier of the account of the session.' }),
      movieId: t.arg.int({ required: true, description: 'Identifier of the movie.' }),
      watchlist: t.arg.boolean({ required: true, description: 'True to add to the watchlist, false to remove.' }),
    },
    resolve: async (_, args, c) => {
      const params = {
        accountId: valid.id('accountId', args.accountId),
        mediaType: 'movie' as const,
        mediaId: valid.id('movieId', args.movieId),
        on: args.watchlist,
      };
      await c.actions.setWatchlist(params);
      return { id: params.mediaId };
    },
  }),
  setTVSeriesWatchlist: t.field({
    type: TVSeries,
    description:
      "Adds a TV series to, or removes it from, the watchlist of the session's account (needs X-Session-Id). Returns the series, so `accountStates` can be re-selected.",
    args: {
      accountId: t.arg.int({ required: true, description: 'Identifier of the account of the session.' }),
      seriesId: t.arg.int({ required: true, description: 'Identifier of the TV series.' }),
      watchlist: t.arg.boolean({ required: true, description: 'True to add to the watchlist, false to remove.' }),
    },
    resolve: async (_, args, c) => {
      const params = {
        accountId: valid.id('accountId', args.accountId),
        mediaType: 'tv' as const,
        mediaId: valid.id('seriesId', args.seriesId),
        on: args.watchlist,
      };
      await c.actions.setWatchlist(params);
      return { id: params.mediaId };
    },
  }),
}));
