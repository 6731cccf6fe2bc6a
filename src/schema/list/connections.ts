import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import * as valid from '../kit/validate.ts';
import { listItemsPage, UserList, UserListItem } from './user-list.ts';

/** A list's entries as a Relay cursor connection, beside `items` (deprecated). */

const UserListItemConnection = connectionOf('UserListItem', 'entries of a user list', UserListItem);

builder.objectFields(UserList, (t) => ({
  itemsConnection: t.field({
    type: UserListItemConnection,
    description: 'The entries of the list, in the order they were added, as a cursor connection.',
    args: {
      language: t.arg.string({
        required: false,
        description:
          'Language of the texts ("en", "en-US"), here and below. Defaults to the language chosen above, else the request\'s Accept-Language, else en-US.',
      }),
      ...connectionArgs,
    },
    complexity: connectionCost,
    resolve: (l, args, c, info) => {
      const language = valid.language('language', args.language);
      return connectPages(args, info, (page) => listItemsPage(l, page, language, c));
    },
  }),
}));
