import * as valid from './validate.ts';
import type { builder } from '../builder.ts';

export type Types = typeof builder.$inferSchemaTypes;

/**
 * What the catalog's paged lists share: their `language` argument (kit/language-args.ts), and
 * the checked upstream parameters of one page. The graph serves every such list as a cursor connection
 * (kit/connection.ts), which reads the pages that hold its window.
 */

/** The checked upstream parameters of one page of a list. */
export function paging(args: { page: number; language?: string | null }) {
  return { page: valid.page('page', args.page), language: valid.language('language', args.language) };
}
