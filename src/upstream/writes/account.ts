import type * as A from '../types/account.ts';
import { write } from '../resources/define.ts';

type MediaMark = { accountId: number; mediaType: 'movie' | 'tv'; mediaId: number; on: boolean };

/**
 * Account writes (favourites, watchlist, user lists) need the user session; the session id
 * travels as the `session_id` query parameter, as the real service wants it.
 */
export const accountWrites = {
  setFavorite: write<MediaMark, A.WriteStatus>(
    (p, session) => ({
      method: 'POST',
      path: ['account', p.accountId, 'favorite'],
      query: { ...session },
      body: { media_type: p.mediaType, media_id: p.mediaId, favorite: p.on },
    }),
    'user',
  ),
  setWatchlist: write<MediaMark, A.WriteStatus>(
    (p, session) => ({
      method: 'POST',
      path: ['account', p.accountId, 'watchlist'],
      query: { ...session },
      body: { media_type: p.mediaType, media_id: p.mediaId, watchlist: p.on },
    }),
    'user',
  ),
  createList: write<{ name: string; description: string; language: string }, A.CreatedList>(
    (p, session) => ({ method: 'POST', path: ['list'], query: { ...session }, body: { name: p.name, description: p.description, language: p.language } }),
    'user',
  ),
  addMovieToList: write<{ listId: number; movieId: number }, A.WriteStatus>(
    (p, session) => ({ method: 'POST', path: ['list', p.listId, 'add_item'], query: { ...session }, body: { media_id: p.movieId } }),
    'user',
  ),
  removeMovieFromList: write<{ listId: number; movieId: number }, A.WriteStatus>(
    (p, session) => ({ method: 'POST', path: ['list', p.listId, 'remove_item'], query: { ...session }, body: { media_id: p.movieId } }),
    'user',
  ),
  clearList: write<{ listId: number }, A.WriteStatus>(
    (p, session) => ({ method: 'POST', path: ['list', p.listId, 'clear'], query: { ...session, confirm: true } }),
    'user',
  ),
  deleteList: write<{ listId: number }, A.WriteStatus>(
    (p, session) => ({ method: 'DELETE', path: ['list', p.listId], query: { ...session } }),
    'user',
  ),
};
