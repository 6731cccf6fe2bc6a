import type { UpstreamRequest } from '../client.ts';

/**
 * How an upstream GET resource turns its parameters into a request, and the shape it answers
 * with. Parameter names are the real service's (CONTRACT.md).
 */
export interface Resource<Params, Result> {
  build(params: Params, sessionId: string): UpstreamRequest;
  /** The resource reads a user's data and needs the session of the context. */
  needsSession: boolean;
  /** Phantom field carrying the result type for the loaders' typing. */
  readonly result?: Result;
}

export function resource<Params, Result>(build: (params: Params) => UpstreamRequest): Resource<Params, Result> {
  return { build, needsSession: false };
}

export function sessionResource<Params, Result>(
  build: (params: Params, sessionId: string) => UpstreamRequest,
): Resource<Params, Result> {
  return { build, needsSession: true };
}

export type Paging = { page?: number; language?: string };
export type Language = { language?: string };
export type ImageLanguage = { language?: string; includeImageLanguage?: string };
export type MovieKey = { movieId: number };
export type SeriesKey = { seriesId: number };
export type SeasonKey = SeriesKey & { seasonNumber: number };
export type EpisodeKey = SeasonKey & { episodeNumber: number };
