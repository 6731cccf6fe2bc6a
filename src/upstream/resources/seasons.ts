import type * as Up from '../types.ts';
import type * as S from '../types/seasons.ts';
import { resource, type EpisodeKey, type ImageLanguage, type Language, type SeasonKey } from './define.ts';

type ChangeWindow = { startDate?: string; endDate?: string; page?: number };
type VideoLanguage = Language & { includeVideoLanguage?: string };

const season = (p: SeasonKey) => ['tv', p.seriesId, 'season', p.seasonNumber] as const;
const episode = (p: EpisodeKey) => [...season(p), 'episode', p.episodeNumber] as const;
const videoQuery = (p: VideoLanguage) => ({ language: p.language, include_video_language: p.includeVideoLanguage });
const window = (p: ChangeWindow) => ({ start_date: p.startDate, end_date: p.endDate, page: p.page });

/** Season and episode sub-resources, the change lists and the configuration reference lists. */
export const seasonResources = {
  seasonAccountStates: resource<SeasonKey, S.SeasonAccountStates>(
    (p, session) => ({ path: [...season(p), 'account_states'], query: { ...session } }),
    'user-or-guest',
  ),
  seasonTranslations: resource<SeasonKey, S.Translations>((p) => ({ path: [...season(p), 'translations'] })),
  seasonVideos: resource<SeasonKey & VideoLanguage, S.Videos>((p) => ({ path: [...season(p), 'videos'], query: videoQuery(p) })),
  seasonWatchProviders: resource<SeasonKey, Up.WatchProviders>((p) => ({ path: [...season(p), 'watch', 'providers'] })),
  seasonChanges: resource<{ seasonId: number } & ChangeWindow, S.Changes>((p) => ({
    path: ['tv', 'season', p.seasonId, 'changes'],
    query: window(p),
  })),
  episodeExternalIds: resource<EpisodeKey, Up.ExternalIds>((p) => ({ path: [...episode(p), 'external_ids'] })),
  episodeImages: resource<EpisodeKey & ImageLanguage, S.EpisodeImages>((p) => ({
    path: [...episode(p), 'images'],
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  episodeTranslations: resource<EpisodeKey, S.Translations>((p) => ({ path: [...episode(p), 'translations'] })),
  episodeVideos: resource<EpisodeKey & VideoLanguage, S.Videos>((p) => ({ path: [...episode(p), 'videos'], query: videoQuery(p) })),
  episodeChanges: resource<{ episodeId: number } & ChangeWindow, S.Changes>((p) => ({
    path: ['tv', 'episode', p.episodeId, 'changes'],
    query: window(p),
  })),
  movieChangeList: resource<ChangeWindow, Up.Page<S.ChangedId>>((p) => ({ path: ['movie', 'changes'], query: window(p) })),
  tvChangeList: resource<ChangeWindow, Up.Page<S.ChangedId>>((p) => ({ path: ['tv', 'changes'], query: window(p) })),
  personChangeList: resource<ChangeWindow, Up.Page<S.ChangedId>>((p) => ({ path: ['person', 'changes'], query: window(p) })),
  configCountries: resource<Language, S.ConfigCountry[]>((p) => ({ path: ['configuration', 'countries'], query: { language: p.language } })),
  configJobs: resource<Record<string, never>, S.ConfigDepartment[]>(() => ({ path: ['configuration', 'jobs'] })),
  configLanguages: resource<Record<string, never>, S.ConfigLanguage[]>(() => ({ path: ['configuration', 'languages'] })),
  configPrimaryTranslations: resource<Record<string, never>, string[]>(() => ({ path: ['configuration', 'primary_translations'] })),
  configTimezones: resource<Record<string, never>, S.ConfigTimezone[]>(() => ({ path: ['configuration', 'timezones'] })),
};
