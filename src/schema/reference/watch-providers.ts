import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import * as valid from '../kit/validate.ts';

export const Region = builder.objectRef<Up.Region>('Region').implement({
  description: 'A country (ISO 3166-1) with its names; used by the country list and the watch-provider regions.',
  fields: (t) => ({
    countryCode: t.exposeString('iso_3166_1', { description: 'ISO 3166-1 two-letter country code.' }),
    englishName: t.exposeString('english_name', { description: 'Name of the country in English.' }),
    nativeName: t.exposeString('native_name', { description: 'Name of the country in the requested language.' }),
  }),
});

const DisplayPriority = builder.objectRef<{ country: string; priority: number }>('DisplayPriority').implement({
  description: 'Where a provider sorts in one country (lower comes first).',
  fields: (t) => ({
    countryCode: t.exposeString('country', { description: 'ISO 3166-1 country code.' }),
    priority: t.exposeInt('priority', { description: 'Sort position in that country, from 0.' }),
  }),
});

export const WatchProvider = builder.objectRef<Up.WatchProvider>('WatchProvider').implement({
  description: 'A streaming or TV service that offers titles.',
  fields: (t) => ({
    providerId: t.exposeInt('provider_id', { description: 'Identifier of the provider.' }),
    providerName: t.exposeString('provider_name', { description: 'Name of the provider, such as "Apple TV".' }),
    logoPath: t.exposeString('logo_path', {
      nullable: true,
      description: 'Path of the logo, a picture of the name; null when none. `logoUrl` is its address.',
    }),
    logoUrl: imageUrlField(t, 'logo', (source) => source.logo_path, 'logo (a picture of the name)'),
    displayPriority: t.exposeInt('display_priority', { description: 'Global sort position (lower comes first).' }),
    displayPriorities: t.field({
      type: [DisplayPriority],
      description: 'Sort position per country, ordered by country code.',
      resolve: (p) =>
        Object.entries(p.display_priorities ?? {})
          .map(([country, priority]) => ({ country, priority }))
          .sort((a, b) => a.country.localeCompare(b.country)),
    }),
  }),
});

builder.queryFields((t) => ({
  watchProviderRegions: t.field({
    nullable: true,
    type: [Region],
    description: 'The countries for which watch-provider data exists, ordered by country code.',
    args: { language: t.arg.string({ required: false, description: 'Language of the native names ("en-US").' }) },
    resolve: async (_, args, c) =>
      (await c.loaders.watchProviderRegions.load({ language: valid.language('language', args.language) })).results,
  }),
  tvWatchProviders: t.field({
    nullable: true,
    type: [WatchProvider],
    description: 'Streaming and TV services that offer TV series.',
    args: {
      language: t.arg.string({ required: false, description: 'Language of the texts ("en-US").' }),
      watchRegion: t.arg.string({ required: false, description: 'Only providers available in this ISO 3166-1 country.' }),
    },
    resolve: async (_, args, c) =>
      (
        await c.loaders.tvWatchProviders.load({
          language: valid.language('language', args.language),
          watchRegion: valid.country('watchRegion', args.watchRegion),
        })
      ).results,
  }),
}));
