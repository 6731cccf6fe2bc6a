import * as valid from './validate.ts';
import { builder } from '../builder.ts';

export type Types = typeof builder.$inferSchemaTypes;

/**
 * What the catalog's paged lists share: their `language` argument, and the checked upstream
 * parameters of one page. The graph serves every such list as a cursor connection
 * (kit/connection.ts), which reads the pages that hold its window.
 */
export const { language: languageArg } = builder.args((t) => ({
  language: t.string({
    required: false,
    description:
      'Language of the texts, as ISO 639-1 with an optional region ("en", "en-US"). Without it, the language chosen above, else the Accept-Language of the request, else en-US.',
  }),
}));

/** The checked upstream parameters of one page of a list. */
export function paging(args: { page: number; language?: string | null }) {
  return { page: valid.page('page', args.page), language: valid.language('language', args.language) };
}
