import type { ObjectRef } from '@pothos/core';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

export type Types = typeof builder.$inferSchemaTypes;

/** A page of results, as every paged list of the catalog returns it. */
export function pageOf<Item>(name: string, what: string, item: ObjectRef<Types, Item>) {
  return builder.objectRef<Up.Page<Item>>(name).implement({
    description: `One page of ${what}. Pages are 1-based and hold up to 20 results.`,
    fields: (t) => ({
      page: t.exposeInt('page', { description: 'The number of this page, starting at 1.' }),
      totalPages: t.exposeInt('total_pages', { description: 'How many pages there are in all.' }),
      totalResults: t.exposeInt('total_results', { description: 'How many results there are across all pages.' }),
      results: t.field({ type: [item], description: `The ${what} on this page.`, resolve: (p) => p.results }),
    }),
  });
}

export const pageArgs = builder.args((t) => ({
  page: t.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
  language: t.string({
    required: false,
    description: 'Language of the texts, as ISO 639-1 with an optional region ("en", "en-US"). Defaults to en-US.',
  }),
}));
