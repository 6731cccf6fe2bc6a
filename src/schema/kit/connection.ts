import type { FieldRef, ObjectFieldBuilder, OutputRef } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import { ARGUMENT } from '../../common/messages.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import type { Types } from './page.ts';
import * as valid from './validate.ts';

/**
 * Relay cursor connections over the catalog's numbered pages. A cursor is the opaque position of
 * an item in the whole list; `first`/`after` (forward) or `last`/`before` (backward) pick a window,
 * and the window is read from the one or two upstream pages that hold it (pages of 20), each
 * through the request's loaders.
 *
 * Why not @pothos/plugin-relay: its `resolveOffsetConnection` also slices offsets, but its cursors
 * are bare offsets any connection accepts, and the window over numbered upstream pages (which
 * pages to read, the 500-page cap) would still be ours; the plugin would also rename every
 * existing type and argument description. This file is the smaller change.
 *
 * Every connection field is nullable, as the numbered pages were: a failed page call costs that
 * field only, never the object or namespace it is on (docs/data.md).
 *
 * A cursor belongs to the field that gave it out: base64url of "Type.field:offset"
 * ("Movie.reviews:4"), and any other field refuses it. A bare offset would let a
 * reviews cursor walk popular movies, a position in one list read as a position in another.
 * Language needs no place in it: the parent of a nested connection is already in its language
 * (a global `id` says which), and a root connection repeats its `language` argument.
 */

const PAGE_SIZE = 20;
const MAX_FIRST = 100;
/** The catalog serves at most 500 pages of a list. */
const MAX_PAGES = 500;

/**
 * An edge: its item, and where it sits in the list of its connection field (`owner`,
 * "Account.lists"). Its cursor is written only when selected: an answer of 20 movies with 20
 * reviews each made 400 cursors no client asked for (docs/performance.md).
 */
export interface Edge<Item> {
  node: Item;
  owner: string;
  offset: number;
}

/** Where a window sits: its cursors, like its edges', are written only when selected. */
interface PageWindow {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  owner: string;
  start: number;
  count: number;
}

export interface Connection<Item> {
  edges: Array<Edge<Item>>;
  pageInfo: PageWindow;
  totalCount: number;
}

const PageInfo = builder.objectRef<Connection<unknown>['pageInfo']>('PageInfo').implement({
  description: 'Where a window of a connection sits in the whole list (Relay cursor connections).',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'Whether items follow the last edge.' }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', { description: 'Whether items come before the first edge.' }),
    startCursor: t.string({
      nullable: true,
      description: 'Cursor of the first edge; null when there are none.',
      resolve: (p) => (p.count > 0 ? cursorAt(p.owner, p.start) : null),
    }),
    endCursor: t.string({
      nullable: true,
      description: 'Cursor of the last edge; pass it as `after` for the next window.',
      resolve: (p) => (p.count > 0 ? cursorAt(p.owner, p.start + p.count - 1) : null),
    }),
  }),
});

const edges = new Map<string, OutputRef<never>>();

/** The `XEdge` type of an item type, one per item type whatever connections share it (a write's payload answers one). */
export function edgeOf<Item>(name: string, what: string, item: OutputRef<Item>): OutputRef<Connection<Item>['edges'][number]> {
  const known = edges.get(name);
  if (known) return known as unknown as OutputRef<Connection<Item>['edges'][number]>;
  const Edge = builder.objectRef<Connection<Item>['edges'][number]>(`${name}Edge`).implement({
    description: `One of the ${what} of a connection, with its cursor.`,
    fields: (t) => ({
      cursor: t.string({
        description: 'Opaque position of this item; pass it as `after` to continue after it.',
        resolve: (edge) => cursorAt(edge.owner, edge.offset),
      }),
      // The generic item cannot be matched to Pothos' resolver type for an arbitrary ref.
      node: t.field({ type: item, description: 'The item.', resolve: (edge) => edge.node as never }),
    }),
  });
  edges.set(name, Edge as unknown as OutputRef<never>);
  return Edge;
}

/** How a connection type differs from the plain `XConnection` of its items. */
export interface ConnectionOptions<Item, Extra> {
  /** The connection type's name, where two connections of one item type differ (`DatedMovieConnection`). */
  name?: string;
  /** Fields beyond the Relay ones (the release days an upcoming list covers). */
  fields?: (t: ObjectFieldBuilder<Types, Connection<Item> & Extra>) => Record<string, FieldRef<Types>>;
}

/** The `XConnection` and `XEdge` types of an item type. */
export function connectionOf<Item, Extra extends object = object>(
  name: string,
  what: string,
  item: OutputRef<Item>,
  options: ConnectionOptions<Item, Extra> = {},
) {
  const Edge = edgeOf(name, what, item);
  return builder.objectRef<Connection<Item> & Extra>(options.name ?? `${name}Connection`).implement({
    description: `A window of ${what} (Relay cursor connection): \`first\` items \`after\` a cursor, or \`last\` items \`before\` one.`,
    fields: (t) => ({
      edges: t.field({ type: [Edge], description: `The ${what} in this window, in list order.`, resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfo, description: 'Where this window sits in the whole list.', resolve: (c) => c.pageInfo }),
      totalCount: t.int({
        description: `How many ${what} the list holds, counting no more than the catalog serves: 500 of its pages.`,
        resolve: (c) => c.totalCount,
      }),
      ...options.fields?.(t),
    }),
  });
}

export const connectionArgs = builder.args((t) => ({
  // No default in the schema: a default `first` would be sent beside `last`, which reads from the end.
  first: t.int({
    required: false,
    description: `How many items to return, from 1 to ${MAX_FIRST}. Without \`first\` or \`last\`, ${PAGE_SIZE}.`,
  }),
  after: t.string({
    required: false,
    description:
      'Return the items after this cursor (an `endCursor` or `cursor` of an earlier answer of this same field; a cursor of another field is BAD_USER_INPUT).',
  }),
  last: t.int({
    required: false,
    description: `How many items to return backward, from 1 to ${MAX_FIRST}: the last ones of the list, or the ones just \`before\` a cursor. Not with \`first\`/\`after\`.`,
  }),
  before: t.string({
    required: false,
    description:
      'Return the items before this cursor (a `startCursor` or `cursor` of an earlier answer of this same field). Not with `first`/`after`.',
  }),
}));

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** The cost-limit estimate of a connection: the upstream pages a window can span. */
export function connectionCost(args: ConnectionArgs) {
  // Backward without `before` reads the first page too, to learn where the list ends.
  const fromTheEnd = (args.last ?? null) !== null && (args.before ?? null) === null ? 1 : 0;
  return { field: Math.ceil((args.first ?? args.last ?? PAGE_SIZE) / PAGE_SIZE) + 1 + fromTheEnd, multiplier: 1 };
}

/** The connection field a resolver serves (its `info`): what its cursors belong to. */
type ConnectionField = Pick<GraphQLResolveInfo, 'parentType' | 'fieldName'>;

const ownerOf = (field: ConnectionField) => `${field.parentType.name}.${field.fieldName}`;
/** The cursor of the item at `offset` of the connection field `owner` ("Account.lists"), written when a cursor field is resolved. */
const cursorAt = (owner: string, offset: number) => Buffer.from(`${owner}:${offset}`).toString('base64url');

/** The window the arguments ask for: forward from a start, or backward to an end (null: the list's end). */
type Request = { forward: true; start: number; count: number } | { forward: false; end: number | null; count: number };

function countOf(argument: 'first' | 'last', value: number | null | undefined): number {
  const count = value ?? PAGE_SIZE;
  if (!Number.isInteger(count) || count < 1 || count > MAX_FIRST)
    throw valid.badInput(argument, `must be from 1 to ${MAX_FIRST}, got ${count}.`);
  return count;
}

function offsetOf(argument: 'after' | 'before', cursor: string, field: ConnectionField): number {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  const owner = `${ownerOf(field)}:`;
  const offset = text.startsWith(owner) ? text.slice(owner.length) : '';
  if (!/^\d{1,6}$/.test(offset)) throw valid.badInput(argument, ARGUMENT.cursor);
  return Number(offset);
}

/** Checks the arguments before any upstream call; one direction per request, as Relay sends. */
export function windowOf(args: ConnectionArgs, field: ConnectionField): Request {
  const backward = (args.last ?? args.before ?? null) !== null;
  if (backward && (args.first ?? args.after ?? null) !== null) throw valid.badInput('last', ARGUMENT.connectionDirection);
  if (!backward) {
    const count = countOf('first', args.first);
    return { forward: true, start: args.after == null ? 0 : offsetOf('after', args.after, field) + 1, count };
  }
  const count = countOf('last', args.last);
  return { forward: false, end: args.before == null ? null : offsetOf('before', args.before, field), count };
}

/** The forward window of a request, once the list's length is known when it must be. */
function startAndCount(request: Request, total: number): { start: number; count: number } {
  if (request.forward) return request;
  const end = Math.min(request.end ?? total, total);
  const start = Math.max(0, end - request.count);
  return { start, count: Math.max(0, end - start) };
}

function connection<Item>(field: ConnectionField, items: Item[], start: number, totalCount: number): Connection<Item> {
  const owner = ownerOf(field);
  const edges = items.map((node, i) => ({ node, owner, offset: start + i }));
  return {
    edges,
    totalCount,
    pageInfo: { hasNextPage: start + edges.length < totalCount, hasPreviousPage: start > 0, owner, start, count: edges.length },
  };
}

/**
 * A connection over a paged upstream list: reads the pages that hold the window. `pageSize` is
 * how many items one upstream page holds: 20 for most lists, 100 for the change feeds.
 */
export async function connectPages<Item>(
  args: ConnectionArgs,
  field: ConnectionField,
  fetchPage: (page: number) => Promise<Up.Page<Item>>,
  pageSize = PAGE_SIZE,
): Promise<Connection<Item>> {
  const request = windowOf(args, field);
  // Backward from the end needs the list's length first; the first page tells it (and is cached).
  const reachableOf = (page: Up.Page<Item> | undefined) => Math.min(page?.total_results ?? 0, MAX_PAGES * pageSize);
  const known = request.forward || request.end !== null ? null : reachableOf(await fetchPage(1));
  const { start, count } = startAndCount(request, known ?? MAX_PAGES * pageSize);
  const firstPage = Math.floor(start / pageSize) + 1;
  const lastPage = Math.min(Math.floor((start + Math.max(count, 1) - 1) / pageSize) + 1, MAX_PAGES);
  // Past the pages the catalog serves the window is empty, but the list is not: its length comes
  // from the first page (cached, and within the window's estimate of pages). It was 0.
  if (firstPage > MAX_PAGES) return connection(field, [], start, known ?? reachableOf(await fetchPage(1)));
  const pages = await Promise.all(Array.from({ length: lastPage - firstPage + 1 }, (_, i) => fetchPage(firstPage + i)));
  // A page without its results is no page (the field's UPSTREAM_ERROR "unexpected shape"), never an empty list.
  if (!pages.every((page) => Array.isArray(page?.results))) throw new Error('an upstream page without results');
  const reachable = reachableOf(pages[0]);
  const items = pages.flatMap((page) => page.results).slice(start - (firstPage - 1) * pageSize, start - (firstPage - 1) * pageSize + count);
  return connection(field, items, start, reachable);
}

/** A connection over a list the catalog sends whole (a season's episodes). */
export function connectList<Item>(args: ConnectionArgs, field: ConnectionField, all: Item[]): Connection<Item> {
  const { start, count } = startAndCount(windowOf(args, field), all.length);
  return connection(field, all.slice(start, start + count), start, all.length);
}
