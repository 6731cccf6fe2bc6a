import type * as T from '../types/tv.ts';
import type * as Up from '../types.ts';
import { resource, type ImageLanguage, type Language, type Paging, type SeriesKey } from './define.ts';

type Timezone = { timezone?: string };

/** Series sub-resources, the series lists and search. */
export const tvExtraResources = {
  tvSeriesAccountStates: resource<SeriesKey, Up.AccountStates>(
    (p, session) => ({ path: ['tv', p.seriesId, 'account_states'], query: { ...session } }),
    'user-or-guest',
  ),
  tvSeriesAlternativeTitles: resource<SeriesKey, T.TVSeriesAlternativeTitles>((p) => ({ path: ['tv', p.seriesId, 'alternative_titles'] })),
  tvSeriesChanges: resource<SeriesKey & { startDate?: string; endDate?: string; page?: number }, T.TVSeriesChanges>((p) => ({
    path: ['tv', p.seriesId, 'changes'],
    query: { start_date: p.startDate, end_date: p.endDate, page: p.page },
  })),
  tvSeriesContentRatings: resource<SeriesKey, T.TVSeriesContentRatings>((p) => ({ path: ['tv', p.seriesId, 'content_ratings'] })),
  tvSeriesExternalIds: resource<SeriesKey, Up.ExternalIds>((p) => ({ path: ['tv', p.seriesId, 'external_ids'] })),
  tvSeriesImages: resource<SeriesKey & ImageLanguage, T.TVSeriesImages>((p) => ({
    path: ['tv', p.seriesId, 'images'],
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  tvSeriesRecommendations: resource<SeriesKey & Paging, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['tv', p.seriesId, 'recommendations'],
    query: { language: p.language, page: p.page },
  })),
  similarTVSeries: resource<SeriesKey & Paging, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['tv', p.seriesId, 'similar'],
    query: { language: p.language, page: p.page },
  })),
  tvSeriesReviews: resource<SeriesKey & Paging, Up.Page<Up.Review>>((p) => ({
    path: ['tv', p.seriesId, 'reviews'],
    query: { language: p.language, page: p.page },
  })),
  tvSeriesTranslations: resource<SeriesKey, T.TVSeriesTranslations>((p) => ({ path: ['tv', p.seriesId, 'translations'] })),
  tvSeriesVideos: resource<SeriesKey & Language & { includeVideoLanguage?: string }, T.TVSeriesVideos>((p) => ({
    path: ['tv', p.seriesId, 'videos'],
    query: { language: p.language, include_video_language: p.includeVideoLanguage },
  })),
  tvSeriesWatchProviders: resource<SeriesKey, Up.WatchProviders>((p) => ({ path: ['tv', p.seriesId, 'watch', 'providers'] })),
  latestTVSeries: resource<Record<string, never>, Up.TVSeriesDetails>(() => ({ path: ['tv', 'latest'] })),
  airingTodayTVSeries: resource<Paging & Timezone, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['tv', 'airing_today'],
    query: { language: p.language, page: p.page, timezone: p.timezone },
  })),
  onTheAirTVSeries: resource<Paging & Timezone, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['tv', 'on_the_air'],
    query: { language: p.language, page: p.page, timezone: p.timezone },
  })),
  popularTVSeries: resource<Paging, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['tv', 'popular'],
    query: { language: p.language, page: p.page },
  })),
  topRatedTVSeries: resource<Paging, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['tv', 'top_rated'],
    query: { language: p.language, page: p.page },
  })),
  searchTVSeries: resource<
    Paging & { query: string; firstAirDateYear?: number; year?: number; includeAdult?: boolean },
    Up.Page<Up.TVSeriesSummary>
  >((p) => ({
    path: ['search', 'tv'],
    query: {
      query: p.query,
      first_air_date_year: p.firstAirDateYear,
      include_adult: p.includeAdult,
      language: p.language,
      page: p.page,
      year: p.year,
    },
  })),
};
