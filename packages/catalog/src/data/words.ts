/**
 * Word lists combined into plausible titles, names and texts. Invented; no real titles. The lists
 * are data, kept as JSON beside this file; this file gives them their types.
 */
import words from './words.json' with { type: 'json' };

export const ADJECTIVES: string[] = words.ADJECTIVES;
export const CITIES: Record<string, string[]> = words.CITIES;
export const COMPANY_KINDS: string[] = words.COMPANY_KINDS;
export const COMPANY_STEMS: string[] = words.COMPANY_STEMS;
export const FIRST_NAMES: string[] = words.FIRST_NAMES;
export const FOREIGN_WORDS: Record<string, { articles: string[]; words: string[] }> = words.FOREIGN_WORDS;
export const GENRE_NOUNS: string[] = words.GENRE_NOUNS;
export const KEYWORDS: string[] = words.KEYWORDS;
export const LAST_NAMES: string[] = words.LAST_NAMES;
export const LIST_DESCRIPTIONS: string[] = words.LIST_DESCRIPTIONS;
export const LIST_NAMES: string[] = words.LIST_NAMES;
export const NETWORK_NAMES: string[] = words.NETWORK_NAMES;
export const NOUNS: string[] = words.NOUNS;
export const PLACES: string[] = words.PLACES;
export const PROVIDER_NAMES: string[] = words.PROVIDER_NAMES;
export const REVIEW_CLOSERS: string[] = words.REVIEW_CLOSERS;
export const REVIEW_MIDDLES: string[] = words.REVIEW_MIDDLES;
export const REVIEW_OPENERS: string[] = words.REVIEW_OPENERS;
export const TAGLINES: string[] = words.TAGLINES;
