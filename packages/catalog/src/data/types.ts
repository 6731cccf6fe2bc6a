/**
 * Upstream record types: the real service's shapes, snake_case, field for field as in
 * the real service's published example responses. Nullable where the real service sends null.
 */

export interface Genre {
  id: number;
  name: string;
}

export interface ProductionCountry {
  iso_3166_1: string;
  name: string;
}

export interface SpokenLanguage {
  english_name: string;
  iso_639_1: string;
  name: string;
}

/** A company as embedded in movies and series (production_companies), and as search results. */
export interface CompanySummary {
  id: number;
  logo_path: string | null;
  name: string;
  origin_country: string;
}

export interface ParentCompany {
  id: number;
  name: string;
  logo_path: string | null;
}

export interface CompanyDetails {
  description: string;
  headquarters: string;
  homepage: string;
  id: number;
  logo_path: string | null;
  name: string;
  origin_country: string;
  parent_company: ParentCompany | null;
}

export interface CompanyAlternativeName {
  name: string;
  type: string;
}

export interface Network {
  id: number;
  logo_path: string | null;
  name: string;
  origin_country: string;
}

export interface CollectionSummary {
  id: number;
  name: string;
  poster_path: string | null;
  backdrop_path: string | null;
}

export interface MovieDetails {
  adult: boolean;
  backdrop_path: string | null;
  belongs_to_collection: CollectionSummary | null;
  budget: number;
  genres: Genre[];
  homepage: string;
  id: number;
  imdb_id: string | null;
  origin_country: string[];
  original_language: string;
  original_title: string;
  overview: string;
  popularity: number;
  poster_path: string | null;
  production_companies: CompanySummary[];
  production_countries: ProductionCountry[];
  /** YYYY-MM-DD, or "" when unknown. */
  release_date: string;
  revenue: number;
  runtime: number;
  spoken_languages: SpokenLanguage[];
  status: string;
  tagline: string;
  title: string;
  video: boolean;
  vote_average: number;
  vote_count: number;
}

/** Movie summary: items of upcoming and (plus `rating`) rated movies. */
export interface MovieSummary {
  adult: boolean;
  backdrop_path: string | null;
  genre_ids: number[];
  id: number;
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

export interface AlternativeTitle {
  iso_3166_1: string;
  title: string;
  /** Often "". */
  type: string;
}

export interface Image {
  aspect_ratio: number;
  height: number;
  iso_639_1: string | null;
  file_path: string;
  vote_average: number;
  vote_count: number;
  width: number;
}

export interface MovieImages {
  backdrops: Image[];
  logos: Image[];
  posters: Image[];
}

export interface ChangeItem {
  id: string;
  action: string;
  /** "YYYY-MM-DD HH:MM:SS UTC". */
  time: string;
  /** Movie, series and person items always carry both; season and episode items only a language, for a text in it. */
  iso_639_1?: string;
  iso_3166_1?: string;
  /** Shape depends on the change key (see CONTRACT.md, movie changes). */
  value: unknown;
  original_value?: unknown;
}

/** One stored change of a movie; the changes endpoint groups these by key. */
export interface MovieChange {
  key: string;
  item: ChangeItem;
}

export interface ReviewAuthorDetails {
  name: string;
  username: string;
  avatar_path: string | null;
  rating: number | null;
}

/** A review as GET /review/{id} returns it; list endpoints drop iso_639_1 and the media_* fields. */
export interface Review {
  id: string;
  author: string;
  author_details: ReviewAuthorDetails;
  content: string;
  created_at: string;
  iso_639_1: string;
  media_id: number;
  media_title: string;
  media_type: 'movie' | 'tv';
  updated_at: string;
  url: string;
}

export interface MovieListSummary {
  description: string;
  favorite_count: number;
  id: number;
  item_count: number;
  iso_639_1: string;
  list_type: string;
  name: string;
  poster_path: string | null;
}

export interface TvListSummary {
  description: string;
  favorite_count: number;
  id: number;
  item_count: number;
  iso_639_1: string;
  iso_3166_1: string;
  name: string;
  poster_path: string | null;
}

export interface WatchProvider {
  display_priorities: Record<string, number>;
  display_priority: number;
  logo_path: string;
  provider_name: string;
  provider_id: number;
}

export interface Region {
  iso_3166_1: string;
  english_name: string;
  native_name: string;
}

export interface Configuration {
  images: {
    base_url: string;
    secure_base_url: string;
    backdrop_sizes: string[];
    logo_sizes: string[];
    poster_sizes: string[];
    profile_sizes: string[];
    still_sizes: string[];
  };
  change_keys: string[];
}

export interface AccountDetails {
  avatar: { gravatar: { hash: string }; tmdb: { avatar_path: string | null } };
  id: number;
  iso_639_1: string;
  iso_3166_1: string;
  name: string;
  include_adult: boolean;
  username: string;
}

/** One movie the account rated; rated-movie results are the movie summary plus `rating`. */
export interface MovieRating {
  movie_id: number;
  /** 0.5 to 10 in steps of 0.5. */
  rating: number;
  /** ISO timestamp; the order behind sort_by=created_at.asc|desc. */
  created_at: string;
}

/** A video of a movie, series, season or episode (the real /videos item). */
export interface Video {
  iso_639_1: string;
  iso_3166_1: string;
  name: string;
  key: string;
  site: string;
  size: number;
  type: string;
  official: boolean;
  published_at: string;
  id: string;
}
