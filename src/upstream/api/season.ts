/** TV seasons: details and every season sub-resource. Its credits among them. */
import type { Changes } from './changes.ts';
import type { AggregateCredits, Credits } from './credit.ts';
import { appendable, resource, type ImageLanguage, type Language, type SeasonKey } from './define.ts';
import type { EpisodeWithPeople } from './episode.ts';
import type { NetworkSummary } from './network.ts';
import type { WatchProviders } from './watch-provider.ts';
import { changeWindow, type ChangeWindow, type ExternalIds, type IdResults, type Image, type Translations, type Videos } from './wire.ts';

export interface SeasonSummary {
  id: number;
  air_date: string | null;
  episode_count: number;
  name: string;
  overview: string;
  poster_path: string | null;
  season_number: number;
  vote_average: number;
}

export interface SeasonDetails {
  _id: string;
  id: number;
  air_date: string | null;
  episodes: EpisodeWithPeople[];
  name: string;
  networks?: NetworkSummary[];
  overview: string;
  poster_path: string | null;
  season_number: number;
  vote_average: number;
}

export interface SeasonImages {
  id: number;
  posters: Image[];
}

export type SeasonExternalIds = ExternalIds;

/** GET /tv/{id}/season/{n}/account_states: the session's rating of each episode. */
export type SeasonAccountStates = IdResults<{ id: number; episode_number: number; rated: { value: number } | false }>;

/** Videos of a season or an episode can be filtered by language. */
export type VideoLanguage = Language & { includeVideoLanguage?: string };
export const videoQuery = (p: VideoLanguage) => ({ language: p.language, include_video_language: p.includeVideoLanguage });

export const seasonPath = (p: SeasonKey) => ['tv', p.seriesId, 'season', p.seasonNumber];
const sub = (p: SeasonKey, ...keys: string[]) => [...seasonPath(p), ...keys];

export const seasonResources = {
  season: resource<SeasonKey & Language, SeasonDetails>((p) => ({ path: seasonPath(p), query: { language: p.language } })),
  seasonCredits: appendable<SeasonKey & Language, Credits>('season', 'credits', (p) => ({
    path: sub(p, 'credits'),
    query: { language: p.language },
  })),
  seasonAggregateCredits: appendable<SeasonKey & Language, AggregateCredits>('season', 'aggregate_credits', (p) => ({
    path: sub(p, 'aggregate_credits'),
    query: { language: p.language },
  })),
  seasonImages: appendable<SeasonKey & ImageLanguage, SeasonImages>('season', 'images', (p) => ({
    path: sub(p, 'images'),
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  seasonExternalIds: appendable<SeasonKey, SeasonExternalIds>('season', 'external_ids', (p) => ({ path: sub(p, 'external_ids') })),
  // The session's own state: never appended, so the shared details stay cacheable.
  seasonAccountStates: resource<SeasonKey, SeasonAccountStates>(
    (p, session) => ({ path: sub(p, 'account_states'), query: { ...session } }),
    'user-or-guest',
  ),
  seasonTranslations: appendable<SeasonKey, Translations>('season', 'translations', (p) => ({ path: sub(p, 'translations') })),
  seasonVideos: appendable<SeasonKey & VideoLanguage, Videos>('season', 'videos', (p) => ({
    path: sub(p, 'videos'),
    query: videoQuery(p),
  })),
  // Takes `language` (the real service's OpenAPI says so), unlike a series' or a movie's providers.
  seasonWatchProviders: appendable<SeasonKey & Language, WatchProviders>('season', 'watch/providers', (p) => ({
    path: sub(p, 'watch', 'providers'),
    query: { language: p.language },
  })),
  // By the season's own id, outside the series path: nothing to append it to.
  seasonChanges: resource<{ seasonId: number } & ChangeWindow, Changes>((p) => ({
    path: ['tv', 'season', p.seasonId, 'changes'],
    query: changeWindow(p),
  })),
};
