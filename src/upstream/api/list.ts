/** User lists: a list's page of items, whether it holds a movie, and the list writes (user session). */
import { UpstreamError } from '../answer.ts';
import { param, type PathSegment } from '../request.ts';
import { resource, write } from './define.ts';
import type { MovieSummary } from './movie.ts';
import type { TVSeriesSummary } from './tv.ts';
import type { WriteStatus } from './wire.ts';

/** A list as the lists of a movie, a series or an account show it. */
export interface UserList {
  id: number;
  name: string;
  description: string;
  favorite_count: number;
  item_count: number;
  iso_639_1: string;
  iso_3166_1?: string;
  list_type?: string;
  poster_path: string | null;
}

export type ListItem = (MovieSummary & { media_type: 'movie' }) | (TVSeriesSummary & { media_type: 'tv' });

/** GET /list/{id}; `id` is a string in the real service's answer. Paging fields are sent with `page`. */
export interface ListDetails {
  created_by: string;
  description: string;
  favorite_count: number;
  id: string | number;
  items: ListItem[];
  item_count: number;
  iso_639_1: string;
  name: string;
  poster_path: string | null;
  page?: number;
  total_pages?: number;
  total_results?: number;
}

export interface ListItemStatus {
  id: number | string;
  item_present: boolean;
}

export interface CreatedList extends WriteStatus {
  list_id: number;
}

/** A list made before 2018 has a 24-hex id: a value in the path, never part of the route's name. */
const listSegment = (listId: number | string): PathSegment => (typeof listId === 'string' ? param(listId) : listId);

export const listResources = {
  userList: resource<{ listId: number | string; page?: number; language?: string }, ListDetails>((p) => ({
    path: ['list', listSegment(p.listId)],
    query: { language: p.language, page: p.page },
  })),
  listItemStatus: resource<{ listId: number | string; movieId: number; language?: string }, ListItemStatus>((p) => ({
    path: ['list', listSegment(p.listId), 'item_status'],
    query: { language: p.language, movie_id: p.movieId },
  })),
};

type ListMovie = { listId: number; movieId: number };

/** List writes need the user session, sent as the `session_id` query parameter. */
export const listWrites = {
  createList: write<{ name: string; description: string; language: string }, CreatedList>(
    (p, session) => ({
      method: 'POST',
      path: ['list'],
      query: { ...session },
      body: { name: p.name, description: p.description, language: p.language },
    }),
    'user',
  ),
  addMovieToList: write<ListMovie, WriteStatus>(
    (p, session) => ({ method: 'POST', path: ['list', p.listId, 'add_item'], query: { ...session }, body: { media_id: p.movieId } }),
    'user',
  ),
  removeMovieFromList: write<ListMovie, WriteStatus>(
    (p, session) => ({ method: 'POST', path: ['list', p.listId, 'remove_item'], query: { ...session }, body: { media_id: p.movieId } }),
    'user',
  ),
  clearList: write<{ listId: number }, WriteStatus>(
    (p, session) => ({ method: 'POST', path: ['list', p.listId, 'clear'], query: { ...session, confirm: true } }),
    'user',
  ),
  deleteList: write<{ listId: number }, WriteStatus>(
    (p, session) => ({ method: 'DELETE', path: ['list', p.listId], query: { ...session } }),
    'user',
  ),
};

/** The catalog refuses to add an item a list already holds (403, status code 8); the list is then as asked. */
export function isAlreadyOnList(error: unknown): boolean {
  return error instanceof UpstreamError && error.upstreamCode === 8;
}
