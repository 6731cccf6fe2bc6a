import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

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
  }),
});
