/**
 * The account of the user session: details, its rated, favourite and watchlist lists, its user
 * lists, and the favourite and watchlist writes. Also the per-title account state shape.
 */
import { sessionResource, write, type SessionQuery } from './define.ts';
import type { EpisodeSummary } from './episode.ts';
import type { UserList } from './list.ts';
import type { MovieSummary, RatedMovie } from './movie.ts';
import type { TVSeriesSummary } from './tv.ts';
import type { Page, WriteStatus } from './wire.ts';

export interface AccountDetails {
  id: number;
  avatar: { gravatar: { hash: string | null }; tmdb: { avatar_path: string | null } };
  iso_639_1: string;
  iso_3166_1: string;
  name: string;
  include_adult: boolean;
  username: string;
}

/** GET …/account_states of a movie, series or episode: the session's marks on it. */
export interface AccountStates {
  id: number;
  favorite: boolean;
  rated: { value: number } | false;
  watchlist: boolean;
}

export interface RatedTVSeries extends TVSeriesSummary {
  rating: number;
}

/** Rated episode lists carry show_id and the rating. */
export interface RatedEpisode extends EpisodeSummary {
  show_id: number;
  rating: number;
}

type AccountPage = { accountId: number; page?: number; language?: string; sortBy?: string };

/** One of the account's paged, sortable lists (favorite/movies, rated/tv, ...). */
function accountList<Item>(...segments: string[]) {
  return sessionResource<AccountPage, Page<Item>>((p, session: SessionQuery) => ({
    path: ['account', p.accountId, ...segments],
    query: { language: p.language, page: p.page, ...session, sort_by: p.sortBy },
  }));
}

export const accountResources = {
  account: sessionResource<{ accountId: number }, AccountDetails>((p, session) => ({
    path: ['account', p.accountId],
    query: { ...session },
  })),
  /**
   * The session's own account. The real service finds the account by `session_id`; its published
   * description gives the path's `account_id` the default `null`, which is what a caller sends
   * when it does not know the id yet (a session flow never hands one out).
   */
  viewer: sessionResource<Record<string, never>, AccountDetails>((_, session) => ({
    path: ['account', 'null'],
    query: { ...session },
  })),
  ratedMovies: accountList<RatedMovie>('rated', 'movies'),
  ratedTVSeries: accountList<RatedTVSeries>('rated', 'tv'),
  ratedEpisodes: accountList<RatedEpisode>('rated', 'tv', 'episodes'),
  favoriteMovies: accountList<MovieSummary>('favorite', 'movies'),
  favoriteTVSeries: accountList<TVSeriesSummary>('favorite', 'tv'),
  watchlistMovies: accountList<MovieSummary>('watchlist', 'movies'),
  watchlistTVSeries: accountList<TVSeriesSummary>('watchlist', 'tv'),
  accountLists: sessionResource<{ accountId: number; page?: number }, Page<UserList>>((p, session) => ({
    path: ['account', p.accountId, 'lists'],
    query: { page: p.page, ...session },
  })),
};

type MediaMark = { accountId: number; mediaType: 'movie' | 'tv'; mediaId: number; on: boolean };

/**
 * Favourite and watchlist marks need the user session; the session id travels as the
 * `session_id` query parameter, as the real service wants it.
 */
export const accountWrites = {
  setFavorite: write<MediaMark, WriteStatus>(
    (p, session) => ({
      method: 'POST',
      path: ['account', p.accountId, 'favorite'],
      query: { ...session },
      body: { media_type: p.mediaType, media_id: p.mediaId, favorite: p.on },
    }),
    'user',
  ),
  setWatchlist: write<MediaMark, WriteStatus>(
    (p, session) => ({
      method: 'POST',
      path: ['account', p.accountId, 'watchlist'],
      query: { ...session },
      body: { media_type: p.mediaType, media_id: p.mediaId, watchlist: p.on },
    }),
    'user',
  ),
};
