/**
 * Wire shapes shared by several domains, in the upstream's own snake_case, as the real service
 * sends them (its published contract). `| null` marks what the service may send as null; `?`
 * marks what it may omit. A shape that belongs to one domain lives in that domain's file.
 */

export interface Page<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
}

/** The many `{ id, results: [...] }` answers of sub-resources (videos, keywords of a series, ...). */
export interface IdResults<T> {
  id: number;
  results: T[];
}

/** `GET …/translations` of a movie, series, season, episode, person or collection. */
export interface Translations {
  id: number;
  translations: Translation[];
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

/** `GET …/videos` of a movie, series, season or episode. */
export type Videos = IdResults<Video>;

export interface Image {
  aspect_ratio: number;
  file_path: string;
  height: number;
  iso_639_1: string | null;
  vote_average: number;
  vote_count: number;
  width: number;
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

/** The answer of rating writes and of the credential check. */
export interface StatusResponse {
  success: boolean;
  status_code: number;
  status_message: string;
}

/** The status triple of writes (favourite, watchlist, list edits); `success` may be left out. */
export interface WriteStatus {
  success?: boolean;
  status_code: number;
  status_message: string;
}

/** The change window of every `…/changes` call. */
export type ChangeWindow = { startDate?: string; endDate?: string; page?: number };

export const changeWindow = (p: ChangeWindow) => ({ start_date: p.startDate, end_date: p.endDate, page: p.page });

/** A country a movie or series was produced in. */
export interface ProductionCountry {
  iso_3166_1: string;
  name: string;
}

/** A language spoken in a movie or series. */
export interface SpokenLanguage {
  english_name: string;
  iso_639_1: string;
  name: string;
}
