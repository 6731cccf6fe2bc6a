/**
 * The upstream's JSON shapes, in its own snake_case, as the real service sends them
 * (the real service's published contract). `| null` marks what the service may send as null;
 * `?` marks what it may omit.
 */

export interface Page<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
}

export interface Configuration {
  change_keys: string[];
  images: {
    base_url: string;
    secure_base_url: string;
    backdrop_sizes: string[];
    logo_sizes: string[];
    poster_sizes: string[];
    profile_sizes: string[];
    still_sizes: string[];
  };
}

export interface StatusResponse {
  success: boolean;
  status_code: number;
  status_message: string;
}

export interface Region {
  iso_3166_1: string;
  english_name: string;
  native_name: string;
}

export interface WatchProvider {
  provider_id: number;
  provider_name: string;
  logo_path: string | null;
  display_priority: number;
  display_priorities: Record<string, number>;
}

export interface Genre {
  id: number;
  name: string;
}

export interface CompanySummary {
  id: number;
  name: string;
  logo_path: string | null;
  origin_country: string;
}

export interface CompanyDetails extends CompanySummary {
  description: string;
  headquarters: string;
  homepage: string;
  parent_company: { id: number; name: string; logo_path: string | null } | null;
}

export interface AlternativeName {
  name: string;
  type: string;
}

export interface MovieSummary {
  id: number;
  adult: boolean;
  backdrop_path: string | null;
  genre_ids: number[];
  original_language: string;
  original_title: string;
  overview: string;
  popularity: number;
  poster_path: string | null;
  release_date: string;
  title: string;
  video: boolean;
  vote_average: number;
  vote_count: number;
}

export interface RatedMovie extends MovieSummary {
  rating: number;
}

export interface MovieDetails extends Omit<MovieSummary, 'genre_ids'> {
  belongs_to_collection: { id: number; name: string; poster_path: string | null; backdrop_path: string | null } | null;
  budget: number;
  genres: Genre[];
  homepage: string;
  imdb_id: string | null;
  origin_country?: string[];
  production_companies: CompanySummary[];
  production_countries: Array<{ iso_3166_1: string; name: string }>;
  revenue: number;
  runtime: number | null;
  spoken_languages: Array<{ english_name: string; iso_639_1: string; name: string }>;
  status: string;
  tagline: string;
}

export interface UpcomingPage extends Page<MovieSummary> {
  dates: { minimum: string; maximum: string };
}

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

export interface TVSeriesDetails extends Omit<TVSeriesSummary, 'genre_ids' | 'media_type'> {
  created_by: Array<{ id: number; credit_id: string; name: string; gender: number; profile_path: string | null }>;
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
  seasons: SeasonSummary[];
  status: string;
  tagline: string;
  type: string;
}

export interface SeasonDetails {
  _id: string;
  id: number;
  air_date: string | null;
  episodes: EpisodeSummary[];
  name: string;
  overview: string;
  poster_path: string | null;
  season_number: number;
  vote_average: number;
}

export type EpisodeDetails = EpisodeSummary;

export interface AccountStates {
  id: number;
  favorite: boolean;
  rated: { value: number } | false;
  watchlist: boolean;
}

export interface ScreenedTheatricallyEntry {
  id: number;
  episode_number: number;
  season_number: number;
}

export interface Image {
  aspect_ratio: number;
  file_path: string;
  height: number;
  iso_639_1: string | null;
  vote_average: number;
  vote_count: number;
  width: number;
}

export interface MovieImages {
  id: number;
  backdrops: Image[];
  logos: Image[];
  posters: Image[];
}

export interface SeasonImages {
  id: number;
  posters: Image[];
}

export type SeasonExternalIds = ExternalIds;

export interface AlternativeTitle {
  iso_3166_1: string;
  title: string;
  type: string;
}

export interface ChangeItem {
  id: string;
  action: string;
  time: string;
  iso_639_1?: string;
  iso_3166_1?: string;
  value?: unknown;
  original_value?: unknown;
}

export interface ChangeGroup {
  key: string;
  items: ChangeItem[];
}

export interface UserList {
  id: number;
  name: string;
  description: string;
  favorite_count: number;
  item_count: number;
  iso_639_1: string;
  iso_3166_1?: string;
  list_type?: string;
  poster_path: string | null;
}

export interface Review {
  id: string;
  author: string;
  author_details: { name: string; username: string; avatar_path: string | null; rating: number | null };
  content: string;
  created_at: string;
  updated_at: string;
  url: string;
  iso_639_1?: string;
  media_id?: number;
  media_title?: string;
  media_type?: string;
}

export interface AccountDetails {
  id: number;
  avatar: { gravatar: { hash: string | null }; tmdb: { avatar_path: string | null } };
  iso_639_1: string;
  iso_3166_1: string;
  name: string;
  include_adult: boolean;
  username: string;
}

export interface Session {
  success: boolean;
  session_id: string;
}

/* Shapes shared by several namespaces (movie, tv, season, episode, person). */

export interface Video {
  id: string;
  iso_639_1: string;
  iso_3166_1: string;
  key: string;
  name: string;
  site: string;
  size: number;
  type: string;
  official: boolean;
  published_at: string;
}

export interface Translation {
  iso_3166_1: string;
  iso_639_1: string;
  name: string;
  english_name: string;
  data: {
    title?: string;
    name?: string;
    overview?: string;
    homepage?: string;
    tagline?: string;
    biography?: string;
    runtime?: number;
  };
}

/** A provider as it appears in a title's per-country offers (no display_priorities). */
export interface ProviderOffer {
  provider_id: number;
  provider_name: string;
  logo_path: string | null;
  display_priority: number;
}

export interface WatchProviderCountry {
  link: string;
  flatrate?: ProviderOffer[];
  rent?: ProviderOffer[];
  buy?: ProviderOffer[];
  free?: ProviderOffer[];
  ads?: ProviderOffer[];
}

/** `GET …/watch/providers` of a movie, series or season: offers keyed by ISO 3166-1 country. */
export interface WatchProviders {
  id: number;
  results: Record<string, WatchProviderCountry>;
}

/** External ids of any kind of object; each namespace sends a subset. */
export interface ExternalIds {
  id: number;
  imdb_id?: string | null;
  wikidata_id?: string | null;
  facebook_id?: string | null;
  instagram_id?: string | null;
  twitter_id?: string | null;
  tiktok_id?: string | null;
  youtube_id?: string | null;
  freebase_id?: string | null;
  freebase_mid?: string | null;
  tvdb_id?: number | null;
  tvrage_id?: number | null;
}
