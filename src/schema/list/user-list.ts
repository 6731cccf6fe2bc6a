import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { isAlreadyOnList } from '../../upstream/api/list.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { carriedFrom } from '../kit/carried.ts';
import { existing } from '../kit/existing.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { TVSeries } from '../tv/ref.ts';
import { globalId } from '../relay/global-id.ts';
import { readableListArgs, readableListId, writableListArgs, writableListId } from './list-id.ts';
import { Account } from '../account/account.ts';
import { catalogIdOf } from '../kit/catalog-id.ts';

/**
 * User lists: a list by id with its items (movies and series; list/connections.ts), whether a movie is on it, and the session
 * account's edits. One type for a list wherever it is reached (a movie's or series' lists, the account's lists, by
 * id), so a client cache keeps one object per list: the summaries carry what they have, the rest loads. */

/** `ownerId`: the account that made the list, where the answer knows it (list/owner.ts). */
export type UserListSource = { id: number | string; ownerId?: number | 'session' } & Partial<Omit<Up.ListDetails, 'id' | 'items'>> &
  Partial<Omit<Up.UserList, 'id'>>;

export const UserList = builder.objectRef<UserListSource>('UserList');

/** A list's id as a number; null for the hexadecimal ids of lists made before 2018. */
function numericListId(id: number | string): number | null {
  if (typeof id === 'number') return id;
  return /^\d+$/.test(id) ? Number(id) : null;
}

const fromDetail = carriedFrom((list: UserListSource, context: GatewayContext) => context.loaders.userList.load({ listId: list.id }));

export const UserListItem = builder.unionType('UserListItem', {
  description: 'An entry of a user list: a movie or a TV series (each with its summary carried).',
  types: [Movie, TVSeries],
  resolveType: (item) => ((item as { media_type?: string }).media_type === 'tv' ? TVSeries : Movie),
});

type ItemPage = { page: number; results: Up.ListItem[]; total_pages: number; total_results: number };

/** One page of a list's entries; page 1 without a language is the same call as the list's detail load. */
export async function listItemsPage(
  list: UserListSource,
  page: number,
  language: string | undefined,
  c: GatewayContext,
): Promise<ItemPage> {
  const d = await c.loaders.userList.load({ listId: list.id, page: page === 1 ? undefined : page, language });
  const total = d.total_results ?? d.item_count;
  return { page: d.page ?? page, results: d.items, total_pages: d.total_pages ?? Math.ceil(total / 20), total_results: total };
}

UserList.implement({
  description: 'A list of movies and TV series made by a catalog user. Anyone can read a public list; only its author can change it.',
  fields: (t) => ({
    databaseId: t.int({
      nullable: true,
      description:
        'The catalog\'s identifier of the list. The catalog\'s list details send it as a numeric string ("1"); it comes as the number. Null for the 24-hexadecimal ids of lists made before 2018, which the lists of a movie or series still show: `listId` has both kinds.',
      resolve: (list) => numericListId(list.id),
    }),
    listId: t.id({
      description: 'Identifier of the list: a number for lists since 2018, 24 hexadecimal characters for older ones.',
      resolve: (list) => String(list.id),
    }),
    name: t.string({ description: 'Name of the list.', resolve: fromDetail('name') }),
    description: t.string({
      description: 'Description written by its author; may be empty.',
      resolve: fromDetail('description'),
    }),
    createdBy: t.string({
      nullable: true,
      description: 'User name of the author; null where its details cannot be loaded (the lists of a movie or series do not carry it).',
      resolve: fromDetail('created_by'),
    }),
    listType: t.string({
      nullable: true,
      description:
        'Kind of items the list holds, such as "movie"; null when the record it came in does not say (list details and the lists of a series do not).',
      resolve: (list) => list.list_type ?? null,
    }),
    countryCode: t.string({
      nullable: true,
      description:
        "ISO 3166-1 country of the list; null when the record it came in does not say (only the lists of a series do). The catalog's empty string comes as null.",
      resolve: (list) => list.iso_3166_1 || null,
    }),
    favoriteCount: t.int({
      description: 'How many users marked the list as a favourite.',
      resolve: fromDetail('favorite_count'),
    }),
    itemCount: t.int({ description: 'How many entries the list holds.', resolve: fromDetail('item_count') }),
    languageCode: t.string({
      nullable: true,
      description: "ISO 639-1 language of the list; null when not set. The catalog's empty string comes as null.",
      resolve: fromDetail('iso_639_1', (value) => value || null),
    }),
    posterPath: t.string({
      nullable: true,
      description: 'Poster image path; null when none.',
      resolve: fromDetail('poster_path'),
    }),
    posterUrl: imageUrlField(t, 'poster', fromDetail('poster_path'), 'poster'),
    itemStatus: t.boolean({
      nullable: true,
      description: 'Whether a movie is on this list.',
      args: { movieId: t.arg.int({ required: true, description: catalogIdOf('movie') }) },
      resolve: async (l, args, c) =>
        (await c.loaders.listItemStatus.load({ listId: l.id, movieId: valid.id('movieId', args.movieId) })).item_present,
    }),
  }),
});

builder.queryFields((t) => ({
  list: t.field({
    type: UserList,
    nullable: true,
    description:
      'A user list by its id. Public lists need no session. Null, with one NOT_FOUND error at this field, when the catalog has no such list.',
    args: readableListArgs(t),
    resolve: (_, args, c, info) => existing({ id: readableListId(args) }, fromDetail.load, c, info, 'UserList'),
  }),
}));

function languageCode(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'en';
  if (!/^[a-z]{2}$/.test(value)) throw valid.badInput('language', 'must be a two-letter ISO 639-1 code such as "en".');
  return value;
}

function description(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (value.length > 1000) throw valid.badInput('description', 'must be at most 1000 characters long.');
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

async function removeList(c: GatewayContext, id: number): Promise<Up.WriteStatus> {
  const status = await c.actions.deleteList({ listId: id });
  wroteList(c);
  return status;
}

const DeletedUserList = builder.objectRef<{ listId: number; status: Up.WriteStatus }>('DeletedUserList').implement({
  description: 'What `deleteUserList` deleted.',
  fields: (t) => ({
    // Not `id`: a client store keys records by that field, and would file this answer as the
    // deleted UserList's own record under another type (Relay warns of conflicting types).
    deletedNodeId: t.id({
      description:
        "Global id of the deleted list, in this request's language (the `id` its `UserList` had here): Relay's `@deleteRecord` and a normalised cache's evict take it.",
      resolve: (d, _, c) => globalId('UserList', [d.listId], c.language),
    }),
    userListId: t.id({
      description: 'Identifier of the deleted list, as `UserList.listId` names it.',
      resolve: (d) => String(d.listId),
    }),
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
});

builder.mutationFields((t) => ({
  createList: t.field({
    nullable: true,
    type: UserList,
    description: 'Creates an empty list for the session account (needs X-Session-Id) and returns it.',
    args: {
      name: t.arg.string({ required: true, description: 'Name of the list, 1 to 100 characters.' }),
      description: t.arg.string({
        required: false,
        defaultValue: '',
        description: 'Description, up to 1000 characters. Defaults to "", no description.',
      }),
      language: t.arg.string({
        required: false,
        defaultValue: 'en',
        description: 'ISO 639-1 language of the list ("en"). Defaults to "en".',
      }),
    },
    resolve: async (_, args, c) => {
      const params = {
        name: valid.text('name', args.name, 100),
        description: description(args.description),
        language: languageCode(args.language),
      };
      const created = await c.actions.createList(params);
      if (!Number.isInteger(created.list_id))
        throw new GraphQLError('The catalog did not return the new list.', { extensions: { code: 'UPSTREAM_ERROR' } });
      wroteList(c);
      return { id: created.list_id, ownerId: 'session' as const };
    },
  }),
  addMovieToList: t.field({
    nullable: true,
    type: UserList,
    description:
      'Adds a movie to a list of the session account (needs X-Session-Id) and returns the list. Adding a movie already on the list changes nothing and is not an error.',
    args: { ...writableListArgs(t), movieId: t.arg.int({ required: true, description: catalogIdOf('movie to add') }) },
    resolve: async (_, args, c) => {
      const params = { listId: writableListId(args), movieId: valid.id('movieId', args.movieId) };
      try {
        await c.actions.addMovieToList(params);
      } catch (error) {
        // Already on the list: the list is as asked, so this is not an error.
        if (!isAlreadyOnList(error)) throw error;
      }
      wroteList(c);
      return { id: params.listId, ownerId: 'session' as const };
    },
  }),
  removeMovieFromList: t.field({
    nullable: true,
    type: UserList,
    description: 'Removes a movie from a list of the session account (needs X-Session-Id) and returns the list.',
    args: { ...writableListArgs(t), movieId: t.arg.int({ required: true, description: catalogIdOf('movie to remove') }) },
    resolve: async (_, args, c) => {
      const params = { listId: writableListId(args), movieId: valid.id('movieId', args.movieId) };
      await c.actions.removeMovieFromList(params);
      wroteList(c);
      return { id: params.listId, ownerId: 'session' as const };
    },
  }),
  clearList: t.field({
    nullable: true,
    type: UserList,
    description: 'Removes every entry of a list of the session account (needs X-Session-Id) and returns the empty list.',
    args: writableListArgs(t),
    resolve: async (_, args, c) => {
      const params = { listId: writableListId(args) };
      await c.actions.clearList(params);
      wroteList(c);
      return { id: params.listId, ownerId: 'session' as const };
    },
  }),
  deleteUserList: t.field({
    nullable: true,
    type: DeletedUserList,
    description:
      "Deletes a list of the session account (needs X-Session-Id). Answers the deleted list's global id (Relay's `@deleteRecord`; evict it from a normalised cache) and the account, whose `lists` can be re-selected here.",
    args: writableListArgs(t),
    resolve: async (_, args, c) => {
      const id = writableListId(args);
      return { listId: id, status: await removeList(c, id) };
    },
  }),
}));
