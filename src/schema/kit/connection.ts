import type { OutputRef } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import { ARGUMENT } from '../../common/messages.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import * as valid from './validate.ts';

/**
 * Relay cursor connections over the catalog's numbered pages. A cursor is the opaque position of
 * an item in the whole list; `first`/`after` pick a window, and the window is read from the one
 * or two upstream pages that hold it (pages of 20), each through the request's loaders.
 *
 * A cursor belongs to the field that gave it out: base64url of "Type.field:offset"
 * ("Movie.reviewsConnection:4"), and any other field refuses it. A bare offset would let a
 * reviews cursor walk popular movies, a position in one list read as a position in another.
 * Language needs no place in it: the parent of a nested connection is already in its language
 * (a `nodeId` says which), and a root connection repeats its `language` argument.
 */

const PAGE_SIZE = 20;
const MAX_FIRST = 100;
/** The catalog serves at most 500 pages of a list. */
const MAX_PAGES = 500;

export interface Connection<Item> {
  edges: Array<{ cursor: string; node: Item }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

const PageInfo = builder.objectRef<Connection<unknown>['pageInfo']>('PageInfo').implement({
  description: 'Where a window of a connection sits in the whole list (Relay cursor connections).',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'Whether items follow the last edge.' }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', { description: 'Whether items come before the first edge.' }),
    startCursor: t.exposeString('startCursor', { nullable: true, description: 'Cursor of the first edge; null when there are none.' }),
    endCursor: t.exposeString('endCursor', {
      nullable: true,
      description: 'Cursor of the last edge; pass it as `after` for the next window.',
    }),
  }),
});

/** The `XConnection` and `XEdge` types of an item type. */
export function connectionOf<Item>(name: string, what: string, item: OutputRef<Item>) {
  const Edge = builder.objectRef<Connection<Item>['edges'][number]>(`${name}Edge`).implement({
    description: `One of the ${what} of a connection, with its cursor.`,
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'Opaque position of this item; pass it as `after` to continue after it.' }),
      // The generic item cannot be matched to Pothos' resolver type for an arbitrary ref.
      node: t.field({ type: item, description: 'The item.', resolve: (edge) => edge.node as never }),
    }),
  });
  return builder.objectRef<Connection<Item>>(`${name}Connection`).implement({
    description: `A window of ${what} (Relay cursor connection): \`first\` items \`after\` a cursor.`,
    fields: (t) => ({
      edges: t.field({ type: [Edge], description: `The ${what} in this window, in list order.`, resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfo, description: 'Where this window sits in the whole list.', resolve: (c) => c.pageInfo }),
      totalCount: t.exposeInt('totalCount', { description: `How many ${what} there are in all.` }),
    }),
  });
}

export const connectionArgs = builder.args((t) => ({
  first: t.int({ required: false, description: `How many items to return, from 1 to ${MAX_FIRST}. Defaults to ${PAGE_SIZE}.` }),
  after: t.string({
    required: false,
    description:
      'Return the items after this cursor (an `endCursor` or `cursor` of an earlier answer of this same field; a cursor of another field is BAD_USER_INPUT).',
  }),
}));

/** The cost-limit estimate of a connection: the upstream pages a window can span. */
export function connectionCost(args: { first?: number | null }) {
  return { field: Math.ceil((args.first ?? PAGE_SIZE) / PAGE_SIZE) + 1, multiplier: 1 };
}

/** The connection field a resolver serves (its `info`): what its cursors belong to. */
type ConnectionField = Pick<GraphQLResolveInfo, 'parentType' | 'fieldName'>;

const ownerOf = (field: ConnectionField) => `${field.parentType.name}.${field.fieldName}`;
const cursorOf = (field: ConnectionField, offset: number) => Buffer.from(`${ownerOf(field)}:${offset}`).toString('base64url');

/** The window the arguments ask for, checked before any upstream call. */
export function windowOf(args: { first?: number | null; after?: string | null }, field: ConnectionField): { start: number; count: number } {
  const count = args.first ?? PAGE_SIZE;
  if (!Number.isInteger(count) || count < 1 || count > MAX_FIRST)
    throw valid.badInput('first', `must be from 1 to ${MAX_FIRST}, got ${count}.`);
  if (args.after === null || args.after === undefined) return { start: 0, count };
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(args.after) ? Buffer.from(args.after, 'base64url').toString() : '';
  const owner = `${ownerOf(field)}:`;
  const offset = text.startsWith(owner) ? text.slice(owner.length) : '';
  if (!/^\d{1,6}$/.test(offset)) throw valid.badInput('after', ARGUMENT.cursor);
  return { start: Number(offset) + 1, count };
}

function connection<Item>(field: ConnectionField, items: Item[], start: number, totalCount: number): Connection<Item> {
  const edges = items.map((node, i) => ({ cursor: cursorOf(field, start + i), node }));
  return {
    edges,
    totalCount,
    pageInfo: {
      hasNextPage: start + edges.length < totalCount,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A connection over a paged upstream list: reads the pages that hold the window. */
export async function connectPages<Item>(
  args: { first?: number | null; after?: string | null },
  field: ConnectionField,
  fetchPage: (page: number) => Promise<Up.Page<Item>>,
): Promise<Connection<Item>> {
  const { start, count } = windowOf(args, field);
  const firstPage = Math.floor(start / PAGE_SIZE) + 1;
  const lastPage = Math.min(Math.floor((start + count - 1) / PAGE_SIZE) + 1, MAX_PAGES);
  if (firstPage > MAX_PAGES) return connection(field, [], start, 0);
  const pages = await Promise.all(Array.from({ length: lastPage - firstPage + 1 }, (_, i) => fetchPage(firstPage + i)));
  const reachable = Math.min(pages[0]?.total_results ?? 0, MAX_PAGES * PAGE_SIZE);
  const items = pages
    .flatMap((page) => page.results)
    .slice(start - (firstPage - 1) * PAGE_SIZE, start - (firstPage - 1) * PAGE_SIZE + count);
  return connection(field, items, start, reachable);
}

/** A connection over a list the catalog sends whole (a season's episodes). */
export function connectList<Item>(
  args: { first?: number | null; after?: string | null },
  field: ConnectionField,
  all: Item[],
): Connection<Item> {
  const { start, count } = windowOf(args, field);
  return connection(field, all.slice(start, start + count), start, all.length);
}
