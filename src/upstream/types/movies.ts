/**
 * Upstream shapes of the movie lists, movie sub-resources, genres, certifications, trending,
 * search and find (snake_case, real field names). Shared shapes live in ../types.ts.
 */
import type * as Up from '../types.ts';

export interface ReleaseDate {
  certification: string;
  descriptors?: string[];
  iso_639_1: string;
  note: string;
  /** ISO 8601, "2019-06-13T00:00:00.000Z". */
  release_date: string;
  /** 1 Premiere, 2 Theatrical (limited), 3 Theatrical, 4 Digital, 5 Physical, 6 TV. */
  type: number;
}

export interface CountryReleaseDates {
  iso_3166_1: string;
  release_dates: ReleaseDate[];
}

export interface MovieReleaseDates {
  id: number;
  results: CountryReleaseDates[];
}

export interface MovieVideos {
  id: number;
  results: Up.Video[];
}

export interface MovieTranslations {
  id: number;
  translations: Up.Translation[];
}

/** now_playing: a page plus the release window it covers. */
export interface NowPlayingPage extends Up.Page<Up.MovieSummary> {
  dates: { minimum: string; maximum: string };
}

export interface GenreList {
  genres: Up.Genre[];
}

export interface Certification {
  certification: string;
  meaning: string;
  order: number;
}

export interface CertificationList {
  certifications: Record<string, Certification[]>;
}

export interface PersonListItem {
  id: number;
  adult: boolean;
  gender: number;
  known_for_department: string;
  name: string;
  original_name: string;
  popularity: number;
  profile_path: string | null;
  media_type?: 'person';
  known_for?: Array<(Up.MovieSummary & { media_type: 'movie' }) | (Up.TVSeriesSummary & { media_type: 'tv' })>;
}

/** An item of trending/all or search/multi: tells its kind by media_type. */
export type MultiItem =
  | (Up.MovieSummary & { media_type: 'movie' })
  | (Up.TVSeriesSummary & { media_type: 'tv' })
  | (PersonListItem & { media_type: 'person' });

export interface FindSeasonResult {
  id: number;
  name: string;
  overview: string;
  poster_path: string | null;
  media_type: 'tv_season';
  vote_average: number;
  air_date: string | null;
  season_number: number;
  show_id: number;
  episode_count: number;
}

export interface FindEpisodeResult extends Up.EpisodeSummary {
  media_type: 'tv_episode';
  show_id: number;
}

export interface FindResults {
  movie_results: Up.MovieSummary[];
  person_results: PersonListItem[];
  tv_results: Up.TVSeriesSummary[];
  tv_episode_results: FindEpisodeResult[];
  tv_season_results: FindSeasonResult[];
}
