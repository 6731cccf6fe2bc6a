/**
 * Upstream shapes of season and episode sub-resources, the change lists and the configuration
 * reference lists (snake_case, real field names). Shared shapes live in ../types.ts.
 */
import type * as Up from '../types.ts';

/** GET /tv/{id}/season/{n}/account_states: the session's rating of each episode. */
export interface SeasonAccountStates {
  id: number;
  results: Array<{ id: number; episode_number: number; rated: { value: number } | false }>;
}

export interface Translations {
  id: number;
  translations: Up.Translation[];
}

export interface Videos {
  id: number;
  results: Up.Video[];
}

export interface EpisodeImages {
  id: number;
  stills: Up.Image[];
}

/** GET …/changes of a season or episode (by its own id). */
export interface Changes {
  changes: Up.ChangeGroup[];
}

/** GET /movie/changes, /tv/changes, /person/changes. `adult` can be null. */
export interface ChangedId {
  id: number;
  adult: boolean | null;
}

export interface ConfigCountry {
  iso_3166_1: string;
  english_name: string;
  native_name: string;
}

export interface ConfigDepartment {
  department: string;
  jobs: string[];
}

export interface ConfigLanguage {
  iso_639_1: string;
  english_name: string;
  /** The native name; "" when the service has none. */
  name: string;
}

export interface ConfigTimezone {
  iso_3166_1: string;
  zones: string[];
}
