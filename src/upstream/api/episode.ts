/** TV episodes: details, every episode sub-resource and the episode rating writes. Its credits among them. */
import type { AccountStates } from './account.ts';
import type { Changes } from './changes.ts';
import type { CrewCredit, EpisodeCredits, MovieCastCredit } from './credit.ts';
import { appendable, resource, write, type EpisodeKey, type ImageLanguage, type Language } from './define.ts';
import { seasonPath, videoQuery, type VideoLanguage } from './season.ts';
import {
  changeWindow,
  type ChangeWindow,
  type ExternalIds,
  type Image,
  type StatusResponse,
  type Translations,
  type Videos,
} from './wire.ts';

export interface EpisodeSummary {
  id: number;
  name: string;
  overview: string;
  air_date: string | null;
  episode_number: number;
  episode_type?: string;
  production_code: string;
  runtime: number | null;
  season_number: number;
  show_id?: number;
  still_path: string | null;
  vote_average: number;
  vote_count: number;
}

/** Season details and episode details carry each episode's crew and guest stars (no separate credits call). */
export interface EpisodeWithPeople extends EpisodeSummary {
  crew?: CrewCredit[];
  guest_stars?: MovieCastCredit[];
}

export type EpisodeDetails = EpisodeWithPeople;

export interface EpisodeImages {
  id: number;
  stills: Image[];
}

export const episodePath = (p: EpisodeKey) => [...seasonPath(p), 'episode', p.episodeNumber];
const sub = (p: EpisodeKey, key: string) => [...episodePath(p), key];

export const episodeResources = {
  episode: resource<EpisodeKey & Language, EpisodeDetails>((p) => ({ path: episodePath(p), query: { language: p.language } })),
  episodeCredits: appendable<EpisodeKey & Language, EpisodeCredits>('episode', 'credits', (p) => ({
    path: sub(p, 'credits'),
    query: { language: p.language },
  })),
  // A guest session sees its own ratings, as for movies.
  episodeAccountStates: resource<EpisodeKey, AccountStates>(
    (p, session) => ({ path: sub(p, 'account_states'), query: { ...session } }),
    'user-or-guest',
  ),
  episodeExternalIds: appendable<EpisodeKey, ExternalIds>('episode', 'external_ids', (p) => ({ path: sub(p, 'external_ids') })),
  episodeImages: appendable<EpisodeKey & ImageLanguage, EpisodeImages>('episode', 'images', (p) => ({
    path: sub(p, 'images'),
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  episodeTranslations: appendable<EpisodeKey, Translations>('episode', 'translations', (p) => ({ path: sub(p, 'translations') })),
  episodeVideos: appendable<EpisodeKey & VideoLanguage, Videos>('episode', 'videos', (p) => ({
    path: sub(p, 'videos'),
    query: videoQuery(p),
  })),
  // By the episode's own id, outside the series path: nothing to append it to.
  episodeChanges: resource<{ episodeId: number } & ChangeWindow, Changes>((p) => ({
    path: ['tv', 'episode', p.episodeId, 'changes'],
    query: changeWindow(p),
  })),
};

/** Rating an episode: the user session or a guest session (the real service accepts both). */
export const episodeWrites = {
  rateEpisode: write<EpisodeKey & { value: number }, StatusResponse>(
    (p, session) => ({ method: 'POST', path: sub(p, 'rating'), query: { ...session }, body: { value: p.value } }),
    'user-or-guest',
  ),
  deleteEpisodeRating: write<EpisodeKey, StatusResponse>(
    (p, session) => ({ method: 'DELETE', path: sub(p, 'rating'), query: { ...session } }),
    'user-or-guest',
  ),
};
