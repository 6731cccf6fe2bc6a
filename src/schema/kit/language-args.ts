import { builder } from '../builder.ts';

/** The `language` argument of an entity root: chooses the language of everything below it. */
export const subtreeLanguageArgs = builder.args((t) => ({
  language: t.string({
    required: false,
    description:
      'Language of every text below this field ("fr", "fr-FR"), nested objects and list items included, unless a `language` argument further down chooses again. Defaults to the language of the request (its Accept-Language header), else en-US. Texts without a translation fall back to the original.',
  }),
}));
