import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';
import { Region } from './watch-providers.ts';
import { textsLanguageArg } from '../kit/language-args.ts';

const ImageConfiguration = builder.objectRef<Up.Configuration['images']>('ImageConfiguration').implement({
  description: 'How to build image addresses: base URL + size token + file path (e.g. secureBaseUrl + "w500" + posterPath).',
  fields: (t) => ({
    baseUrl: t.exposeString('base_url', { description: 'Base address over plain HTTP, ending in "/".' }),
    secureBaseUrl: t.exposeString('secure_base_url', { description: 'Base address over HTTPS, ending in "/". Prefer this one.' }),
    backdropSizes: t.exposeStringList('backdrop_sizes', {
      description: 'Size tokens for backdrops (wide background pictures), such as "w780".',
    }),
    logoSizes: t.exposeStringList('logo_sizes', { description: 'Size tokens for logos (pictures of a name).' }),
    posterSizes: t.exposeStringList('poster_sizes', { description: 'Size tokens for posters (cover pictures).' }),
    profileSizes: t.exposeStringList('profile_sizes', { description: 'Size tokens for profile pictures (the photos of people).' }),
    // The 2012 service knew no episodes and sent no `still_sizes`: "not known" is not "no sizes", so
    // null (docs/data.md) rather than [] or a lost configuration.
    stillSizes: t.exposeStringList('still_sizes', {
      nullable: true,
      description:
        'Size tokens for episode stills (pictures from an episode); null where the service sent none (2012 answers, before episodes).',
    }),
  }),
});

const Configuration = builder.objectRef<Up.Configuration>('Configuration').implement({
  description: 'Catalog-wide settings: image addresses and the attribute names used in change records.',
  fields: (t) => ({
    changeKeys: t.exposeStringList('change_keys', { description: 'Names of the attributes that change records use as keys.' }),
    images: t.field({ type: ImageConfiguration, description: 'How to build image addresses.', resolve: (c) => c.images }),
  }),
});

builder.queryFields((t) => ({
  configuration: t.field({
    nullable: true,
    type: Configuration,
    description: 'Catalog-wide settings, such as how to build image addresses.',
    resolve: (_, __, c) => c.loaders.configuration.load({}),
  }),
}));

/** The configuration reference lists: countries, languages, time zones, jobs, primary translations. */

export const Language = builder.objectRef<Up.ConfigLanguage>('Language').implement({
  description: 'A language the catalog knows.',
  fields: (t) => ({
    languageCode: t.exposeString('iso_639_1', { description: 'ISO 639-1 two-letter language code.' }),
    englishName: t.exposeString('english_name', {
      nullable: true,
      description: 'Name of the language in English; null where the service left it out (2014 answers).',
    }),
    name: t.string({
      nullable: true,
      description: 'Name of the language in that language ("Deutsch"); may be empty when the catalog has none.',
      resolve: (language) => language.name,
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
    nullable: true,
    type: [Region],
    description: 'Every country the catalog uses (ISO 3166-1), with English and native names.',
    args: {
      language: textsLanguageArg,
    },
    resolve: (_, args, c) => c.loaders.configCountries.load({ language: valid.language('language', args.language) }),
  }),
  languages: t.field({
    nullable: true,
    type: [Language],
    description: 'Every language the catalog uses (ISO 639-1).',
    resolve: (_, __, c) => c.loaders.configLanguages.load({}),
  }),
  timezones: t.field({
    nullable: true,
    type: [CountryTimezones],
    description: 'The time zones of each country.',
    resolve: (_, __, c) => c.loaders.configTimezones.load({}),
  }),
  jobs: t.field({
    nullable: true,
    type: [Department],
    description: 'Every crew department with its jobs; each crew credit names one of these.',
    resolve: (_, __, c) => c.loaders.configJobs.load({}),
  }),
  primaryTranslations: t.field({
    nullable: true,
    type: ['String'],
    description: 'The language tags the catalog is fully translated into, such as "en-US" and "de-DE".',
    resolve: (_, __, c) => c.loaders.configPrimaryTranslations.load({}),
  }),
}));
