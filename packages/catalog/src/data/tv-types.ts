/**
 * Upstream record types of TV series, seasons and episodes: the real service's shapes,
 * snake_case, field for field as in the real service's published example responses.
 */
import type { CompanySummary, Genre, Network, ProductionCountry, SpokenLanguage } from './types.ts';

/** The person fields repeated in every crew and guest-star credit. */
export interface PersonFields {
  adult: boolean;
  gender: number;
  id: number;
  known_for_department: string;
  name: string;
  original_name: string;
  popularity: number;
  profile_path: string | null;
}

export type CrewCredit = { department: string; job: string; credit_id: string } & PersonFields;
export type GuestStarCredit = { character: string; credit_id: string; order: number } & PersonFields;

/** An episode as it appears inside season details. */
export interface SeasonEpisode {
  air_date: string;
  episode_number: number;
  episode_type: string;
  id: number;
  name: string;
  overview: string;
  production_code: string;
  runtime: number;
  season_number: number;
  show_id: number;
  still_path: string | null;
  vote_average: number;
  vote_count: number;
  crew: CrewCredit[];
  guest_stars: GuestStarCredit[];
}

/** GET /tv/{id}/season/{n}/episode/{m}: no show_id, no episode_type. */
export interface EpisodeDetails {
  air_date: string;
  crew: CrewCredit[];
  episode_number: number;
  guest_stars: GuestStarCredit[];
  name: string;
  overview: string;
  id: number;
  production_code: string;
  runtime: number;
  season_number: number;
  still_path: string | null;
  vote_average: number;
  vote_count: number;
}

/** last_episode_to_air / next_episode_to_air of series details. */
export interface EpisodeSummary {
  id: number;
  name: string;
  overview: string;
  vote_average: number;
  vote_count: number;
  air_date: string;
  episode_number: number;
  production_code: string;
  runtime: number;
  season_number: number;
  show_id: number;
  still_path: string | null;
}

export interface SeasonDetails {
  _id: string;
  air_date: string;
  episodes: SeasonEpisode[];
  name: string;
  networks: Network[];
  overview: string;
  id: number;
  poster_path: string | null;
  season_number: number;
  vote_average: number;
}

export interface SeasonSummary {
  air_date: string;
  episode_count: number;
  id: number;
  name: string;
  overview: string;
  poster_path: string | null;
  season_number: number;
  vote_average: number;
}

export interface CreatedBy {
  id: number;
  credit_id: string;
  name: string;
  gender: number;
  profile_path: string | null;
}

export interface TvSeriesDetails {
  adult: boolean;
  backdrop_path: string | null;
  created_by: CreatedBy[];
  episode_run_time: number[];
  first_air_date: string;
  genres: Genre[];
  homepage: string;
  id: number;
  in_production: boolean;
  languages: string[];
  last_air_date: string;
  last_episode_to_air: EpisodeSummary | null;
  name: string;
  next_episode_to_air: EpisodeSummary | null;
  networks: Network[];
  number_of_episodes: number;
  number_of_seasons: number;
  origin_country: string[];
  original_language: string;
  original_name: string;
  overview: string;
  popularity: number;
  poster_path: string | null;
  production_companies: CompanySummary[];
  production_countries: ProductionCountry[];
  seasons: SeasonSummary[];
  spoken_languages: SpokenLanguage[];
  status: string;
  tagline: string;
  type: string;
  vote_average: number;
  vote_count: number;
}

/** Trending TV items. */
export interface TvSummary {
  adult: boolean;
  backdrop_path: string | null;
  id: number;
  name: string;
  original_language: string;
  original_name: string;
  overview: string;
  poster_path: string | null;
  media_type: 'tv';
  genre_ids: number[];
  popularity: number;
  first_air_date: string;
  vote_average: number;
  vote_count: number;
  origin_country: string[];
}

/** GET /tv/{id}/season/{n}/external_ids; `id` is the season id. */
export interface SeasonExternalIds {
  id: number;
  freebase_mid: string | null;
  freebase_id: string | null;
  tvdb_id: number | null;
  tvrage_id: number | null;
  wikidata_id: string | null;
}

export interface ScreenedTheatricallyEntry {
  id: number;
  episode_number: number;
  season_number: number;
}

/** The account's state for one episode (favorite/watchlist are always present). */
export interface EpisodeAccountState {
  favorite: boolean;
  rated: { value: number } | false;
  watchlist: boolean;
}
