/** Reading query parameters the way the real service validates them. */
import { CODE, CatalogError } from './errors.ts';
import { isCalendarDay } from './data/dates.ts';

export type Query = Readonly<Record<string, string>>;

export const PAGE_SIZE = 20;
export const MAX_PAGE = 500;

export interface Page<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
}

/** `page`: absent means 1; otherwise an integer 1..500, else 400 code 22. */
export function readPage(query: Query): number {
  const text = query.page;
  if (text === undefined) return 1;
  const page = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(page >= 1 && page <= MAX_PAGE)) throw new CatalogError(CODE.invalidPage);
  return page;
}

/** An optional YYYY-MM-DD parameter; malformed → 400 code 23. */
export function readDay(query: Query, name: string): string | undefined {
  const text = query[name];
  if (text === undefined) return undefined;
  if (!isCalendarDay(text)) throw new CatalogError(CODE.invalidDate);
  return text;
}

/** A required, non-blank parameter; missing → 422 code 5. */
export function requireText(query: Query, name: string): string {
  const text = query[name]?.trim();
  if (!text) throw new CatalogError(CODE.invalidParameters);
  return text;
}

/** A parameter limited to a few values; anything else → 422 code 5. */
export function readChoice<T extends string>(query: Query, name: string, allowed: readonly T[], fallback: T): T {
  const text = query[name];
  if (text === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(text)) throw new CatalogError(CODE.invalidParameters);
  return text as T;
}

/** 20 per page; a page past the end is empty but keeps honest totals (real behaviour). */
export function paginate<T>(items: readonly T[], page: number): Page<T> {
  return {
    page,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total_pages: Math.ceil(items.length / PAGE_SIZE),
    total_results: items.length,
  };
}

/** The primary subtag of a language tag, trimmed and lower-cased ("pt" of "PT-br "); '' for an empty tag. */
export function primaryLanguage(tag: string): string {
  const [primary = ''] = tag.split('-');
  return primary.trim().toLowerCase();
}

/**
 * Which image languages a request selects, or undefined for all. Per the real service's docs,
 * `language` filters images and `include_image_language` adds more; the literal "null" picks
 * images without a language.
 */
export function readImageLanguages(query: Query): ((iso: string | null) => boolean) | undefined {
  const wanted = new Set<string>();
  const primary = primaryLanguage(query.language ?? '');
  if (primary) wanted.add(primary);
  for (const part of (query.include_image_language ?? '').split(',')) {
    const code = primaryLanguage(part);
    if (code) wanted.add(code);
  }
  if (wanted.size === 0) return undefined;
  return (iso) => wanted.has(iso ?? 'null');
}
