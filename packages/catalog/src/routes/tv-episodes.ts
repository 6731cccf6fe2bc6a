/** TV episodes: details (with append_to_response) and the user's account states. */
import { CACHE } from '../caching.ts';
import { episodeAccountState } from '../data/account-state.ts';
import type { EpisodeAccountState } from '../data/tv-types.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { viewerOf } from '../viewer.ts';
import { episodeDetails } from './shapes.ts';

const EPISODE = '/tv/{series_id:int}/season/{season_number:int}/episode/{episode_number:int}';

function episodeOf(request: RouteRequest) {
  return request.catalog.lookup.episode(
    intParam(request, 'series_id'),
    intParam(request, 'season_number'),
    intParam(request, 'episode_number'),
  );
}

/**
 * The account's states for a user session; a guest session's own ratings for a guest session
 * (never favourite or watchlist). Without a known session of either kind: 401 code 3.
 */
function accountStateOf(request: RouteRequest, episodeId: number): EpisodeAccountState {
  const viewer = viewerOf(request, { guests: true });
  return episodeAccountState(request.catalog.data, viewer.rater, episodeId);
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
