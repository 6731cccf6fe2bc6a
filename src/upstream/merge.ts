import type { QueryValue, UpstreamRequest } from './request.ts';
import type { AppendParent } from './api/define.ts';
import type { LanguageDefaults } from './language.ts';
import { appendableKeys } from './api/registry.ts';
import type { PathSegment } from './request.ts';

/**
 * Merges loads of one parent's sub-resources, made in the same tick, into one call of the
 * parent's detail endpoint with `append_to_response` (CONTRACT.md §2): the answer carries each
 * sub-resource under a key named by its sub-path. Only loads whose query parameters are
 * identical merge, so each one receives exactly the answer its own endpoint would give.
 *
 * Loads for the deferred part of an incremental answer (@defer) merge only among themselves:
 * a slow sub-resource that a client deferred never holds back the call of the first part.
 */

const ANY_ID = /^\d+$/;
const MAX_APPENDED = 20;

interface Namespace {
  /** Path shape of the detail endpoint; `#` stands for a number. */
  shape: string[];
  appendable: ReadonlySet<string>;
}

/**
 * The path shape of each parent detail endpoint. Which sub-resources each one can carry is
 * declared on the resources themselves (`append`, see api/define.ts) and read from the registry.
 */
const SHAPES: Record<AppendParent, string[]> = {
  episode: ['tv', '#', 'season', '#', 'episode', '#'],
  season: ['tv', '#', 'season', '#'],
  tv: ['tv', '#'],
  movie: ['movie', '#'],
  person: ['person', '#'],
};

// Longest shapes first, so a season path is not mistaken for a series sub-resource.
const NAMESPACES: Namespace[] = (Object.entries(SHAPES) as Array<[AppendParent, string[]]>)
  .sort(([, a], [, b]) => b.length - a.length)
  .map(([parent, shape]) => ({ shape, appendable: appendableKeys.get(parent) ?? new Set<string>() }));

/** The detail endpoint a GET belongs to, and its sub-path key (null for the details themselves). */
function parentOf(path: ReadonlyArray<PathSegment>): { parent: PathSegment[]; key: string | null } | undefined {
  for (const namespace of NAMESPACES) {
    const { shape } = namespace;
    if (path.length < shape.length || !fits(path, shape)) continue;
    if (path.length === shape.length) return { parent: path.slice(0, shape.length), key: null };
    const key = path.slice(shape.length).join('/');
    return namespace.appendable.has(key) ? { parent: path.slice(0, shape.length), key } : undefined;
  }
  return undefined;
}

/** Whether the path starts as the shape does (`#`: any id); by a loop, as it runs for every load. */
function fits(path: ReadonlyArray<PathSegment>, shape: readonly string[]): boolean {
  for (let i = 0; i < shape.length; i++) {
    const part = shape[i];
    if (part === '#' ? !ANY_ID.test(String(path[i])) : part !== path[i]) return false;
  }
  return true;
}

/**
 * Query parameters as one canonical string; page 1 is the default and means the same as none.
 * Written by a loop and sorted in place: every load of a merged request computes it, and the
 * entries, filter, map and sort arrays were a tenth of what the merger allocated.
 */
function canonicalQuery(query: Readonly<Record<string, QueryValue>> = {}): string {
  const parts: string[] = [];
  for (const name in query) {
    const value = query[name];
    if (value === undefined || (name === 'page' && String(value) === '1')) continue;
    insertSorted(parts, `${name}=${String(value)}`);
  }
  return parts.join('&');
}

/** Adds `item` in order: lists of a handful, and Array#sort allocates a work array even for two. */
function insertSorted(list: string[], item: string): void {
  let at = list.push(item) - 1;
  for (; at > 0; at--) {
    const before = list[at - 1] as string;
    if (before <= item) break;
    list[at] = before;
  }
  list[at] = item;
}

interface Member {
  key: string | null;
  request: UpstreamRequest;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Group {
  parent: PathSegment[];
  query: Readonly<Record<string, QueryValue>>;
  members: Member[];
}

export type Send = (request: UpstreamRequest) => Promise<unknown>;

/**
 * Per request: merges what can be merged, sends the rest as it is. With a language, a
 * sub-resource that takes no language (external ids, translations...) still rides the detail
 * call that carries it: the detail endpoint passes `language` and `include_image_language` on
 * to what it appends, and the ones that take none ignore them, so one language costs no more
 * calls than the default.
 */
export function createMerger(send: Send, language?: LanguageDefaults) {
  const shared: Record<string, QueryValue> | undefined = language && {
    language: language.language,
    include_image_language: language.includeImageLanguage,
  };
  const groupQuery = (query: Readonly<Record<string, QueryValue>> = {}) => {
    if (!shared) return query;
    const merged: Record<string, QueryValue> = { ...shared };
    for (const [name, value] of Object.entries(query)) if (value !== undefined) merged[name] = value;
    return merged;
  };
  let groups = new Map<string, Group>();
  let scheduled = false;

  function flush() {
    const ready = groups;
    groups = new Map();
    scheduled = false;
    for (const group of ready.values()) void sendGroup(group);
  }

  function sendGroup(group: Group) {
    const subs = appendedKeys(group.members);
    if (group.members.length === 1 || subs.length === 0) {
      for (const member of group.members) send(member.request).then(member.resolve, member.reject);
      return;
    }
    for (let i = 0; i < subs.length; i += MAX_APPENDED) {
      void sendChunk(group, subs.length <= MAX_APPENDED ? subs : subs.slice(i, i + MAX_APPENDED), i === 0);
    }
  }

  /** One call of a group, appending `keys`; the first also answers the members that asked for the parent itself. */
  async function sendChunk(group: Group, keys: readonly string[], first: boolean) {
    const takers = group.members.filter((m) => (m.key === null ? first : keys.includes(m.key)));
    try {
      const body = (await send({
        path: group.parent,
        query: { ...group.query, append_to_response: keys.join(',') },
      })) as Record<string, unknown>;
      // The parent's own fields, copied only when a member asked for the parent itself: for a
      // page of list items only their sub-resources are wanted, and the copy of every movie's
      // details was the costliest line of an uncached answer of 20 movies.
      let details: Record<string, unknown> | undefined;
      for (const member of takers) {
        if (member.key === null) member.resolve((details ??= withoutKeys(body, keys)));
        // A service that ignores an append name leaves it out: ask that endpoint itself.
        else if (body[member.key] === undefined) send(member.request).then(member.resolve, member.reject);
        else member.resolve(body[member.key]);
      }
    } catch (error) {
      for (const member of takers) member.reject(error);
    }
  }

  return {
    fetch(request: UpstreamRequest, deferred = false): Promise<unknown> {
      const place = (request.method ?? 'GET') === 'GET' ? parentOf(request.path) : undefined;
      // Appended lists always come back at their first page, whatever page the call names.
      const laterPage = request.query?.page !== undefined && String(request.query.page) !== '1';
      if (!place || laterPage) return send(request);
      const query = groupQuery(request.query);
      const groupKey = `${deferred ? 'deferred ' : ''}${place.parent.join('/')}?${canonicalQuery(query)}`;
      let group = groups.get(groupKey);
      if (!group) {
        group = { parent: place.parent, query, members: [] };
        groups.set(groupKey, group);
      }
      const members = group.members;
      const promise = new Promise((resolve, reject) => members.push({ key: place.key, request, resolve, reject }));
      if (!scheduled) {
        scheduled = true;
        // After the DataLoaders of this tick have dispatched their batches (they use the same schedule).
        Promise.resolve().then(() => process.nextTick(flush));
      }
      return promise;
    },
  };
}

/** The sub-resource keys a group's members ask for, each once, sorted (so that one call's URL is one text). */
function appendedKeys(members: readonly Member[]): string[] {
  const keys: string[] = [];
  for (const { key } of members) {
    if (key !== null && !keys.includes(key)) insertSorted(keys, key);
  }
  return keys;
}

/** The object's fields but the given ones, as a new object (the answer's own is shared by the members). */
function withoutKeys(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const name in body) if (!keys.includes(name)) rest[name] = body[name];
  return rest;
}
