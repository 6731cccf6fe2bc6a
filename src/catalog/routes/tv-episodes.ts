/** TV episodes: details (with append_to_response) and the user's account states. */
import { CACHE } from '../caching.ts';
import type { EpisodeAccountState } from '../data/tv-types.ts';
import { CODE, CatalogError } from '../errors.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { episodeDetails } from './shapes.ts';

const EPISODE = '/tv/{series_id:int}/season/{season_number:int}/episode/{episode_number:int}';
const UNTOUCHED: EpisodeAccountState = { favorite: false, rated: false, watchlist: false };

function episodeOf(request: RouteRequest) {
  return request.catalog.lookup.episode(
    intParam(request, 'series_id'),
    intParam(request, 'season_number'),
    intParam(request, 'episode_number'),
  );
}

/**
 * A user session sees the account's states; a guest session has rated nothing yet.
 * Without a known session of either kind: 401 code 3.
 */
function accountStateOf(request: RouteRequest, episodeId: number): EpisodeAccountState {
  const { sessions, data } = request.catalog;
  const { session_id: sessionId, guest_session_id: guestSessionId } = request.query;
  if (sessionId !== undefined) {
    if (sessions.accountOf(sessionId) !== data.account.id) throw new CatalogError(CODE.authenticationFailed);
    return data.episodeAccountStates.get(episodeId) ?? UNTOUCHED;
  }
  if (sessions.isGuestSession(guestSessionId)) return UNTOUCHED;
  throw new CatalogError(CODE.authenticationFailed);
}

export const tvEpisodeRoutes: Route[] = [
  {
    method: 'GET',
    path: EPISODE,
    acceptsAppend: true,
    appendAs: 'nested',
    handle: (request) => ({ body: episodeDetails(episodeOf(request)), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: `${EPISODE}/account_states`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const episode = episodeOf(request);
      const state = accountStateOf(request, episode.id);
      return { body: { id: episode.id, ...state }, cache: CACHE.private };
    },
  },
];
