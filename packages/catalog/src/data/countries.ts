/** Reference tables: the countries and languages the generated catalog uses. Real names. */
import type { Random } from './random.ts';
import type { ProductionCountry, SpokenLanguage } from './types.ts';

export interface CountryRow {
  iso_3166_1: string;
  english_name: string;
  native_name: string;
  /** The main ISO-639-1 language, used to give a movie made there a fitting original language. */
  language: string;
}

/** Sorted by iso_3166_1, as the regions endpoint returns them. */
export const COUNTRIES: readonly CountryRow[] = [
  { iso_3166_1: 'AR', english_name: 'Argentina', native_name: 'Argentina', language: 'es' },
  { iso_3166_1: 'AT', english_name: 'Austria', native_name: 'Österreich', language: 'de' },
  { iso_3166_1: 'AU', english_name: 'Australia', native_name: 'Australia', language: 'en' },
  { iso_3166_1: 'BE', english_name: 'Belgium', native_name: 'Belgium', language: 'fr' },
  { iso_3166_1: 'BG', english_name: 'Bulgaria', native_name: 'Bulgaria', language: 'bg' },
  { iso_3166_1: 'BR', english_name: 'Brazil', native_name: 'Brasil', language: 'pt' },
  { iso_3166_1: 'CA', english_name: 'Canada', native_name: 'Canada', language: 'en' },
  { iso_3166_1: 'CH', english_name: 'Switzerland', native_name: 'Schweiz', language: 'de' },
  { iso_3166_1: 'CL', english_name: 'Chile', native_name: 'Chile', language: 'es' },
  { iso_3166_1: 'CO', english_name: 'Colombia', native_name: 'Colombia', language: 'es' },
  { iso_3166_1: 'CZ', english_name: 'Czech Republic', native_name: 'Czech Republic', language: 'cs' },
  { iso_3166_1: 'DE', english_name: 'Germany', native_name: 'Deutschland', language: 'de' },
  { iso_3166_1: 'DK', english_name: 'Denmark', native_name: 'Danmark', language: 'da' },
  { iso_3166_1: 'EG', english_name: 'Egypt', native_name: 'Egypt', language: 'ar' },
  { iso_3166_1: 'ES', english_name: 'Spain', native_name: 'España', language: 'es' },
  { iso_3166_1: 'FI', english_name: 'Finland', native_name: 'Suomi', language: 'fi' },
  { iso_3166_1: 'FR', english_name: 'France', native_name: 'France', language: 'fr' },
  { iso_3166_1: 'GB', english_name: 'United Kingdom', native_name: 'United Kingdom', language: 'en' },
  { iso_3166_1: 'GR', english_name: 'Greece', native_name: 'Greece', language: 'el' },
  { iso_3166_1: 'HK', english_name: 'Hong Kong', native_name: 'Hong Kong SAR China', language: 'zh' },
  { iso_3166_1: 'HU', english_name: 'Hungary', native_name: 'Hungary', language: 'hu' },
  { iso_3166_1: 'IE', english_name: 'Ireland', native_name: 'Ireland', language: 'en' },
  { iso_3166_1: 'IN', english_name: 'India', native_name: 'India', language: 'hi' },
  { iso_3166_1: 'IT', english_name: 'Italy', native_name: 'Italia', language: 'it' },
  { iso_3166_1: 'JP', english_name: 'Japan', native_name: 'Japan', language: 'ja' },
  { iso_3166_1: 'KR', english_name: 'South Korea', native_name: 'South Korea', language: 'ko' },
  { iso_3166_1: 'MX', english_name: 'Mexico', native_name: 'México', language: 'es' },
  { iso_3166_1: 'NL', english_name: 'Netherlands', native_name: 'Nederland', language: 'nl' },
  { iso_3166_1: 'NO', english_name: 'Norway', native_name: 'Norge', language: 'no' },
  { iso_3166_1: 'NZ', english_name: 'New Zealand', native_name: 'New Zealand', language: 'en' },
  { iso_3166_1: 'PL', english_name: 'Poland', native_name: 'Polska', language: 'pl' },
  { iso_3166_1: 'PT', english_name: 'Portugal', native_name: 'Portugal', language: 'pt' },
  { iso_3166_1: 'RO', english_name: 'Romania', native_name: 'România', language: 'ro' },
  { iso_3166_1: 'SE', english_name: 'Sweden', native_name: 'Sverige', language: 'sv' },
  { iso_3166_1: 'SG', english_name: 'Singapore', native_name: 'Singapore', language: 'en' },
  { iso_3166_1: 'TH', english_name: 'Thailand', native_name: 'Thailand', language: 'th' },
  { iso_3166_1: 'TR', english_name: 'Turkey', native_name: 'Türkiye', language: 'tr' },
  { iso_3166_1: 'TW', english_name: 'Taiwan', native_name: 'Taiwan', language: 'zh' },
  { iso_3166_1: 'US', english_name: 'United States of America', native_name: 'United States', language: 'en' },
  { iso_3166_1: 'ZA', english_name: 'South Africa', native_name: 'South Africa', language: 'en' },
];

/** Countries most productions come from; weighted picks keep the catalog looking like the real one. */
export const MAJOR_PRODUCTION_COUNTRIES = ['US', 'US', 'US', 'US', 'GB', 'GB', 'FR', 'DE', 'CA', 'JP', 'KR', 'ES', 'IT', 'AU'];

export interface LanguageRow {
  iso_639_1: string;
  english_name: string;
  name: string;
}

export const LANGUAGES: readonly LanguageRow[] = [
  { iso_639_1: 'ar', english_name: 'Arabic', name: 'العربية' },
  { iso_639_1: 'bg', english_name: 'Bulgarian', name: 'български език' },
  { iso_639_1: 'cs', english_name: 'Czech', name: 'Český' },
  { iso_639_1: 'da', english_name: 'Danish', name: 'Dansk' },
  { iso_639_1: 'de', english_name: 'German', name: 'Deutsch' },
  { iso_639_1: 'el', english_name: 'Greek', name: 'ελληνικά' },
  { iso_639_1: 'en', english_name: 'English', name: 'English' },
  { iso_639_1: 'es', english_name: 'Spanish', name: 'Español' },
  { iso_639_1: 'fi', english_name: 'Finnish', name: 'suomi' },
  { iso_639_1: 'fr', english_name: 'French', name: 'Français' },
  { iso_639_1: 'hi', english_name: 'Hindi', name: 'हिन्दी' },
  { iso_639_1: 'hu', english_name: 'Hungarian', name: 'Magyar' },
  { iso_639_1: 'it', english_name: 'Italian', name: 'Italiano' },
  { iso_639_1: 'ja', english_name: 'Japanese', name: '日本語' },
  { iso_639_1: 'ko', english_name: 'Korean', name: '한국어/조선말' },
  { iso_639_1: 'nl', english_name: 'Dutch', name: 'Nederlands' },
  { iso_639_1: 'no', english_name: 'Norwegian', name: 'Norsk' },
  { iso_639_1: 'pl', english_name: 'Polish', name: 'Polski' },
  { iso_639_1: 'pt', english_name: 'Portuguese', name: 'Português' },
  { iso_639_1: 'ro', english_name: 'Romanian', name: 'Română' },
  { iso_639_1: 'sv', english_name: 'Swedish', name: 'svenska' },
  { iso_639_1: 'th', english_name: 'Thai', name: 'ภาษาไทย' },
  { iso_639_1: 'tr', english_name: 'Turkish', name: 'Türkçe' },
  { iso_639_1: 'zh', english_name: 'Mandarin', name: '普通话' },
];

const countryByCode = new Map(COUNTRIES.map((row) => [row.iso_3166_1, row]));
const languageByCode = new Map(LANGUAGES.map((row) => [row.iso_639_1, row]));

export function country(code: string): CountryRow {
  const row = countryByCode.get(code);
  if (!row) throw new Error(`unknown country ${code}`);
  return row;
}

export function language(code: string): LanguageRow {
  const row = languageByCode.get(code);
  if (!row) throw new Error(`unknown language ${code}`);
  return row;
}

/** Where a production comes from: mostly the big film countries, sometimes anywhere. */
export function pickOriginCountry(rng: Random, majorShare = 0.75): string {
  return rng.chance(majorShare) ? rng.pick(MAJOR_PRODUCTION_COUNTRIES) : rng.pick(COUNTRIES).iso_3166_1;
}

export function productionCountry(code: string): ProductionCountry {
  return { iso_3166_1: code, name: country(code).english_name };
}

export function spokenLanguage(code: string): SpokenLanguage {
  const row = language(code);
  return { english_name: row.english_name, iso_639_1: row.iso_639_1, name: row.name };
}

/** The country a translation is labelled with: the first catalog country speaking it (US for English). */
export function countryOfLanguage(code: string): string {
  if (code === 'en') return 'US';
  return COUNTRIES.find((row) => row.language === code)?.iso_3166_1 ?? 'US';
}
