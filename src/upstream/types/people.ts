/**
 * Upstream shapes of people and credits (snake_case, real field names): person details and
 * sub-resources, list items, movie/series/season/episode credits and credit details.
 */
import type * as Up from '../types.ts';

/** The person fields every credit and list item repeats. */
export interface PersonFields {
  adult: boolean;
  gender: number;
  id: number;
  known_for_department: string | null;
  name: string;
  original_name?: string;
  popularity: number;
  profile_path: string | null;
}

export interface PersonDetails {
  adult: boolean;
  also_known_as: string[];
  biography: string;
  birthday: string | null;
  deathday: string | null;
  gender: number;
  homepage: string | null;
  id: number;
  imdb_id: string | null;
  known_for_department: string | null;
  name: string;
  place_of_birth: string | null;
  popularity: number;
  profile_path: string | null;
}

/** A work a person is known for, as list items carry it. */
export type KnownFor = (Up.MovieSummary & { media_type: 'movie' }) | (Up.TVSeriesSummary & { media_type: 'tv' });

/** popular, trending, search: a person with up to three works. */
export interface PersonListItem extends PersonFields {
  media_type?: 'person';
  known_for: KnownFor[];
}

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

export type PersonMovieCast = Up.MovieSummary & { character: string; credit_id: string; order: number };
export type PersonMovieCrew = Up.MovieSummary & { credit_id: string; department: string; job: string };
export type PersonTVCast = Omit<Up.TVSeriesSummary, 'media_type'> & { character: string; credit_id: string; episode_count: number };
export type PersonTVCrew = Omit<Up.TVSeriesSummary, 'media_type'> & {
  credit_id: string; department: string; job: string; episode_count: number;
};

export interface PersonMovieCredits {
  id: number;
  cast: PersonMovieCast[];
  crew: PersonMovieCrew[];
}

export interface PersonTVCredits {
  id: number;
  cast: PersonTVCast[];
  crew: PersonTVCrew[];
}

export type CombinedCast = (PersonMovieCast & { media_type: 'movie' }) | (PersonTVCast & { media_type: 'tv' });
export type CombinedCrew = (PersonMovieCrew & { media_type: 'movie' }) | (PersonTVCrew & { media_type: 'tv' });

export interface PersonCombinedCredits {
  id: number;
  cast: CombinedCast[];
  crew: CombinedCrew[];
}

export interface PersonImages {
  id: number;
  profiles: Up.Image[];
}

export interface TaggedImage extends Up.Image {
  id: string;
  image_type: string;
  media_type: string;
  media: (Up.MovieSummary & { media_type: 'movie' }) | (Up.TVSeriesSummary & { media_type: 'tv' });
}

export interface TaggedImagePage extends Up.Page<TaggedImage> {
  id: number;
}

export interface PersonTranslations {
  id: number;
  translations: Up.Translation[];
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
    episodes?: Array<Up.EpisodeSummary>;
    seasons?: Array<Up.SeasonSummary & { show_id: number }>;
  };
  person: PersonFields & { media_type?: 'person' };
}
