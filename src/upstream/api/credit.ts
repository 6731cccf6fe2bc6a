/**
 * Credits: the wire types of the cast and crew of movies, series, seasons and episodes, and one
 * credit's details (GET /credit/{id}). Each title's credits resource is declared with the title's
 * other sub-resources (movie.ts, tv.ts, season.ts, episode.ts), as a person's own are in person.ts.
 */
import { resource, type Language } from './define.ts';
import type { EpisodeSummary } from './episode.ts';
import { param } from '../request.ts';
import type { PersonFields } from './person.ts';
import type { SeasonSummary } from './season.ts';

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

export const creditResources = {
  credit: resource<{ creditId: string } & Language, CreditDetails>((p) => ({
    path: ['credit', param(p.creditId)],
    query: { language: p.language },
  })),
};
