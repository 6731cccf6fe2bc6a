/**
 * The query-parameter readers and tests discover/movie and discover/tv share: lists of ids or codes
 * ("," for AND, "|" for OR), numbers, ranges, the watch-provider filter and the sort. A malformed
 * value throws 422 code 5, as the real service answers.
 */
import { CODE, CatalogError } from '../errors.ts';
import type { Query } from '../params.ts';

/** A list filter: every value (",") or any value ("|"). */
export interface ListFilter<T> {
  all: boolean;
  values: T[];
}

export function invalid(): never {
  throw new CatalogError(CODE.invalidParameters);
}

export function readList<T>(query: Query, name: string, item: RegExp, convert: (text: string) => T): ListFilter<T> | undefined {
  const text = query[name];
  if (text === undefined || text === '') return undefined;
  if (text.includes(',') && text.includes('|')) invalid();
  const parts = text.split(/[,|]/).map((part) => part.trim());
  if (parts.some((part) => !item.test(part))) invalid();
  return { all: !text.includes('|'), values: parts.map(convert) };
}

export const readIds = (query: Query, name: string) => readList(query, name, /^\d{1,10}$/, Number);
const readCodes = (query: Query, name: string, pattern: RegExp, normal: (s: string) => string) => readList(query, name, pattern, normal);

function readNumber(query: Query, name: string): number | undefined {
  const text = query[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(value)) invalid();
  return value;
}

/** Does a thing with these values pass the filter? */
export function passes<T>(filter: ListFilter<T> | undefined, have: readonly T[]): boolean {
  if (!filter) return true;
  return filter.all ? filter.values.every((v) => have.includes(v)) : filter.values.some((v) => have.includes(v));
}

/** "without_…": none of the values. */
export function passesWithout<T>(filter: ListFilter<T> | undefined, have: readonly T[]): boolean {
  return !filter?.values.some((v) => have.includes(v));
}

export const inRange = (value: number, min: number | undefined, max: number | undefined) =>
  (min === undefined || value >= min) && (max === undefined || value <= max);

export const dayInRange = (day: string, from: string | undefined, to: string | undefined) =>
  (from === undefined && to === undefined) || (day !== '' && (from === undefined || day >= from) && (to === undefined || day <= to));

export type Direction = 'asc' | 'desc';
export type Key = number | string;

/** Sorts by one key; empty strings (unknown dates) go last either way; ties by id. */
export function sortBy<T extends { id: number }>(items: T[], key: (item: T) => Key, direction: Direction): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return items.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === '' || y === '') return (x === '' ? 1 : 0) - (y === '' ? 1 : 0) || a.id - b.id;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en');
    return sign * order || a.id - b.id;
  });
}

type Offers = Partial<Record<'flatrate' | 'free' | 'ads' | 'rent' | 'buy', Array<{ provider_id: number }>>>;

/** watch_region with with_watch_providers, without_watch_providers, with_watch_monetization_types. */
export function readWatchFilter(query: Query): ((offers: Offers | undefined) => boolean) | undefined {
  const text = query.watch_region;
  const region = text === undefined ? undefined : COUNTRY.test(text) ? text.toUpperCase() : invalid();
  const providers = readIds(query, 'with_watch_providers');
  const noProviders = readIds(query, 'without_watch_providers');
  const monetization = readList(query, 'with_watch_monetization_types', /^(flatrate|free|ads|rent|buy)$/, (s) => s);
  if (!region || (!providers && !noProviders && !monetization)) return undefined;
  return (offers) => {
    const kinds = offers ? (['flatrate', 'free', 'ads', 'rent', 'buy'] as const).filter((kind) => offers[kind]?.length) : [];
    const ids = offers ? kinds.flatMap((kind) => offers[kind]!.map((o) => o.provider_id)) : [];
    return passes(providers, ids) && passesWithout(noProviders, ids) && passes(monetization, kinds);
  };
}

/** The region a watch filter looks at (validated by readWatchFilter). */
export const watchRegion = (query: Query) => query.watch_region?.toUpperCase() ?? '';

const LANGUAGE = /^[a-z]{2}$/i;
export const COUNTRY = /^[a-z]{2}$/i;

/** The filters movie and TV discover share, read (and checked) in one place. */
export function readSharedFilters(query: Query) {
  return {
    voteMin: readNumber(query, 'vote_average.gte'),
    voteMax: readNumber(query, 'vote_average.lte'),
    countMin: readNumber(query, 'vote_count.gte'),
    countMax: readNumber(query, 'vote_count.lte'),
    runtimeMin: readNumber(query, 'with_runtime.gte'),
    runtimeMax: readNumber(query, 'with_runtime.lte'),
    genres: readIds(query, 'with_genres'),
    noGenres: readIds(query, 'without_genres'),
    companies: readIds(query, 'with_companies'),
    noCompanies: readIds(query, 'without_companies'),
    languages: readCodes(query, 'with_original_language', LANGUAGE, (s) => s.toLowerCase()),
    countries: readCodes(query, 'with_origin_country', COUNTRY, (s) => s.toUpperCase()),
  };
}
