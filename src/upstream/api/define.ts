import type { UpstreamRequest } from '../client.ts';

/**
 * Which user a call acts for. `user` needs the user session (X-Session-Id); `user-or-guest`
 * also accepts a guest session (X-Guest-Session-Id), as the real service does for ratings;
 * `guest` needs the guest session alone (a guest's own rated lists).
 */
export type SessionNeed = 'none' | 'user' | 'user-or-guest' | 'guest';

/** The query parameters that name the session of a call, as the real service spells them. */
export type SessionQuery = { session_id?: string; guest_session_id?: string };

/**
 * How an upstream call turns its parameters into a request, and the shape it answers with.
 * Parameter names are the real service's (CONTRACT.md).
 */
export interface Operation<Params, Result> {
  build(params: Params, session: SessionQuery): UpstreamRequest;
  needs: SessionNeed;
  /** Phantom field carrying the result type for the loaders' typing. */
  readonly result?: Result;
}

/** A GET: loaded through a per-request DataLoader. */
export type Resource<Params, Result> = Operation<Params, Result>;

/** A POST or DELETE: sent once, never memoised or batched. */
export type Write<Params, Result> = Operation<Params, Result>;

export function resource<Params, Result>(
  build: (params: Params, session: SessionQuery) => UpstreamRequest,
  needs: SessionNeed = 'none',
): Resource<Params, Result> {
  return { build, needs };
}

export function sessionResource<Params, Result>(
  build: (params: Params, session: SessionQuery) => UpstreamRequest,
): Resource<Params, Result> {
  return { build, needs: 'user' };
}

export function write<Params, Result>(
  build: (params: Params, session: SessionQuery) => UpstreamRequest,
  needs: SessionNeed = 'none',
): Write<Params, Result> {
  return { build, needs };
}

export type Paging = { page?: number; language?: string };
export type Language = { language?: string };
export type ImageLanguage = { language?: string; includeImageLanguage?: string };
export type MovieKey = { movieId: number };
export type SeriesKey = { seriesId: number };
export type SeasonKey = SeriesKey & { seasonNumber: number };
export type EpisodeKey = SeasonKey & { episodeNumber: number };
