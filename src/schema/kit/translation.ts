import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

const TranslationData = builder.objectRef<Up.Translation['data']>('TranslationData').implement({
  description: 'The translated texts. Which ones are set depends on the kind of object; each is null when not translated.',
  fields: (t) => ({
    title: t.string({ nullable: true, description: 'Translated title (movies, episodes).', resolve: (d) => d.title || null }),
    name: t.string({ nullable: true, description: 'Translated name (series, seasons, collections).', resolve: (d) => d.name || null }),
    overview: t.string({ nullable: true, description: 'Translated overview.', resolve: (d) => d.overview || null }),
    tagline: t.string({ nullable: true, description: 'Translated tagline.', resolve: (d) => d.tagline || null }),
    homepage: t.string({ nullable: true, description: 'Web site for this language.', resolve: (d) => d.homepage || null }),
    biography: t.string({ nullable: true, description: 'Translated biography (people).', resolve: (d) => d.biography || null }),
    runtime: t.int({ nullable: true, description: 'Running time in minutes in this release.', resolve: (d) => d.runtime || null }),
  }),
});

export const Translation = builder.objectRef<Up.Translation>('Translation').implement({
  description: 'The texts of an object in one language.',
  fields: (t) => ({
    countryCode: t.string({
      nullable: true,
      description: 'ISO 3166-1 country of the translation; null when not set.',
      resolve: (tr) => tr.iso_3166_1 || null,
    }),
    languageCode: t.string({
      nullable: true,
      description: 'ISO 639-1 language of the translation; null when not set.',
      resolve: (tr) => tr.iso_639_1 || null,
    }),
    name: t.exposeString('name', { description: 'Name of the language in that language, such as "Français".' }),
    englishName: t.exposeString('english_name', { description: 'Name of the language in English.' }),
    data: t.field({ type: TranslationData, description: 'The translated texts.', resolve: (tr) => tr.data }),
  }),
});
