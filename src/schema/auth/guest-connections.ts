import { AccountListOrder } from '../account/account.ts';
import { RatedEpisodeConnection, RatedMovieConnection, RatedTVSeriesConnection } from '../account/connections.ts';
import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectPages } from '../kit/connection.ts';
import * as valid from '../kit/validate.ts';
import { GuestSessionData } from './guest-session.ts';
import { textsLanguageArg } from '../kit/language-args.ts';

/**
 * What a guest rated, each a Relay cursor connection over the catalog's numbered pages:
 * UNAUTHENTICATED without the X-Guest-Session-Id header, before any call.
 */

const guestArgs = builder.args((t) => ({
  language: textsLanguageArg,
  sortBy: t.field({
    type: AccountListOrder,
    required: false,
    defaultValue: 'created_at.asc',
    description: 'Order of the results. Defaults to CREATED_AT_ASC, oldest rating first.',
  }),
}));

type GuestArgs = { language?: string | null; sortBy?: string | null };

/** Checks the arguments before any call, then the upstream parameters of one page. */
function guestPages(args: GuestArgs) {
  const language = valid.language('language', args.language);
  return (page: number) => ({ page, language, sortBy: args.sortBy ?? undefined });
}

builder.objectFields(GuestSessionData, (t) => ({
  ratedMovies: t.field({
    type: RatedMovieConnection,
    description: 'Movies the guest rated.',
    args: { ...guestArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const pageOf = guestPages(args);
      return connectPages(args, info, (page) => c.loaders.guestRatedMovies.load(pageOf(page)));
    },
  }),
  ratedTVSeries: t.field({
    type: RatedTVSeriesConnection,
    description: 'TV series the guest rated.',
    args: { ...guestArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const pageOf = guestPages(args);
      return connectPages(args, info, (page) => c.loaders.guestRatedTVSeries.load(pageOf(page)));
    },
  }),
  ratedEpisodes: t.field({
    type: RatedEpisodeConnection,
    description: 'TV episodes the guest rated.',
    args: { ...guestArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const pageOf = guestPages(args);
      return connectPages(args, info, (page) => c.loaders.guestRatedEpisodes.load(pageOf(page)));
    },
  }),
}));
