/** TV series: details, the series lists, every series sub-resource and the series rating writes. */
import type { AccountStates } from './account.ts';
import type { Changes } from './changes.ts';
import type { CompanySummary } from './company.ts';
import type { AggregateCredits, Credits } from './credit.ts';
import { appendable, resource, write, type ImageLanguage, type Language, type Paging, type SeriesKey } from './define.ts';
import type { EpisodeSummary } from './episode.ts';
import type { Genre } from './genre.ts';
import type { UserList } from './list.ts';
import type { AlternativeTitle } from './movie.ts';
import type { Review } from './review.ts';
import type { SeasonSummary } from './season.ts';
import type { WatchProviders } from './watch-provider.ts';
import {
  changeWindow,
  type ChangeWindow,
  type ExternalIds,
  type IdResults,
  type Image,
  type Page,
  type ProductionCountry,
  type SpokenLanguage,
  type StatusResponse,
  type Translations,
  type Videos,
} from './wire.ts';

export interface TVSeriesSummary {
  id: number;
  adult: boolean;
  backdrop_path: string | null;
  first_air_date: string;
  genre_ids: number[];
  media_type?: string;
  name: string;
  origin_country: string[];
  original_language: string;
  original_name: string;
  overview: string;
  popularity: number;
  poster_path: string | null;
  vote_average: number;
  vote_count: number;
}

export interface TVSeriesDetails extends Omit<TVSeriesSummary, 'genre_ids' | 'media_type'> {
  /** `original_name` since about 2024; older answers lack it. */
  created_by: Array<{ id: number; credit_id: string; name: string; original_name?: string; gender: number; profile_path: string | null }>;
  episode_run_time: number[];
  genres: Genre[];
  homepage: string;
  in_production: boolean;
  languages: string[];
  last_air_date: string | null;
  last_episode_to_air: EpisodeSummary | null;
  next_episode_to_air: EpisodeSummary | null;
  networks: Array<{ id: number; name: string; logo_path: string | null; origin_country: string }>;
  number_of_episodes: number;
  number_of_seasons: number;
  production_companies: CompanySummary[];
  production_countries: ProductionCountry[];
  seasons: SeasonSummary[];
  spoken_languages: SpokenLanguage[];
  status: string;
  tagline: string;
  type: string;
}

export interface ScreenedTheatricallyEntry {
  id: number;
  episode_number: number;
  season_number: number;
}

/** The TV endpoint names the list `results` (the movie one says `titles`). */
export type TVSeriesAlternativeTitles = IdResults<AlternativeTitle>;

export interface TVContentRating {
  descriptors: string[];
  iso_3166_1: string;
  rating: string;
}

export type TVSeriesContentRatings = IdResults<TVContentRating>;

export interface TVSeriesImages {
  id: number;
  backdrops: Image[];
  logos: Image[];
  posters: Image[];
}

export type TVSeriesTranslations = Translations;
export type TVSeriesVideos = Videos;
export type TVSeriesChanges = Changes;

type Timezone = { timezone?: string };
const sub = (p: SeriesKey, ...keys: string[]) => ['tv', p.seriesId, ...keys];
const paged = (p: Paging) => ({ language: p.language, page: p.page });

export const tvResources = {
  tvSeries: resource<SeriesKey & Language, TVSeriesDetails>((p) => ({ path: ['tv', p.seriesId], query: { language: p.language } })),
  tvSeriesCredits: appendable<SeriesKey & Language, Credits>('tv', 'credits', (p) => ({
    path: sub(p, 'credits'),
    query: { language: p.language },
  })),
  tvSeriesAggregateCredits: appendable<SeriesKey & Language, AggregateCredits>('tv', 'aggregate_credits', (p) => ({
    path: sub(p, 'aggregate_credits'),
    query: { language: p.language },
  })),
  latestTVSeries: resource<Record<string, never>, TVSeriesDetails>(() => ({ path: ['tv', 'latest'] })),
  airingTodayTVSeries: resource<Paging & Timezone, Page<TVSeriesSummary>>((p) => ({
    path: ['tv', 'airing_today'],
    query: { ...paged(p), timezone: p.timezone },
  })),
  onTheAirTVSeries: resource<Paging & Timezone, Page<TVSeriesSummary>>((p) => ({
    path: ['tv', 'on_the_air'],
    query: { ...paged(p), timezone: p.timezone },
  })),
  popularTVSeries: resource<Paging, Page<TVSeriesSummary>>((p) => ({ path: ['tv', 'popular'], query: paged(p) })),
  topRatedTVSeries: resource<Paging, Page<TVSeriesSummary>>((p) => ({ path: ['tv', 'top_rated'], query: paged(p) })),
  tvSeriesLists: appendable<SeriesKey & Paging, Page<UserList>>('tv', 'lists', (p) => ({ path: sub(p, 'lists'), query: paged(p) })),
  screenedTheatrically: appendable<SeriesKey, IdResults<ScreenedTheatricallyEntry>>('tv', 'screened_theatrically', (p) => ({
    path: sub(p, 'screened_theatrically'),
  })),
  // The session's own state: never appended, so the shared details stay cacheable.
  tvSeriesAccountStates: resource<SeriesKey, AccountStates>(
    (p, session) => ({ path: sub(p, 'account_states'), query: { ...session } }),
    'user-or-guest',
  ),
  tvSeriesAlternativeTitles: appendable<SeriesKey, TVSeriesAlternativeTitles>('tv', 'alternative_titles', (p) => ({
    path: sub(p, 'alternative_titles'),
  })),
  tvSeriesChanges: appendable<SeriesKey & ChangeWindow, TVSeriesChanges>('tv', 'changes', (p) => ({
    path: sub(p, 'changes'),
    query: changeWindow(p),
  })),
  tvSeriesContentRatings: appendable<SeriesKey, TVSeriesContentRatings>('tv', 'content_ratings', (p) => ({
    path: sub(p, 'content_ratings'),
  })),
  tvSeriesExternalIds: appendable<SeriesKey, ExternalIds>('tv', 'external_ids', (p) => ({ path: sub(p, 'external_ids') })),
  tvSeriesImages: appendable<SeriesKey & ImageLanguage, TVSeriesImages>('tv', 'images', (p) => ({
    path: sub(p, 'images'),
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  tvSeriesRecommendations: appendable<SeriesKey & Paging, Page<TVSeriesSummary>>('tv', 'recommendations', (p) => ({
    path: sub(p, 'recommendations'),
    query: paged(p),
  })),
  similarTVSeries: appendable<SeriesKey & Paging, Page<TVSeriesSummary>>('tv', 'similar', (p) => ({
    path: sub(p, 'similar'),
    query: paged(p),
  })),
  tvSeriesReviews: appendable<SeriesKey & Paging, Page<Review>>('tv', 'reviews', (p) => ({ path: sub(p, 'reviews'), query: paged(p) })),
  tvSeriesTranslations: appendable<SeriesKey, TVSeriesTranslations>('tv', 'translations', (p) => ({ path: sub(p, 'translations') })),
  tvSeriesVideos: appendable<SeriesKey & Language & { includeVideoLanguage?: string }, TVSeriesVideos>('tv', 'videos', (p) => ({
    path: sub(p, 'videos'),
    query: { language: p.language, include_video_language: p.includeVideoLanguage },
  })),
  tvSeriesWatchProviders: appendable<SeriesKey, WatchProviders>('tv', 'watch/providers', (p) => ({
    path: sub(p, 'watch', 'providers'),
  })),
};

/** Rating a series: the user session or a guest session (the real service accepts both). */
export const tvWrites = {
  rateTVSeries: write<{ seriesId: number; value: number }, StatusResponse>(
    (p, session) => ({ method: 'POST', path: sub(p, 'rating'), query: { ...session }, body: { value: p.value } }),
    'user-or-guest',
  ),
  deleteTVSeriesRating: write<{ seriesId: number }, StatusResponse>(
    (p, session) => ({ method: 'DELETE', path: sub(p, 'rating'), query: { ...session } }),
    'user-or-guest',
  ),
};
