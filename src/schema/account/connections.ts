import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import * as valid from '../kit/validate.ts';
import { UserListConnection } from '../list/connections.ts';
import { ownedBy } from '../list/owner.ts';
import { MovieConnection } from '../movie/connections.ts';
import { TVSeriesConnection } from '../tv/connections.ts';
import { Account, AccountListOrder, RatedMovie } from './account.ts';
import { RatedEpisode, RatedTVSeries } from './marks.ts';
import { hereAndBelowLanguageArg } from '../kit/language-args.ts';

/**
 * The account's favourites, watchlists, ratings and own lists, each a Relay cursor connection
 * over the catalog's numbered pages. Each needs the account's own session, else
 * UNAUTHENTICATED before any call.
 */

export const RatedMovieConnection = connectionOf('RatedMovie', 'rated movies', RatedMovie);
export const RatedTVSeriesConnection = connectionOf('RatedTVSeries', 'rated TV series', RatedTVSeries);
export const RatedEpisodeConnection = connectionOf('RatedEpisode', 'rated TV episodes', RatedEpisode);

const markArgs = builder.args((t) => ({
  language: hereAndBelowLanguageArg,
  sortBy: t.field({
    type: AccountListOrder,
    required: false,
    defaultValue: 'created_at.asc',
    description: 'Order of the entries. Defaults to CREATED_AT_ASC, oldest entry first.',
  }),
}));

type MarkArgs = { language?: string | null; sortBy?: string | null };

/** The upstream parameters of one page of an account list. */
const markPage = (accountId: number, args: MarkArgs, page: number) => ({
  accountId,
  page,
  language: valid.language('language', args.language),
  sortBy: args.sortBy ?? undefined,
});

builder.objectFields(Account, (t) => ({
  favoriteMovies: t.field({
    type: MovieConnection,
    description: 'Movies the account marked as favourites.',
    args: { ...markArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (a, args, c, info) => connectPages(args, info, (page) => c.loaders.favoriteMovies.load(markPage(a.id, args, page))),
  }),
  favoriteTVSeries: t.field({
    type: TVSeriesConnection,
    description: 'TV series the account marked as favourites.',
    args: { ...markArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (a, args, c, info) => connectPages(args, info, (page) => c.loaders.favoriteTVSeries.load(markPage(a.id, args, page))),
  }),
  watchlistMovies: t.field({
    type: MovieConnection,
    description: 'Movies on the account watchlist.',
    args: { ...markArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (a, args, c, info) => connectPages(args, info, (page) => c.loaders.watchlistMovies.load(markPage(a.id, args, page))),
  }),
  watchlistTVSeries: t.field({
    type: TVSeriesConnection,
    description: 'TV series on the account watchlist.',
    args: { ...markArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (a, args, c, info) => connectPages(args, info, (page) => c.loaders.watchlistTVSeries.load(markPage(a.id, args, page))),
  }),
  ratedMovies: t.field({
    type: RatedMovieConnection,
    description: 'Movies the account rated.',
    args: { ...markArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (a, args, c, info) => connectPages(args, info, (page) => c.loaders.ratedMovies.load(markPage(a.id, args, page))),
  }),
  ratedTVSeries: t.field({
    type: RatedTVSeriesConnection,
    description: 'TV series the account rated.',
    args: { ...markArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (a, args, c, info) => connectPages(args, info, (page) => c.loaders.ratedTVSeries.load(markPage(a.id, args, page))),
  }),
  ratedEpisodes: t.field({
    type: RatedEpisodeConnection,
    description: 'TV episodes the account rated.',
    args: { ...markArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (a, args, c, info) => connectPages(args, info, (page) => c.loaders.ratedEpisodes.load(markPage(a.id, args, page))),
  }),
  lists: t.field({
    type: UserListConnection,
    description: 'The lists the account made, newest first (summaries carried; `items` loads the list).',
    args: connectionArgs,
    nullable: true,
    complexity: connectionCost,
    resolve: (a, args, c, info) =>
      connectPages(args, info, async (page) => ownedBy(a.id, await c.loaders.accountLists.load({ accountId: a.id, page }))),
  }),
}));
