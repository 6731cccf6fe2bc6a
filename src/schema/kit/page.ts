import type { FieldRef, ObjectFieldBuilder, OutputRef } from '@pothos/core';
import type * as Up from '../../upstream/api/types.ts';
import * as valid from './validate.ts';
import { builder } from '../builder.ts';

export type Types = typeof builder.$inferSchemaTypes;

/** How a page type words itself where the defaults ("results", up to 20) do not fit. */
export interface PageWording<Page> {
  /** Replaces the whole type description. */
  description?: string;
  /** Description of `totalResults`. */
  total?: string;
  /** Description of `results`. */
  results?: string;
  /** Fields a page of this kind has beyond the paging ones (e.g. the dates a list covers). */
  fields?: (t: ObjectFieldBuilder<Types, Page>) => Record<string, FieldRef<Types>>;
}

/** A page of results, as every paged list of the catalog returns it. */
export function pageOf<Item, Page extends Up.Page<Item> = Up.Page<Item>>(
  name: string,
  what: string,
  item: OutputRef<Item>,
  wording: PageWording<Page> = {},
) {
  return builder.objectRef<Page>(name).implement({
    description: wording.description ?? `One page of ${what}. Pages are 1-based and hold up to 20 results.`,
    fields: (t) => ({
      page: t.int({ description: 'The number of this page, starting at 1.', resolve: (p) => p.page }),
      totalPages: t.int({ description: 'How many pages there are in all.', resolve: (p) => p.total_pages }),
      totalResults: t.int({
        description: wording.total ?? 'How many results there are across all pages.',
        resolve: (p) => p.total_results,
      }),
      results: t.field({ type: [item], description: wording.results ?? `The ${what} on this page.`, resolve: (p) => p.results }),
      ...wording.fields?.(t),
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

/** The checked upstream parameters of `pageArgs`. */
export function paging(args: { page?: number | null; language?: string | null }) {
  return { page: valid.page('page', args.page), language: valid.language('language', args.language) };
}
