/** Upstream shapes of the account, authentication, guest session and user list operations (snake_case, real names). */
import type { EpisodeSummary, MovieSummary, TVSeriesSummary } from '../types.ts';

export interface RatedTVSeries extends TVSeriesSummary {
  rating: number;
}

/** Rated episode lists carry show_id and the rating. */
export interface RatedEpisode extends EpisodeSummary {
  show_id: number;
  rating: number;
}

/** GET /authentication/token/new and POST /authentication/token/validate_with_login. */
export interface RequestToken {
  success: boolean;
  /** "YYYY-MM-DD HH:MM:SS UTC". */
  expires_at: string;
  request_token: string;
}

export interface GuestSession {
  success: boolean;
  guest_session_id: string;
  /** "YYYY-MM-DD HH:MM:SS UTC". */
  expires_at: string;
}

/** The status triple of writes (favourite, watchlist, list edits). */
export interface WriteStatus {
  success?: boolean;
  status_code: number;
  status_message: string;
}

export interface CreatedList extends WriteStatus {
  list_id: number;
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
