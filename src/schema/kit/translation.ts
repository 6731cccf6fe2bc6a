import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

const TranslationData = builder.objectRef<Up.Translation['data']>('TranslationData').implement({
  description:
    'The translated texts, as the catalog sends them: an untranslated text is empty (""). Which ones are there depends on the kind of object; the others are null.',
  fields: (t) => ({
    title: t.string({ nullable: true, description: 'Translated title (movies, episodes); may be empty.', resolve: (d) => d.title }),
    name: t.string({
      nullable: true,
      description: 'Translated name (series, seasons, collections, people); may be empty.',
      resolve: (d) => d.name,
    }),
    overview: t.string({ nullable: true, description: 'Translated overview; may be empty.', resolve: (d) => d.overview }),
    tagline: t.string({ nullable: true, description: 'Translated tagline (movies, series); may be empty.', resolve: (d) => d.tagline }),
    homepage: t.string({ nullable: true, description: 'Web site for this language; may be empty.', resolve: (d) => d.homepage }),
    biography: t.string({ nullable: true, description: 'Translated biography (people); may be empty.', resolve: (d) => d.biography }),
    runtime: t.int({
      nullable: true,
      description: 'Running time in minutes in this release (movies); 0 when unknown.',
      resolve: (d) => d.runtime,
    }),
  }),
});

export const Translation = builder.objectRef<Up.Translation>('Translation').implement({
  description: 'The texts of an object in one language.',
  fields: (t) => ({
    countryCode: t.string({
      nullable: true,
      description: "ISO 3166-1 country of the translation; null when not set. The catalog's empty string comes as null.",
      resolve: (tr) => tr.iso_3166_1 || null,
    }),
    languageCode: t.string({
      nullable: true,
      description: "ISO 639-1 language of the translation; null when not set. The catalog's empty string comes as null.",
      resolve: (tr) => tr.iso_639_1 || null,
    }),
    name: t.exposeString('name', { description: 'Name of the language in that language, such as "Français".' }),
    englishName: t.exposeString('english_name', {
      nullable: true,
      description: 'Name of the language in English; null where the service left it out.',
    }),
    data: t.field({
      type: TranslationData,
      nullable: true,
      description: 'The translated texts; null where the service sent only the language (2014 answers).',
      resolve: (tr) => tr.data ?? null,
    }),
  }),
});

/**
 * The translations of an answer: `{ translations: [...] }`, or the bare list older answers
 * (2014) carry when appended to their object.
 */
export function translationsOf(answer: { translations: Up.Translation[] } | Up.Translation[]): Up.Translation[] {
  return Array.isArray(answer) ? answer : answer.translations;
}
