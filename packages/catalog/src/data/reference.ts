/**
 * The configuration reference lists: countries, departments with their jobs, languages, primary
 * translations and time zones, copied from the real service's answers (the OpenAPI examples of
 * configuration-countries, -jobs, -languages, -primary-translations and -timezones), in their order.
 * The lists themselves are data, kept as JSON beside this file (reference/*.json); this file gives
 * them their types.
 */
import countries from './reference/countries.json' with { type: 'json' };
import jobs from './reference/jobs.json' with { type: 'json' };
import languages from './reference/languages.json' with { type: 'json' };
import primaryTranslations from './reference/primary-translations.json' with { type: 'json' };
import timezones from './reference/timezones.json' with { type: 'json' };

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
  name: string;
}

export interface ConfigTimezone {
  iso_3166_1: string;
  zones: string[];
}

export const CONFIG_COUNTRIES: readonly ConfigCountry[] = countries;
/** Departments in the real order; jobs in the real order within each. */
export const CONFIG_JOBS: readonly ConfigDepartment[] = jobs;
export const CONFIG_LANGUAGES: readonly ConfigLanguage[] = languages;
export const PRIMARY_TRANSLATIONS: readonly string[] = primaryTranslations;
export const CONFIG_TIMEZONES: readonly ConfigTimezone[] = timezones;
