import type { UpstreamRequest } from '../request.ts';

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
  /**
   * Where this GET can ride along with its parent's detail call through `append_to_response`
   * (CONTRACT.md §2): the parent kind and the key the parent's answer carries it under, which
   * is the sub-path after the parent's path. The merger reads this, so it lives with the resource.
   */
  append?: Append;
  /** Phantom field carrying the result type for the loaders' typing. */
  readonly result?: Result;
}

/** The detail endpoints other GETs can be appended to (their path shapes are in merge.ts). */
export type AppendParent = 'movie' | 'tv' | 'season' | 'episode' | 'person';

export interface Append {
  parent: AppendParent;
  key: string;
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

/** A GET that the parent's detail call can also answer, appended under `key`. */
export function appendable<Params, Result>(
  parent: AppendParent,
  key: string,
  build: (params: Params, session: SessionQuery) => UpstreamRequest,
): Resource<Params, Result> {
  return { build, needs: 'none', append: { parent, key } };
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
