import type * as Up from '../../upstream/api/types.ts';
import { AccountListOrder, RatedMoviePage } from '../account/account.ts';
import { RatedEpisodePage, RatedTVSeriesPage } from '../account/marks.ts';
import { builder } from '../builder.ts';
import { instant } from '../kit/dates.ts';
import * as valid from '../kit/validate.ts';

/** A guest session and what a guest rated. */
export const GuestSession = builder.objectRef<Up.GuestSession>('GuestSession').implement({
  description: 'A guest session: send `guestSessionId` in the X-Guest-Session-Id header to rate without an account.',
  fields: (t) => ({
    guestSessionId: t.exposeString('guest_session_id', { description: 'The guest session id. Keep it private: it acts as the guest.' }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the guest session expires unless used, ISO 8601 UTC; null when the catalog sent no valid time.',
      resolve: (g) => instant(g.expires_at),
    }),
  }),
});

const guestListArgs = builder.args((t) => ({
  page: t.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
  language: t.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
  sortBy: t.field({ type: AccountListOrder, required: false, description: 'Order of the results. Defaults to oldest rating first.' }),
}));

type GuestArgs = { page?: number | null; language?: string | null; sortBy?: string | null };
const guestParams = (args: GuestArgs) => ({
  page: valid.page('page', args.page),
  language: valid.language('language', args.language),
  sortBy: args.sortBy ?? undefined,
});

/** The guest session of the request (X-Guest-Session-Id); a marker object, the id stays in the context. */
export const GuestSessionData = builder.objectRef<{ guest: true }>('GuestSessionData').implement({
  description: 'What the guest session of this request (X-Guest-Session-Id) rated. Each field is UNAUTHENTICATED without that header.',
  fields: (t) => ({
    ratedMovies: t.field({
      type: RatedMoviePage,
      nullable: true,
      deprecationReason: 'Use `ratedMoviesConnection`.',
      description: 'Movies the guest rated, with the ratings.',
      args: guestListArgs,
      resolve: (_, args, c) => c.loaders.guestRatedMovies.load(guestParams(args)),
    }),
    ratedTVSeries: t.field({
      type: RatedTVSeriesPage,
      nullable: true,
      deprecationReason: 'Use `ratedTVSeriesConnection`.',
      description: 'TV series the guest rated, with the ratings.',
      args: guestListArgs,
      resolve: (_, args, c) => c.loaders.guestRatedTVSeries.load(guestParams(args)),
    }),
    ratedEpisodes: t.field({
      type: RatedEpisodePage,
      nullable: true,
      deprecationReason: 'Use `ratedEpisodesConnection`.',
      description: 'TV episodes the guest rated, with the ratings.',
      args: guestListArgs,
      resolve: (_, args, c) => c.loaders.guestRatedEpisodes.load(guestParams(args)),
    }),
  }),
});

builder.queryFields((t) => ({
  guestSession: t.field({
    type: GuestSessionData,
    description: 'The guest session of this request (sent in X-Guest-Session-Id) and what it rated.',
    resolve: () => ({ guest: true as const }),
  }),
}));
