import type { UpstreamRequest } from './client.ts';
import type * as Up from './types.ts';

/**
 * Every upstream GET resource the gateway reads: how its parameters become a request, and
 * the shape it answers with. Parameter names are the real service's (CONTRACT.md).
 */
export interface Resource<Params, Result> {
  build(params: Params, sessionId: string): UpstreamRequest;
  /** The resource reads a user's data and needs the session of the context. */
  needsSession: boolean;
  /** Phantom field carrying the result type for the loaders' typing. */
  readonly result?: Result;
}

function resource<Params, Result>(build: (params: Params) => UpstreamRequest): Resource<Params, Result> {
  return { build, needsSession: false };
}

function sessionResource<Params, Result>(
  build: (params: Params, sessionId: string) => UpstreamRequest,
): Resource<Params, Result> {
  return { build, needsSession: true };
}

type Paging = { page?: number; language?: string };
type MovieKey = { movieId: number };
type SeriesKey = { seriesId: number };
type SeasonKey = SeriesKey & { seasonNumber: number };
type EpisodeKey = SeasonKey & { episodeNumber: number };
type Language = { language?: string };
type ImageLanguage = { language?: string; includeImageLanguage?: string };

export const resources = {
  configuration: resource<object, Up.Configuration>(() => ({ path: ['configuration'] })),
  credentialCheck: resource<object, Up.StatusResponse>(() => ({ path: ['authentication'] })),
  watchProviderRegions: resource<Language, { results: Up.Region[] }>((p) => ({
    path: ['watch', 'providers', 'regions'],
    query: { language: p.language },
  })),
  tvWatchProviders: resource<Language & { watchRegion?: string }, { results: Up.WatchProvider[] }>((p) => ({
    path: ['watch', 'providers', 'tv'],
    query: { language: p.language, watch_region: p.watchRegion },
  })),

  movie: resource<MovieKey & Language, Up.MovieDetails>((p) => ({
    path: ['movie', p.movieId],
    query: { language: p.language },
  })),
  upcomingMovies: resource<Paging & { region?: string }, Up.UpcomingPage>((p) => ({
    path: ['movie', 'upcoming'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  movieLists: resource<MovieKey & Paging, Up.Page<Up.UserList>>((p) => ({
    path: ['movie', p.movieId, 'lists'],
    query: { language: p.language, page: p.page },
  })),
  movieAlternativeTitles: resource<MovieKey & { country?: string }, { id: number; titles: Up.AlternativeTitle[] }>(
    (p) => ({ path: ['movie', p.movieId, 'alternative_titles'], query: { country: p.country } }),
  ),
  movieChanges: resource<MovieKey & { startDate?: string; endDate?: string; page?: number }, { changes: Up.ChangeGroup[] }>(
    (p) => ({
      path: ['movie', p.movieId, 'changes'],
      query: { start_date: p.startDate, end_date: p.endDate, page: p.page },
    }),
  ),
  movieReviews: resource<MovieKey & Paging, Up.Page<Up.Review>>((p) => ({
    path: ['movie', p.movieId, 'reviews'],
    query: { language: p.language, page: p.page },
  })),
  movieImages: resource<MovieKey & ImageLanguage, Up.MovieImages>((p) => ({
    path: ['movie', p.movieId, 'images'],
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),

  tvSeries: resource<SeriesKey & Language, Up.TVSeriesDetails>((p) => ({
    path: ['tv', p.seriesId],
    query: { language: p.language },
  })),
  trendingTVSeries: resource<Paging & { timeWindow: 'day' | 'week' }, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['trending', 'tv', p.timeWindow],
    query: { language: p.language, page: p.page },
  })),
  tvSeriesLists: resource<SeriesKey & Paging, Up.Page<Up.UserList>>((p) => ({
    path: ['tv', p.seriesId, 'lists'],
    query: { language: p.language, page: p.page },
  })),
  screenedTheatrically: resource<SeriesKey, { id: number; results: Up.ScreenedTheatricallyEntry[] }>((p) => ({
    path: ['tv', p.seriesId, 'screened_theatrically'],
  })),
  season: resource<SeasonKey & Language, Up.SeasonDetails>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber],
    query: { language: p.language },
  })),
  seasonImages: resource<SeasonKey & ImageLanguage, Up.SeasonImages>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'images'],
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  seasonExternalIds: resource<SeasonKey, Up.SeasonExternalIds>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'external_ids'],
  })),
  episode: resource<EpisodeKey & Language, Up.EpisodeDetails>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'episode', p.episodeNumber],
    query: { language: p.language },
  })),
  episodeAccountStates: sessionResource<EpisodeKey, Up.AccountStates>((p, sessionId) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'episode', p.episodeNumber, 'account_states'],
    query: { session_id: sessionId },
  })),

  company: resource<{ companyId: number }, Up.CompanyDetails>((p) => ({ path: ['company', p.companyId] })),
  companyAlternativeNames: resource<{ companyId: number }, { id: number; results: Up.AlternativeName[] }>((p) => ({
    path: ['company', p.companyId, 'alternative_names'],
  })),
  // The spec writes /3/search/company under a base that already ends in /3; the real service serves one segment.
  searchCompanies: resource<{ query: string; page?: number }, Up.Page<Up.CompanySummary>>((p) => ({
    path: ['search', 'company'],
    query: { query: p.query, page: p.page },
  })),

  review: resource<{ reviewId: string }, Up.Review>((p) => ({ path: ['review', p.reviewId] })),

  account: sessionResource<{ accountId: number }, Up.AccountDetails>((p, sessionId) => ({
    path: ['account', p.accountId],
    query: { session_id: sessionId },
  })),
  ratedMovies: sessionResource<
    { accountId: number; page?: number; language?: string; sortBy?: string },
    Up.Page<Up.RatedMovie>
  >((p, sessionId) => ({
    path: ['account', p.accountId, 'rated', 'movies'],
    query: { language: p.language, page: p.page, session_id: sessionId, sort_by: p.sortBy },
  })),
};

export type Resources = typeof resources;
