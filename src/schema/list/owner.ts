import type * as Up from '../../upstream/api/types.ts';
import { Account } from '../account/account.ts';
import { builder } from '../builder.ts';
import { UserList, type UserListSource } from './user-list.ts';

/**
 * The account that made a list, where the answer knows it: the account's own lists, and the
 * answers of the list writes (`createList`, `addMovieToList`...), which act on the session
 * account's lists. So a write's answer can select `account { lists { totalCount } }`
 * and a client store updates the account's count with no updater of its own.
 */

builder.objectFields(UserList, (t) => ({
  account: t.field({
    type: Account,
    nullable: true,
    description:
      "The account that made the list, where this answer knows it: the account's own lists and the answers of the list writes (`createList`, `addMovieToList`, `removeMovieFromList`, `clearList`); select its `lists { totalCount }` there to refresh the count. Null elsewhere (a movie's lists, `list(listId:)`: the catalog names only the author's user name, `createdBy`).",
    resolve: async (list, _, c) => {
      if (list.ownerId === undefined) return null;
      return { id: list.ownerId === 'session' ? await c.sessionAccountId() : list.ownerId };
    },
  }),
}));

/** A page of an account's lists, each carrying the account as its owner (new objects: the loader's page stays as read). */
export function ownedBy(accountId: number, page: Up.Page<Up.UserList>): Up.Page<UserListSource> {
  return { ...page, results: page.results.map((list): UserListSource => ({ ...list, ownerId: accountId })) };
}
