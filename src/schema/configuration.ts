import type * as Up from '../upstream/api/types.ts';
import { builder } from './builder.ts';

const ImageConfiguration = builder.objectRef<Up.Configuration['images']>('ImageConfiguration').implement({
  description: 'How to build image addresses: base URL + size token + file path (e.g. secureBaseUrl + "w500" + posterPath).',
  fields: (t) => ({
    baseUrl: t.exposeString('base_url', { description: 'Base address over plain HTTP, ending in "/".' }),
    secureBaseUrl: t.exposeString('secure_base_url', { description: 'Base address over HTTPS, ending in "/". Prefer this one.' }),
    backdropSizes: t.exposeStringList('backdrop_sizes', { description: 'Size tokens for backdrops, such as "w780".' }),
    logoSizes: t.exposeStringList('logo_sizes', { description: 'Size tokens for logos.' }),
    posterSizes: t.exposeStringList('poster_sizes', { description: 'Size tokens for posters.' }),
    profileSizes: t.exposeStringList('profile_sizes', { description: 'Size tokens for profile pictures.' }),
    stillSizes: t.exposeStringList('still_sizes', { description: 'Size tokens for episode stills.' }),
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
    type: Configuration,
    description: 'Catalog-wide settings, such as how to build image addresses.',
    resolve: (_, __, c) => c.loaders.configuration.load({}),
  }),
}));
