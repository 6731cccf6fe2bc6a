/** The shapes of credits: movie and series cast and crew, aggregates, a person's credits, /credit/{id} (credits.ts makes them). */
import type { CrewCredit, GuestStarCredit, PersonFields } from './tv-types.ts';

export type CastCredit = PersonFields & { character: string; credit_id: string; order: number };
export type MovieCastCredit = PersonFields & { cast_id: number; character: string; credit_id: string; order: number };

/** GET /movie/{id}/credits, /tv/{id}/credits, season and episode credits (without the id). */
export interface Credits<Cast = CastCredit> {
  cast: Cast[];
  crew: CrewCredit[];
}

export interface EpisodeCredits extends Credits {
  guest_stars: GuestStarCredit[];
}

export type AggregateCast = PersonFields & {
  roles: { credit_id: string; character: string; episode_count: number }[];
  total_episode_count: number;
  order: number;
};
export type AggregateCrew = PersonFields & {
  jobs: { credit_id: string; job: string; episode_count: number }[];
  department: string;
  total_episode_count: number;
};
export interface AggregateCredits {
  cast: AggregateCast[];
  crew: AggregateCrew[];
}

/** A regular of a series: plays one character in every episode of a run of regular seasons. */
export interface Regular {
  person: PersonFields;
  character: string;
  credit_id: string;
  order: number;
  firstSeason: number;
  lastSeason: number;
}

/** What /credit/{credit_id} needs to answer; media and episode shapes are built by the route. */
export interface CreditRecord {
  id: string;
  credit_type: 'cast' | 'crew';
  department: string;
  job: string;
  media_type: 'movie' | 'tv';
  mediaId: number;
  personId: number;
  character?: string;
  /** For TV: the episodes (series id, season, episode number) of this very credit; empty for regulars. */
  episodes: { season_number: number; episode_number: number }[];
  /** For TV: the season numbers the credit spans. */
  seasons: number[];
}

/** One line of a person's movie credits: the movie id plus the credit fields. */
export type PersonMovieCast = { movieId: number; character: string; credit_id: string; order: number };
export type PersonMovieCrew = { movieId: number; credit_id: string; department: string; job: string };
export type PersonTvCast = { seriesId: number; character: string; credit_id: string; episode_count: number };
/** `episode_count` is absent for a creator, as in the real person-tv-credits example. */
export type PersonTvCrew = { seriesId: number; credit_id: string; department: string; job: string; episode_count?: number };

export interface PersonCredits {
  movieCast: PersonMovieCast[];
  movieCrew: PersonMovieCrew[];
  tvCast: PersonTvCast[];
  tvCrew: PersonTvCrew[];
}

export interface CreditsData {
  /** Keyed by movie id. */
  movies: Map<number, Credits<MovieCastCredit>>;
  /** Keyed by series id: the credits of its latest regular season (plus the creators). */
  series: Map<number, Credits>;
  /** Keyed by series id: summed over every episode. */
  seriesAggregate: Map<number, AggregateCredits>;
  /** Keyed by season id. */
  seasons: Map<number, Credits>;
  /** Keyed by season id: summed over the season's episodes. */
  seasonsAggregate: Map<number, AggregateCredits>;
  /** Keyed by episode id. */
  episodes: Map<number, EpisodeCredits>;
  /** Keyed by person id; every person of the pool has an entry (possibly empty). */
  people: Map<number, PersonCredits>;
  /** Keyed by credit id. */
  byId: Map<string, CreditRecord>;
}
