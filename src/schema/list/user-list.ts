import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { carriedFrom, existing } from '../kit/details.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { TVSeries } from '../tv/ref.ts';
import { readableListArgs, readableListId } from './list-id.ts';
import { catalogIdOf } from '../kit/database-id.ts';

/**
 * User lists: a list by id with its items (movies and series; list/connections.ts), whether a movie is on it, and the session
 * account's edits. One type for a list wherever it is reached (a movie's or series' lists, the account's lists, by
 * id), so a client cache keeps one object per list: the summaries carry what they have, the rest loads. The writes:
 * list/writes.ts. */

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
      description: 'Path of the poster, the cover picture of the list; null when none. `posterUrl` is its address.',
      resolve: fromDetail('poster_path'),
    }),
    posterUrl: imageUrlField(t, 'poster', fromDetail('poster_path'), 'poster (the cover picture)'),
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
