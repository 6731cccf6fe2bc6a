/**
 * Credits: the cast and crew of movies, series, seasons and episodes (each appendable to its
 * title), and one credit's details (GET /credit/{id}). A person's own credits live in person.ts.
 */
import { appendable, resource, type EpisodeKey, type Language, type MovieKey, type SeasonKey, type SeriesKey } from './define.ts';
import { episodePath } from './episode.ts';
import type { EpisodeSummary } from './episode.ts';
import { param } from '../request.ts';
import type { PersonFields } from './person.ts';
import { seasonPath, type SeasonSummary } from './season.ts';

export type MovieCastCredit = PersonFields & { cast_id?: number; character: string; credit_id: string; order: number };
export type CrewCredit = PersonFields & { credit_id: string; department: string; job: string };

/** movie, series and season credits. */
export interface Credits {
  id: number;
  cast: MovieCastCredit[];
  crew: CrewCredit[];
}

export interface EpisodeCredits extends Credits {
  guest_stars: MovieCastCredit[];
}

export type AggregateCast = PersonFields & {
  roles: Array<{ credit_id: string; character: string; episode_count: number }>;
  total_episode_count: number;
  order: number;
};
export type AggregateCrew = PersonFields & {
  jobs: Array<{ credit_id: string; job: string; episode_count: number }>;
  department: string;
  total_episode_count: number;
};

export interface AggregateCredits {
  id: number;
  cast: AggregateCast[];
  crew: AggregateCrew[];
}

/** GET /credit/{credit_id}. */
export interface CreditDetails {
  id: string;
  credit_type: string;
  department: string;
  job: string;
  media_type: 'movie' | 'tv';
  media: Record<string, unknown> & {
    id: number;
    character?: string;
    episodes?: Array<EpisodeSummary>;
    seasons?: Array<SeasonSummary & { show_id: number }>;
  };
  person: PersonFields & { media_type?: 'person' };
}

const language = (p: Language) => ({ language: p.language });

export const creditResources = {
  credit: resource<{ creditId: string } & Language, CreditDetails>((p) => ({ path: ['credit', param(p.creditId)], query: language(p) })),
  movieCredits: appendable<MovieKey & Language, Credits>('movie', 'credits', (p) => ({
    path: ['movie', p.movieId, 'credits'],
    query: language(p),
  })),
  tvSeriesCredits: appendable<SeriesKey & Language, Credits>('tv', 'credits', (p) => ({
    path: ['tv', p.seriesId, 'credits'],
    query: language(p),
  })),
  tvSeriesAggregateCredits: appendable<SeriesKey & Language, AggregateCredits>('tv', 'aggregate_credits', (p) => ({
    path: ['tv', p.seriesId, 'aggregate_credits'],
    query: language(p),
  })),
  seasonCredits: appendable<SeasonKey & Language, Credits>('season', 'credits', (p) => ({
    path: [...seasonPath(p), 'credits'],
    query: language(p),
  })),
  seasonAggregateCredits: appendable<SeasonKey & Language, AggregateCredits>('season', 'aggregate_credits', (p) => ({
    path: [...seasonPath(p), 'aggregate_credits'],
    query: language(p),
  })),
  episodeCredits: appendable<EpisodeKey & Language, EpisodeCredits>('episode', 'credits', (p) => ({
    path: [...episodePath(p), 'credits'],
    query: language(p),
  })),
};
