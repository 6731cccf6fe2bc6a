import type * as Up from '../types.ts';
import type * as M from '../types/movies.ts';
import { param } from '../paths.ts';
import { resource, type Language, type MovieKey, type Paging } from './define.ts';

type RegionPaging = Paging & { region?: string };

/** Movie lists, movie sub-resources, genres, certifications, movie providers, trending, search and find. */
export const movieExtraResources = {
  nowPlayingMovies: resource<RegionPaging, M.NowPlayingPage>((p) => ({
    path: ['movie', 'now_playing'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  popularMovies: resource<RegionPaging, Up.Page<Up.MovieSummary>>((p) => ({
    path: ['movie', 'popular'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  topRatedMovies: resource<RegionPaging, Up.Page<Up.MovieSummary>>((p) => ({
    path: ['movie', 'top_rated'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  latestMovie: resource<Record<string, never>, Up.MovieDetails>(() => ({ path: ['movie', 'latest'] })),
  movieVideos: resource<MovieKey & Language, M.MovieVideos>((p) => ({
    path: ['movie', p.movieId, 'videos'],
    query: { language: p.language },
  })),
  movieReleaseDates: resource<MovieKey, M.MovieReleaseDates>((p) => ({ path: ['movie', p.movieId, 'release_dates'] })),
  movieTranslations: resource<MovieKey, M.MovieTranslations>((p) => ({ path: ['movie', p.movieId, 'translations'] })),
  movieExternalIds: resource<MovieKey, Up.ExternalIds>((p) => ({ path: ['movie', p.movieId, 'external_ids'] })),
  movieWatchProviders: resource<MovieKey, Up.WatchProviders>((p) => ({ path: ['movie', p.movieId, 'watch', 'providers'] })),
  movieRecommendations: resource<MovieKey & Paging, Up.Page<Up.MovieSummary>>((p) => ({
    path: ['movie', p.movieId, 'recommendations'],
    query: { language: p.language, page: p.page },
  })),
  similarMovies: resource<MovieKey & Paging, Up.Page<Up.MovieSummary>>((p) => ({
    path: ['movie', p.movieId, 'similar'],
    query: { language: p.language, page: p.page },
  })),
  movieAccountStates: resource<MovieKey, Up.AccountStates>(
    (p, session) => ({ path: ['movie', p.movieId, 'account_states'], query: { ...session } }),
    'user-or-guest',
  ),
  movieGenres: resource<Language, M.GenreList>((p) => ({ path: ['genre', 'movie', 'list'], query: { language: p.language } })),
  tvGenres: resource<Language, M.GenreList>((p) => ({ path: ['genre', 'tv', 'list'], query: { language: p.language } })),
  movieCertifications: resource<Record<string, never>, M.CertificationList>(() => ({ path: ['certification', 'movie', 'list'] })),
  tvCertifications: resource<Record<string, never>, M.CertificationList>(() => ({ path: ['certification', 'tv', 'list'] })),
  movieWatchProviderList: resource<Language & { watchRegion?: string }, { results: Up.WatchProvider[] }>((p) => ({
    path: ['watch', 'providers', 'movie'],
    query: { language: p.language, watch_region: p.watchRegion },
  })),
  trendingMovies: resource<Paging & { timeWindow: string }, Up.Page<Up.MovieSummary>>((p) => ({
    path: ['trending', 'movie', p.timeWindow],
    query: { language: p.language, page: p.page },
  })),
  trendingAll: resource<Paging & { timeWindow: string }, Up.Page<M.MultiItem>>((p) => ({
    path: ['trending', 'all', p.timeWindow],
    query: { language: p.language, page: p.page },
  })),
  searchMovies: resource<
    Paging & { query: string; includeAdult?: boolean; region?: string; year?: number; primaryReleaseYear?: number },
    Up.Page<Up.MovieSummary>
  >((p) => ({
    path: ['search', 'movie'],
    query: {
      query: p.query,
      include_adult: p.includeAdult,
      language: p.language,
      primary_release_year: p.primaryReleaseYear,
      page: p.page,
      region: p.region,
      year: p.year,
    },
  })),
  searchMulti: resource<Paging & { query: string; includeAdult?: boolean }, Up.Page<M.MultiItem>>((p) => ({
    path: ['search', 'multi'],
    query: { query: p.query, include_adult: p.includeAdult, language: p.language, page: p.page },
  })),
  findByExternalId: resource<Language & { externalId: string; source: string }, M.FindResults>((p) => ({
    path: ['find', param(p.externalId)],
    query: { external_source: p.source, language: p.language },
  })),
};
