import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages, edgeOf } from '../kit/connection.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { paging } from '../kit/page.ts';
import { TVSeries } from '../tv/ref.ts';
import { listItemsPage, UserList, UserListItem } from './user-list.ts';
import { textsLanguageArg, hereAndBelowLanguageArg } from '../kit/language-args.ts';

/** A list's entries, and the lists that hold a movie or series, as Relay cursor connections. */

export const UserListConnection = connectionOf('UserList', 'user lists', UserList);

const UserListItemConnection = connectionOf('UserListItem', 'entries of a user list', UserListItem);

/** The edges of those connections (the types `connectionOf` made), as the list writes answer them (list/writes.ts). */
export const UserListEdge = edgeOf('UserList', 'user lists', UserList);
export const UserListItemEdge = edgeOf('UserListItem', 'entries of a user list', UserListItem);

builder.objectFields(UserList, (t) => ({
  items: t.field({
    type: UserListItemConnection,
    description: 'The entries of the list, in the order they were added.',
    args: {
      language: hereAndBelowLanguageArg,
      ...connectionArgs,
    },
    nullable: true,
    complexity: connectionCost,
    resolve: (l, args, c, info) => {
      const language = valid.language('language', args.language);
      return connectPages(args, info, (page) => listItemsPage(l, page, language, c));
    },
  }),
}));

const languageArgs = { language: textsLanguageArg };

builder.objectFields(Movie, (t) => ({
  lists: t.field({
    type: UserListConnection,
    description: 'User lists that contain this movie.',
    args: { ...languageArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (m, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.movieLists.load({ movieId: m.id, ...paging({ ...args, page }) })),
  }),
}));

builder.objectFields(TVSeries, (t) => ({
  lists: t.field({
    type: UserListConnection,
    description: 'User lists that contain this series.',
    args: { ...languageArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (s, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.tvSeriesLists.load({ seriesId: s.id, ...paging({ ...args, page }) })),
  }),
}));
