import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { Account } from './account.ts';

export const AccountStates = builder.objectRef<Up.AccountStates>('AccountStates').implement({
  description: "What the session's account has recorded about a movie, series or episode.",
  fields: (t) => ({
    favorite: t.exposeBoolean('favorite', { description: 'Whether the account marked it as a favourite.' }),
    watchlist: t.exposeBoolean('watchlist', { description: 'Whether it is on the account watchlist.' }),
    rating: t.float({
      nullable: true,
      description: "The account's rating, 0.5 to 10; null when the account has not rated it.",
      resolve: (s) => (s.rated === false || !s.rated ? null : s.rated.value),
    }),
    // A write (setMovieWatchlist...) answers the title, not the account: this is the way from its
    // answer to the account's lists, so a normalised cache updates their counts from that answer.
    account: t.field({
      type: Account,
      nullable: true,
      description:
        "The account these marks are of: the user session's (X-Session-Id; UNAUTHENTICATED without one). After a write, select its changed lists here (`watchlistMovies { totalCount }`) and a normalised cache updates them from the write's answer.",
      resolve: async (_, __, c) => ({ id: await c.sessionAccountId() }),
    }),
  }),
});
