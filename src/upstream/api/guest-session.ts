/** What the request's guest session (X-Guest-Session-Id) rated. Creating one is in auth.ts. */
import type { RatedEpisode, RatedTVSeries } from './account.ts';
import { resource } from './define.ts';
import type { RatedMovie } from './movie.ts';
import { param } from '../request.ts';
import type { Page } from './wire.ts';

type GuestPage = { page?: number; language?: string; sortBy?: string };

/** The guest session's id is a path segment here, not a query parameter. */
function guestRated<Item>(...segments: string[]) {
  return resource<GuestPage, Page<Item>>(
    (p, session) => ({
      path: ['guest_session', param(session.guest_session_id ?? ''), 'rated', ...segments],
      query: { language: p.language, page: p.page, sort_by: p.sortBy },
    }),
    'guest',
  );
}

export const guestSessionResources = {
  guestRatedMovies: guestRated<RatedMovie>('movies'),
  guestRatedTVSeries: guestRated<RatedTVSeries>('tv'),
  guestRatedEpisodes: guestRated<RatedEpisode>('tv', 'episodes'),
};
