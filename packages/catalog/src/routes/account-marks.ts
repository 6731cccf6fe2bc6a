/**
 * The account's favourites, watchlist, rated series and episodes, and its own lists; and the
 * POSTs that add to or remove from the favourites and the watchlist. All need a session of
 * that account (401 code 3 otherwise) and are private.
 */
import { CACHE } from '../caching.ts';
import type { AccountListName, MediaKind } from '../data/account-state.ts';
import { accountRater } from '../data/ratings.ts';
import type { UserListRecord } from '../data/user-lists.ts';
import { CODE, CatalogError } from '../errors.ts';
import { paginate, readPage } from '../params.ts';
import type { Route, RouteRequest } from '../router.ts';
import { accountOf } from './account.ts';
import { accountTvItem, ratedPage, readListQuery } from './rated-shapes.ts';
import { movieSummary } from './shapes.ts';

const ACCOUNT = '/account/{account_id:int}';

function mediaPage(request: RouteRequest, list: AccountListName, kind: MediaKind) {
  accountOf(request);
  const { data, lookup } = request.catalog;
  const { descending, page } = readListQuery(request.query);
  const ids = data.accountMedia.ids(list, kind);
  if (descending) ids.reverse();
  const results = ids.map((id) => (kind === 'movie' ? movieSummary(lookup.movie(id)) : accountTvItem(lookup, id)));
  return { body: paginate(results, page), cache: CACHE.private };
}

/** A list as /account/{id}/lists and /movie/{id}/lists summarise it. */
export function listSummary(list: UserListRecord) {
  return {
    description: list.description,
    favorite_count: list.favorite_count,
    id: list.id,
    item_count: list.items.length,
    iso_639_1: list.iso_639_1,
    list_type: list.list_type,
    name: list.name,
    poster_path: list.poster_path,
  };
}

/** The success triple of a write, with the HTTP status the real service pairs with it. */
export function writeReply(code: 1 | 12 | 13, status: number) {
  const messages = { 1: 'Success.', 12: 'The item/record was updated successfully.', 13: 'The item/record was deleted successfully.' };
  return { body: { success: true, status_code: code, status_message: messages[code] }, status, cache: CACHE.write };
}

/**
 * POST /account/{id}/favorite|watchlist with {media_type, media_id, favorite|watchlist}:
 * added → 201 code 1, already there → 201 code 12, removed (or was not there) → 200 code 13.
 * A body with a wrong media_type, media_id or flag → 422 code 5; an unknown movie or series → 404 code 34.
 */
function markMedia(request: RouteRequest, list: AccountListName) {
  accountOf(request);
  const { body, catalog } = request;
  const mediaType = body.media_type;
  const mediaId = body.media_id;
  const on = body[list];
  if ((mediaType !== 'movie' && mediaType !== 'tv') || typeof on !== 'boolean') throw new CatalogError(CODE.invalidParameters);
  if (typeof mediaId !== 'number' || !Number.isInteger(mediaId) || mediaId < 1) throw new CatalogError(CODE.invalidParameters);
  if (mediaType === 'movie') catalog.lookup.movie(mediaId);
  else catalog.lookup.tvSeries(mediaId);
  const changed = catalog.data.accountMedia.put(list, mediaType, mediaId, on);
  if (!on) return writeReply(13, 200);
  return changed ? writeReply(1, 201) : writeReply(12, 201);
}

export const accountExtraRoutes: Route[] = [
  { method: 'GET', path: `${ACCOUNT}/favorite/movies`, handle: (request) => mediaPage(request, 'favorite', 'movie') },
  { method: 'GET', path: `${ACCOUNT}/favorite/tv`, handle: (request) => mediaPage(request, 'favorite', 'tv') },
  { method: 'GET', path: `${ACCOUNT}/watchlist/movies`, handle: (request) => mediaPage(request, 'watchlist', 'movie') },
  { method: 'GET', path: `${ACCOUNT}/watchlist/tv`, handle: (request) => mediaPage(request, 'watchlist', 'tv') },
  {
    method: 'GET',
    path: `${ACCOUNT}/rated/tv`,
    handle: (request) => {
      const account = accountOf(request);
      const { data, lookup } = request.catalog;
      return { body: ratedPage(data, lookup, accountRater(account.id), 'tv', request.query), cache: CACHE.private };
    },
  },
  {
    method: 'GET',
    path: `${ACCOUNT}/rated/tv/episodes`,
    handle: (request) => {
      const account = accountOf(request);
      const { data, lookup } = request.catalog;
      return { body: ratedPage(data, lookup, accountRater(account.id), 'episode', request.query), cache: CACHE.private };
    },
  },
  {
    method: 'GET',
    path: `${ACCOUNT}/lists`,
    handle: (request) => {
      const account = accountOf(request);
      const page = readPage(request.query);
      const lists = request.catalog.data.userLists.ownedBy(account.id).map(listSummary);
      return { body: paginate(lists, page), cache: CACHE.private };
    },
  },
  { method: 'POST', path: `${ACCOUNT}/favorite`, handle: (request) => markMedia(request, 'favorite') },
  { method: 'POST', path: `${ACCOUNT}/watchlist`, handle: (request) => markMedia(request, 'watchlist') },
];
