/** The configuration: image base URLs and sizes, and the reference lists (countries, jobs, ...). */
import { resource, type Language } from './define.ts';

export interface Configuration {
  change_keys: string[];
  images: {
    base_url: string;
    secure_base_url: string;
    backdrop_sizes: string[];
    logo_sizes: string[];
    poster_sizes: string[];
    profile_sizes: string[];
    /** Left out of 2012 answers. */
    still_sizes?: string[];
  };
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

type None = Record<string, never>;

export const configurationResources = {
  configuration: resource<object, Configuration>(() => ({ path: ['configuration'] })),
  configCountries: resource<Language, ConfigCountry[]>((p) => ({ path: ['configuration', 'countries'], query: { language: p.language } })),
  configJobs: resource<None, ConfigDepartment[]>(() => ({ path: ['configuration', 'jobs'] })),
  configLanguages: resource<None, ConfigLanguage[]>(() => ({ path: ['configuration', 'languages'] })),
  configPrimaryTranslations: resource<None, string[]>(() => ({ path: ['configuration', 'primary_translations'] })),
  configTimezones: resource<None, ConfigTimezone[]>(() => ({ path: ['configuration', 'timezones'] })),
};
