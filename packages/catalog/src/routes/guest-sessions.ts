/**
 * What a guest session rated: GET /guest_session/{guest_session_id}/rated/movies|tv|tv/episodes.
 * The id in the path is the credential; an unknown or expired one is 401 code 3. Private.
 */
import { CACHE } from '../caching.ts';
import type { RatedKind } from '../data/ratings.ts';
import { guestRater } from '../data/ratings.ts';
import { CODE, CatalogError } from '../errors.ts';
import { type Route, type RouteRequest, textParam } from '../router.ts';
import { ratedPage } from './rated-shapes.ts';

function guestRated(request: RouteRequest, kind: RatedKind) {
  const guestSessionId = textParam(request, 'guest_session_id');
  const { data, lookup, sessions } = request.catalog;
  if (!sessions.isGuestSession(guestSessionId)) throw new CatalogError(CODE.authenticationFailed);
  return { body: ratedPage(data, lookup, guestRater(guestSessionId), kind, request.query), cache: CACHE.private };
}

const GUEST = '/guest_session/{guest_session_id}/rated';

export const guestSessionRoutes: Route[] = [
  { method: 'GET', path: `${GUEST}/movies`, handle: (request) => guestRated(request, 'movie') },
  { method: 'GET', path: `${GUEST}/tv`, handle: (request) => guestRated(request, 'tv') },
  { method: 'GET', path: `${GUEST}/tv/episodes`, handle: (request) => guestRated(request, 'episode') },
];
