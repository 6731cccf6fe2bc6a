import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { isAlreadyOnList } from '../../upstream/api/list.ts';
import { Account } from '../account/account.ts';
import { builder } from '../builder.ts';
import { echo, type InputFields, mutationInput, mutationPayload } from '../kit/mutation.ts';
import * as valid from '../kit/validate.ts';
import { globalId } from '../relay/global-id.ts';
import { UserListEdge, UserListItemEdge } from './connections.ts';
import { writableListId } from './list-id.ts';
import { UserList, type UserListSource } from './user-list.ts';
import { catalogIdOf } from '../kit/database-id.ts';

/**
 * The session account's edits of its lists. Each payload answers the changed list and what a
 * client store needs to follow without a refetch or an updater of its own: the new edge of a
 * connection that grows (Relay's `@prependEdge`/`@appendEdge`), the global id of what left one
 * (`@deleteEdge`, `@deleteRecord`).
 */

function languageCode(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'en';
  if (!/^[a-z]{2}$/.test(value)) throw valid.badInput('input', 'must be a two-letter ISO 639-1 code such as "en".', 'language');
  return value;
}

function description(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (value.length > 1000) throw valid.badInput('input', 'must be at most 1000 characters long.', 'description');
  return value;
}

/**
 * After a write to a list: the list, its item checks and the account's lists read earlier in
 * this request are dropped from their loaders, so a later read in the request (the write's own
 * answer included) asks again and sees the write.
 */
function wroteList(c: GatewayContext): void {
  c.loaders.userList.clearAll();
  c.loaders.listItemStatus.clearAll();
  c.loaders.accountLists.clearAll();
}

const listField = (t: InputFields) =>
  t.id({ required: true, description: 'The list to change: its `listId`, a list of the session account.' });
const listId = (input: { userListId: string | number }) => writableListId('input', input.userListId, 'userListId');

const CreateListInput = mutationInput('CreateList', 'The new list `createList` makes.', (t) => ({
  name: t.string({ required: true, description: 'Name of the list, 1 to 100 characters.' }),
  description: t.string({
    required: false,
    defaultValue: '',
    description: 'Description, up to 1000 characters. Defaults to "", no description.',
  }),
  language: t.string({ required: false, defaultValue: 'en', description: 'ISO 639-1 language of the list ("en"). Defaults to "en".' }),
}));
const AddMovieToListInput = mutationInput('AddMovieToList', 'The list and the movie `addMovieToList` adds.', (t) => ({
  userListId: listField(t),
  movieId: t.int({ required: true, description: catalogIdOf('movie to add') }),
}));
const RemoveMovieFromListInput = mutationInput('RemoveMovieFromList', 'The list and the movie `removeMovieFromList` removes.', (t) => ({
  userListId: listField(t),
  movieId: t.int({ required: true, description: catalogIdOf('movie to remove') }),
}));
const ClearListInput = mutationInput('ClearList', 'The list `clearList` empties.', (t) => ({ userListId: listField(t) }));
const DeleteUserListInput = mutationInput('DeleteUserList', 'The list `deleteUserList` deletes.', (t) => ({ userListId: listField(t) }));

/** A written list, as a payload answers it: its owner is the session's account. */
const written = (id: number): UserListSource => ({ id, ownerId: 'session' });

const listOf = (what: string) => ({
  type: UserList,
  description: `The list ${what}, read after the write; its \`account { lists { totalCount } }\` refreshes the count.`,
  resolve: (p: { listId: number }) => written(p.listId),
});

const CreateListPayload = mutationPayload<{ listId: number }>('CreateList', 'The list `createList` made.', (t) => ({
  list: t.field(listOf('made')),
  listEdge: t.field({
    type: UserListEdge,
    description:
      "The new list as the first edge of the account's `lists` (newest first): Relay's `@prependEdge(connections:)` puts it there.",
    resolve: (p) => ({ owner: 'Account.lists', offset: 0, node: written(p.listId) }),
  }),
}));

const AddMovieToListPayload = mutationPayload<{ listId: number; movieId: number }>(
  'AddMovieToList',
  'The list `addMovieToList` changed.',
  (t) => ({
    list: t.field(listOf('changed')),
    itemEdge: t.field({
      type: UserListItemEdge,
      nullable: true,
      description:
        "The movie as the last edge of the list's `items` (in the order added): Relay's `@appendEdge(connections:)` puts it there, once (a movie already on the list is not added again). Its cursor is read from the list after the write; null, with its error, when that read fails.",
      resolve: async (p, _, c) => {
        const details = await c.loaders.userList.load({ listId: p.listId });
        return { owner: 'UserList.items', offset: Math.max(details.item_count - 1, 0), node: { id: p.movieId, media_type: 'movie' } };
      },
    }),
  }),
);

const RemoveMovieFromListPayload = mutationPayload<{ listId: number; movieId: number }>(
  'RemoveMovieFromList',
  'The list `removeMovieFromList` changed.',
  (t) => ({
    list: t.field(listOf('changed')),
    removedMovieId: t.id({
      description:
        "Global id of the removed movie, in this request's language (the `id` its `Movie` had here): Relay's `@deleteEdge(connections:)` drops its edge from the list's `items`.",
      resolve: (p, _, c) => globalId('Movie', [p.movieId], c.language),
    }),
  }),
);

const ClearListPayload = mutationPayload<{ listId: number }>('ClearList', 'The list `clearList` emptied.', (t) => ({
  list: t.field(listOf('emptied')),
}));

const DeleteUserListPayload = mutationPayload<{ listId: number; status: Up.WriteStatus }>(
  'DeleteUserList',
  'What `deleteUserList` deleted.',
  (t) => ({
    // Not `id`: a client store keys records by that field, and would file this answer as the
    // deleted UserList's own record under another type (Relay warns of conflicting types).
    deletedId: t.id({
      description:
        "Global id of the deleted list, in this request's language (the `id` its `UserList` had here): Relay's `@deleteRecord` and `@deleteEdge` and a normalised cache's evict take it.",
      resolve: (d, _, c) => globalId('UserList', [d.listId], c.language),
    }),
    userListId: t.id({ description: 'Identifier of the deleted list, as `UserList.listId` names it.', resolve: (d) => String(d.listId) }),
    statusMessage: t.string({
      description: 'What the catalog answered, such as "The item/record was deleted successfully.".',
      resolve: (d) => d.status.status_message,
    }),
    account: t.field({
      type: Account,
      description: "The session's account, whose `lists` no longer hold the deleted list.",
      resolve: async (_, __, c) => ({ id: await c.sessionAccountId() }),
    }),
  }),
);

builder.mutationFields((t) => ({
  createList: t.field({
    nullable: true,
    type: CreateListPayload,
    description:
      "Creates an empty list for the session account (needs X-Session-Id). Answers the list and its edge in the account's `lists`.",
    args: { input: t.arg({ type: CreateListInput, required: true, description: 'The name, description and language of the list.' }) },
    resolve: async (_, { input }, c) => {
      const params = {
        name: valid.text('input', input.name, 100, 'name'),
        description: description(input.description),
        language: languageCode(input.language),
      };
      const created = await c.actions.createList(params);
      if (!Number.isInteger(created.list_id))
        throw new GraphQLError('The catalog did not return the new list.', { extensions: { code: 'UPSTREAM_ERROR' } });
      wroteList(c);
      return { ...echo(input), listId: created.list_id };
    },
  }),
  addMovieToList: t.field({
    nullable: true,
    type: AddMovieToListPayload,
    description:
      "Adds a movie to a list of the session account (needs X-Session-Id). Answers the list and the movie's edge in its `items`. Adding a movie already on the list changes nothing and is not an error.",
    args: { input: t.arg({ type: AddMovieToListInput, required: true, description: 'The list and the movie.' }) },
    resolve: async (_, { input }, c) => {
      const params = { listId: listId(input), movieId: valid.id('input', input.movieId, 'movieId') };
      try {
        await c.actions.addMovieToList(params);
      } catch (error) {
        // Already on the list: the list is as asked, so this is not an error.
        if (!isAlreadyOnList(error)) throw error;
      }
      wroteList(c);
      return { ...echo(input), ...params };
    },
  }),
  removeMovieFromList: t.field({
    nullable: true,
    type: RemoveMovieFromListPayload,
    description:
      'Removes a movie from a list of the session account (needs X-Session-Id). Answers the list and the global id of the removed movie.',
    args: { input: t.arg({ type: RemoveMovieFromListInput, required: true, description: 'The list and the movie.' }) },
    resolve: async (_, { input }, c) => {
      const params = { listId: listId(input), movieId: valid.id('input', input.movieId, 'movieId') };
      await c.actions.removeMovieFromList(params);
      wroteList(c);
      return { ...echo(input), ...params };
    },
  }),
  clearList: t.field({
    nullable: true,
    type: ClearListPayload,
    description: 'Removes every entry of a list of the session account (needs X-Session-Id). Answers the empty list.',
    args: { input: t.arg({ type: ClearListInput, required: true, description: 'The list.' }) },
    resolve: async (_, { input }, c) => {
      const params = { listId: listId(input) };
      await c.actions.clearList(params);
      wroteList(c);
      return { ...echo(input), ...params };
    },
  }),
  deleteUserList: t.field({
    nullable: true,
    type: DeleteUserListPayload,
    description:
      "Deletes a list of the session account (needs X-Session-Id). Answers the deleted list's global id (Relay's `@deleteRecord`/`@deleteEdge`; evict it from a normalised cache) and the account, whose `lists` can be re-selected here.",
    args: { input: t.arg({ type: DeleteUserListInput, required: true, description: 'The list.' }) },
    resolve: async (_, { input }, c) => {
      const id = listId(input);
      const status = await c.actions.deleteList({ listId: id });
      wroteList(c);
      return { ...echo(input), listId: id, status };
    },
  }),
}));
