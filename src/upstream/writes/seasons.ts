import type * as Up from '../types.ts';
import { write, type EpisodeKey } from '../resources/define.ts';

const rating = (p: EpisodeKey) => ['tv', p.seriesId, 'season', p.seasonNumber, 'episode', p.episodeNumber, 'rating'];

/** Rating an episode: the user session or a guest session (the real service accepts both). */
export const seasonWrites = {
  rateEpisode: write<EpisodeKey & { value: number }, Up.StatusResponse>(
    (p, session) => ({ method: 'POST', path: rating(p), query: { ...session }, body: { value: p.value } }),
    'user-or-guest',
  ),
  deleteEpisodeRating: write<EpisodeKey, Up.StatusResponse>(
    (p, session) => ({ method: 'DELETE', path: rating(p), query: { ...session } }),
    'user-or-guest',
  ),
};
