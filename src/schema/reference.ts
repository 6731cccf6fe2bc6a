import type * as Up from '../upstream/api/types.ts';
import { builder } from './builder.ts';
import * as valid from './validate.ts';
import { Region } from './watch-providers.ts';

/** The configuration reference lists: countries, languages, time zones, jobs, primary translations. */

export const Language = builder.objectRef<Up.ConfigLanguage>('Language').implement({
  description: 'A language the catalog knows.',
  fields: (t) => ({
    languageCode: t.exposeString('iso_639_1', { description: 'ISO 639-1 two-letter language code.' }),
    englishName: t.exposeString('english_name', { description: 'Name of the language in English.' }),
    name: t.string({
      nullable: true,
      description: 'Name of the language in that language ("Deutsch"); null when the catalog has none.',
      resolve: (language) => language.name || null,
    }),
  }),
});

const CountryTimezones = builder.objectRef<Up.ConfigTimezone>('CountryTimezones').implement({
  description: 'The time zones used in one country.',
  fields: (t) => ({
    countryCode: t.exposeString('iso_3166_1', { description: 'ISO 3166-1 two-letter country code.' }),
    zones: t.exposeStringList('zones', { description: 'IANA time zone names, such as "Europe/Berlin".' }),
  }),
});

const Department = builder.objectRef<Up.ConfigDepartment>('Department').implement({
  description: 'A department of a film or TV crew and the jobs in it, as crew credits name them.',
  fields: (t) => ({
    name: t.exposeString('department', { description: 'Name of the department, such as "Directing".' }),
    jobs: t.exposeStringList('jobs', { description: 'The jobs in the department, such as "Director".' }),
  }),
});

builder.queryFields((t) => ({
  countries: t.field({
    type: [Region],
    description: 'Every country the catalog uses (ISO 3166-1), with English and native names.',
    args: {
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
    },
    resolve: (_, args, c) => c.loaders.configCountries.load({ language: valid.language(args.language) }),
  }),
  languages: t.field({
    type: [Language],
    description: 'Every language the catalog uses (ISO 639-1).',
    resolve: (_, __, c) => c.loaders.configLanguages.load({}),
  }),
  timezones: t.field({
    type: [CountryTimezones],
    description: 'The time zones of each country.',
    resolve: (_, __, c) => c.loaders.configTimezones.load({}),
  }),
  jobs: t.field({
    type: [Department],
    description: 'Every crew department with its jobs; each crew credit names one of these.',
    resolve: (_, __, c) => c.loaders.configJobs.load({}),
  }),
  primaryTranslations: t.field({
    type: ['String'],
    description: 'The language tags the catalog is fully translated into, such as "en-US" and "de-DE".',
    resolve: (_, __, c) => c.loaders.configPrimaryTranslations.load({}),
  }),
}));
