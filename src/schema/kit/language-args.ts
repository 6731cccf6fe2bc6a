import { builder } from '../builder.ts';

/** The `language` argument of an entity root: chooses the language of everything below it. */
export const subtreeLanguageArgs = builder.args((t) => ({
  language: t.string({
    required: false,
    description:
      'Language of every text below this field ("fr", "fr-FR"), nested objects and list items included, unless a `language` argument further down chooses again. Without it, the language of the request (its Accept-Language header), else en-US. Texts without a translation fall back to the original.',
  }),
}));

/** What every `language` argument of a field does without a value. */
const WITHOUT_IT = 'Without it, the language chosen above, else the Accept-Language of the request, else en-US.';

/** A field's `language` argument, the language of its texts: `which` says which texts, with examples. */
export function languageArgOf(which: string) {
  return builder.args((t) => ({ language: t.string({ required: false, description: `${which} ${WITHOUT_IT}` }) })).language;
}

/** The `language` argument of a field whose texts are in one language, a paged list's among them. */
export const languageArg = languageArgOf('Language of the texts, as ISO 639-1 with an optional region ("en", "en-US").');

/** The same, as most other fields word it. */
export const textsLanguageArg = languageArgOf('Language of the texts ("en", "en-US").');

/** The same, on a field whose items' texts below it follow it. */
export const hereAndBelowLanguageArg = languageArgOf('Language of the texts ("en", "en-US"), here and below.');
