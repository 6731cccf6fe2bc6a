import type * as Up from '../types.ts';
import type * as A from '../types/account.ts';
import { param } from '../paths.ts';
import { resource, sessionResource, type SessionQuery } from './define.ts';

type AccountPage = { accountId: number; page?: number; language?: string; sortBy?: string };
type GuestPage = { page?: number; language?: string; sortBy?: string };

/** One of the account's paged, sortable lists (favorite/movies, rated/tv, ...). */
function accountList<Item>(...segments: string[]) {
  return sessionResource<AccountPage, Up.Page<Item>>((p, session: SessionQuery) => ({
    path: ['account', p.accountId, ...segments],
    query: { language: p.language, page: p.page, ...session, sort_by: p.sortBy },
  }));
}

/** What the request's guest session (X-Guest-Session-Id) rated; its id is a path segment here. */
function guestRated<Item>(...segments: string[]) {
  return resource<GuestPage, Up.Page<Item>>(
    (p, session) => ({
      path: ['guest_session', param(session.guest_session_id ?? ''), 'rated', ...segments],
      query: { language: p.language, page: p.page, sort_by: p.sortBy },
    }),
    'guest',
  );
}

export const accountResources = {
  account: sessionResource<{ accountId: number }, Up.AccountDetails>((p, session) => ({
    path: ['account', p.accountId],
    query: { ...session },
  })),
  ratedMovies: accountList<Up.RatedMovie>('rated', 'movies'),
  ratedTVSeries: accountList<A.RatedTVSeries>('rated', 'tv'),
  ratedEpisodes: accountList<A.RatedEpisode>('rated', 'tv', 'episodes'),
  favoriteMovies: accountList<Up.MovieSummary>('favorite', 'movies'),
  favoriteTVSeries: accountList<Up.TVSeriesSummary>('favorite', 'tv'),
  watchlistMovies: accountList<Up.MovieSummary>('watchlist', 'movies'),
  watchlistTVSeries: accountList<Up.TVSeriesSummary>('watchlist', 'tv'),
  accountLists: sessionResource<{ accountId: number; page?: number }, Up.Page<Up.UserList>>((p, session) => ({
    path: ['account', p.accountId, 'lists'],
    query: { page: p.page, ...session },
  })),
  guestRatedMovies: guestRated<Up.RatedMovie>('movies'),
  guestRatedTVSeries: guestRated<A.RatedTVSeries>('tv'),
  guestRatedEpisodes: guestRated<A.RatedEpisode>('tv', 'episodes'),
  userList: resource<{ listId: number; page?: number; language?: string }, A.ListDetails>((p) => ({
    path: ['list', p.listId],
    query: { language: p.language, page: p.page },
  })),
  listItemStatus: resource<{ listId: number; movieId: number }, A.ListItemStatus>((p) => ({
    path: ['list', p.listId, 'item_status'],
    query: { movie_id: p.movieId },
  })),
};
