/**
 * User lists (v3): details with their items (paged), whether a movie is on a list, and the
 * account's edits: create, add/remove a movie, clear (confirm=true), delete. Writes need a
 * session (401 code 3) of the list's owner (401 code 38 for anyone else's list).
 */
import { CACHE } from '../caching.ts';
import type { UserListRecord } from '../data/user-lists.ts';
import { CODE, CatalogError } from '../errors.ts';
import { PAGE_SIZE, readPage } from '../params.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { viewerOf } from '../viewer.ts';
import { writeReply } from './account-marks.ts';
import { movieSummary, tvSummary } from './shapes.ts';

const LIST = '/list/{list_id:int}';
const MAX_NAME = 100;
const MAX_DESCRIPTION = 1000;

function listOf(request: RouteRequest): UserListRecord {
  const list = request.catalog.data.userLists.get(intParam(request, 'list_id'));
  if (!list) throw new CatalogError(CODE.notFound);
  return list;
}

/** A list the session's account may edit. Session first (401 code 3), then the list (404), then ownership (401 code 38). */
function ownedList(request: RouteRequest): UserListRecord {
  const viewer = viewerOf(request, { guests: false });
  const list = listOf(request);
  if (list.owner === undefined || list.owner !== viewer.accountId) throw new CatalogError(CODE.noEditPermission);
  return list;
}

/** `media_id` of the body: a positive integer (422 code 5 otherwise) of a movie the catalog has (404 code 34). */
function bodyMovieId(request: RouteRequest): number {
  const id = request.body.media_id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw new CatalogError(CODE.invalidParameters);
  request.catalog.lookup.movie(id);
  return id;
}

function optionalText(request: RouteRequest, name: string, max: number): string | undefined {
  const value = request.body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > max) throw new CatalogError(CODE.invalidParameters);
  return value;
}

export const listRoutes: Route[] = [
  {
    // The real example's field order; `id` is a string there. Items are paged 20 at a time.
    method: 'GET',
    path: LIST,
    handle: (request) => {
      const list = listOf(request);
      const page = readPage(request.query);
      const { lookup } = request.catalog;
      const items = list.items
        .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
        .map((item) =>
          item.media_type === 'movie'
            ? { ...movieSummary(lookup.movie(item.id)), media_type: 'movie' }
            : tvSummary(lookup.tvSeries(item.id)),
        );
      const body = {
        created_by: list.created_by,
        description: list.description,
        favorite_count: list.favorite_count,
        id: String(list.id),
        items,
        item_count: list.items.length,
        iso_639_1: list.iso_639_1,
        name: list.name,
        page,
        poster_path: list.poster_path,
        total_pages: Math.ceil(list.items.length / PAGE_SIZE),
        total_results: list.items.length,
      };
      // The account's own lists change with its edits, so they are not shared-cacheable.
      return { body, cache: list.owner === undefined ? CACHE.pages : CACHE.private };
    },
  },
  {
    method: 'GET',
    path: `${LIST}/item_status`,
    handle: (request) => {
      const list = listOf(request);
      const text = request.query.movie_id;
      if (text === undefined || !/^\d{1,10}$/.test(text)) throw new CatalogError(CODE.invalidParameters);
      const movieId = Number(text);
      const present = list.items.some((item) => item.media_type === 'movie' && item.id === movieId);
      return { body: { id: list.id, item_present: present }, cache: list.owner === undefined ? CACHE.pages : CACHE.private };
    },
  },
  {
    method: 'POST',
    path: '/list',
    handle: (request) => {
      const viewer = viewerOf(request, { guests: false });
      const name = optionalText(request, 'name', MAX_NAME)?.trim();
      if (!name) throw new CatalogError(CODE.invalidParameters);
      const description = optionalText(request, 'description', MAX_DESCRIPTION) ?? '';
      const language = optionalText(request, 'language', 5) ?? 'en';
      if (!/^[a-z]{2}$/.test(language)) throw new CatalogError(CODE.invalidParameters);
      const { data } = request.catalog;
      if (viewer.accountId !== data.account.id) throw new CatalogError(CODE.authenticationFailed);
      const list = data.userLists.create(data.account, { name, description, iso_639_1: language });
      const body = { status_message: 'The item/record was created successfully.', success: true, status_code: 1, list_id: list.id };
      return { body, status: 201, cache: CACHE.write };
    },
  },
  {
    method: 'POST',
    path: `${LIST}/add_item`,
    handle: (request) => {
      const list = ownedList(request);
      const movieId = bodyMovieId(request);
      if (list.items.some((item) => item.media_type === 'movie' && item.id === movieId)) throw new CatalogError(CODE.duplicateEntry);
      list.items.push({ media_type: 'movie', id: movieId });
      return writeReply(12, 201);
    },
  },
  {
    method: 'POST',
    path: `${LIST}/remove_item`,
    handle: (request) => {
      const list = ownedList(request);
      const movieId = bodyMovieId(request);
      const index = list.items.findIndex((item) => item.media_type === 'movie' && item.id === movieId);
      if (index !== -1) list.items.splice(index, 1);
      return writeReply(13, 200);
    },
  },
  {
    method: 'POST',
    path: `${LIST}/clear`,
    handle: (request) => {
      const list = ownedList(request);
      if (request.query.confirm !== 'true') throw new CatalogError(CODE.confirmRequired);
      list.items.length = 0;
      return writeReply(12, 201);
    },
  },
  {
    // The real example answers a deletion with code 12 and HTTP 200.
    method: 'DELETE',
    path: LIST,
    handle: (request) => {
      const list = ownedList(request);
      request.catalog.data.userLists.delete(list.id);
      return { ...writeReply(12, 200) };
    },
  },
];
