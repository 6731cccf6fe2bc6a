import type { DiscoverFilters } from '../../upstream/api/types.ts';
import { dayParam } from '../kit/dates.ts';
import { TYPE_CODES } from '../tv/enums.ts';
import * as valid from '../kit/validate.ts';

/**
 * Discover filters, checked field by field before any upstream call. The result keeps the
 * filters' own names; the upstream layer turns each into the real parameter it stands for.
 */

type Params = DiscoverFilters;
const MAX_IDS = 50;

function ids(argument: string, values: readonly number[]): string[] {
  if (values.length < 1 || values.length > MAX_IDS) throw valid.badInput(argument, `must list 1 to ${MAX_IDS} ids.`);
  return values.map((value) => String(valid.id(argument, value)));
}

function idFilter(argument: string, filter: { ids: readonly number[]; match?: string | null } | null | undefined): string | undefined {
  return filter ? ids(`${argument}.ids`, filter.ids).join(filter.match ?? ',') : undefined;
}

function idList(argument: string, values: readonly number[] | null | undefined): string | undefined {
  return values ? ids(argument, values).join(',') : undefined;
}

function codes(argument: string, values: readonly string[] | null | undefined, check: (value: string) => string): string | undefined {
  if (!values) return undefined;
  if (values.length < 1 || values.length > MAX_IDS) throw valid.badInput(argument, `must list 1 to ${MAX_IDS} codes.`);
  return values.map(check).join('|');
}

function bounded(argument: string, value: number | null | undefined, min: number, max: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isFinite(value) || value < min || value > max) throw valid.badInput(argument, `must be from ${min} to ${max}, got ${value}.`);
  return value;
}

function range<V extends number | string>(low: [string, V | undefined], high: [string, V | undefined]): void {
  if (low[1] !== undefined && high[1] !== undefined && low[1] > high[1]) throw valid.badInput(high[0], `must not be less than ${low[0]}.`);
}

type CommonInput = {
  includeAdult?: boolean | null;
  voteAverageGte?: number | null;
  voteAverageLte?: number | null;
  voteCountGte?: number | null;
  voteCountLte?: number | null;
  withRuntimeGte?: number | null;
  withRuntimeLte?: number | null;
  withGenres?: { ids: number[]; match?: string | null } | null;
  withoutGenres?: number[] | null;
  withCompanies?: { ids: number[]; match?: string | null } | null;
  withoutCompanies?: number[] | null;
  withOriginalLanguage?: string[] | null;
  withOriginCountry?: string[] | null;
  withKeywords?: { ids: number[]; match?: string | null } | null;
  withoutKeywords?: number[] | null;
  watchRegion?: string | null;
  withWatchProviders?: { ids: number[]; match?: string | null } | null;
  withoutWatchProviders?: number[] | null;
  withWatchMonetizationTypes?: string[] | null;
};

function enumList(argument: string, values: readonly (number | string)[] | null | undefined): string | undefined {
  if (!values) return undefined;
  if (values.length < 1) throw valid.badInput(argument, 'must list at least one value.');
  return [...new Set(values)].join('|');
}

/** Enum values as the numbers the real parameter takes; OTHER (no code) is refused. */
function codesOf(argument: string, values: readonly string[] | null | undefined, table: readonly string[]): number[] | undefined {
  return values?.map((value) => {
    const code = table.indexOf(value);
    if (code < 0) throw valid.badInput(argument, 'must list known values; OTHER stands for no value the catalog takes.');
    return code;
  });
}

function certificationName(argument: string, value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!/^[A-Za-z0-9+\-. ]{1,10}$/.test(value)) throw valid.badInput(argument, 'must be a certification such as "PG-13".');
  return value;
}

function commonParams(f: CommonInput, at: string): Params {
  const region = valid.country(`${at}.watchRegion`, f.watchRegion);
  if ((f.withWatchProviders || f.withoutWatchProviders || f.withWatchMonetizationTypes) && !region) {
    throw valid.badInput(`${at}.watchRegion`, 'is required by the watch provider filters.');
  }
  const p: Params = {
    withKeywords: idFilter(`${at}.withKeywords`, f.withKeywords),
    withoutKeywords: idList(`${at}.withoutKeywords`, f.withoutKeywords),
    watchRegion: region,
    withWatchProviders: idFilter(`${at}.withWatchProviders`, f.withWatchProviders),
    withoutWatchProviders: idList(`${at}.withoutWatchProviders`, f.withoutWatchProviders),
    withWatchMonetizationTypes: enumList(`${at}.withWatchMonetizationTypes`, f.withWatchMonetizationTypes),
    includeAdult: f.includeAdult ?? undefined,
    voteAverageGte: bounded(`${at}.voteAverageGte`, f.voteAverageGte, 0, 10),
    voteAverageLte: bounded(`${at}.voteAverageLte`, f.voteAverageLte, 0, 10),
    voteCountGte: bounded(`${at}.voteCountGte`, f.voteCountGte, 0, 100_000_000),
    voteCountLte: bounded(`${at}.voteCountLte`, f.voteCountLte, 0, 100_000_000),
    withRuntimeGte: bounded(`${at}.withRuntimeGte`, f.withRuntimeGte, 0, 10_000),
    withRuntimeLte: bounded(`${at}.withRuntimeLte`, f.withRuntimeLte, 0, 10_000),
    withGenres: idFilter(`${at}.withGenres`, f.withGenres),
    withoutGenres: idList(`${at}.withoutGenres`, f.withoutGenres),
    withCompanies: idFilter(`${at}.withCompanies`, f.withCompanies),
    withoutCompanies: idList(`${at}.withoutCompanies`, f.withoutCompanies),
    withOriginalLanguage: codes(`${at}.withOriginalLanguage`, f.withOriginalLanguage, (code) => {
      if (!/^[a-z]{2}$/.test(code)) throw valid.badInput(`${at}.withOriginalLanguage`, 'must list ISO 639-1 codes such as "en".');
      return code;
    }),
    withOriginCountry: codes(
      `${at}.withOriginCountry`,
      f.withOriginCountry,
      (code) => valid.country(`${at}.withOriginCountry`, code) ?? code,
    ),
  };
  range([`${at}.voteAverageGte`, p.voteAverageGte as number | undefined], [`${at}.voteAverageLte`, p.voteAverageLte as number | undefined]);
  range([`${at}.voteCountGte`, p.voteCountGte as number | undefined], [`${at}.voteCountLte`, p.voteCountLte as number | undefined]);
  range([`${at}.withRuntimeGte`, p.withRuntimeGte as number | undefined], [`${at}.withRuntimeLte`, p.withRuntimeLte as number | undefined]);
  return p;
}

function dates(
  at: string,
  gte: [string, Date | null | undefined],
  lte: [string, Date | null | undefined],
): [string | undefined, string | undefined] {
  const low = dayParam(gte[1]);
  const high = dayParam(lte[1]);
  range([`${at}.${gte[0]}`, low], [`${at}.${lte[0]}`, high]);
  return [low, high];
}

type MoviesInput = CommonInput & {
  includeVideo?: boolean | null;
  primaryReleaseYear?: number | null;
  year?: number | null;
  primaryReleaseDateGte?: Date | null;
  primaryReleaseDateLte?: Date | null;
  releaseDateGte?: Date | null;
  releaseDateLte?: Date | null;
  region?: string | null;
  withReleaseType?: number[] | null;
  certificationCountry?: string | null;
  certification?: string[] | null;
  certificationGte?: string | null;
  certificationLte?: string | null;
  withCast?: { ids: number[]; match?: string | null } | null;
  withCrew?: { ids: number[]; match?: string | null } | null;
  withPeople?: { ids: number[]; match?: string | null } | null;
};

export function movieFilterParams(f: MoviesInput | null | undefined): Params {
  if (!f) return {};
  const at = 'filter';
  const [primaryFrom, primaryTo] = dates(
    at,
    ['primaryReleaseDateGte', f.primaryReleaseDateGte],
    ['primaryReleaseDateLte', f.primaryReleaseDateLte],
  );
  const [from, to] = dates(at, ['releaseDateGte', f.releaseDateGte], ['releaseDateLte', f.releaseDateLte]);
  return {
    ...commonParams(f, at),
    includeVideo: f.includeVideo ?? undefined,
    primaryReleaseYear: valid.year(`${at}.primaryReleaseYear`, f.primaryReleaseYear),
    year: valid.year(`${at}.year`, f.year),
    primaryReleaseDateGte: primaryFrom,
    primaryReleaseDateLte: primaryTo,
    releaseDateGte: from,
    releaseDateLte: to,
    withCast: idFilter(`${at}.withCast`, f.withCast),
    withCrew: idFilter(`${at}.withCrew`, f.withCrew),
    withPeople: idFilter(`${at}.withPeople`, f.withPeople),
    region: valid.country(`${at}.region`, f.region),
    withReleaseType: enumList(`${at}.withReleaseType`, f.withReleaseType),
    certificationCountry: valid.country(`${at}.certificationCountry`, f.certificationCountry),
    certification: f.certification
      ? codes(`${at}.certification`, f.certification, (c) => certificationName(`${at}.certification`, c) ?? c)
      : undefined,
    certificationGte: certificationName(`${at}.certificationGte`, f.certificationGte),
    certificationLte: certificationName(`${at}.certificationLte`, f.certificationLte),
  };
}

type TVInput = CommonInput & {
  includeNullFirstAirDates?: boolean | null;
  screenedTheatrically?: boolean | null;
  firstAirDateYear?: number | null;
  firstAirDateGte?: Date | null;
  firstAirDateLte?: Date | null;
  airDateGte?: Date | null;
  airDateLte?: Date | null;
  withNetworks?: { ids: number[]; match?: string | null } | null;
  withStatus?: number[] | null;
  withType?: string[] | null;
  timezone?: string | null;
};

export function tvFilterParams(f: TVInput | null | undefined): Params {
  if (!f) return {};
  const at = 'filter';
  const [firstFrom, firstTo] = dates(at, ['firstAirDateGte', f.firstAirDateGte], ['firstAirDateLte', f.firstAirDateLte]);
  const [airFrom, airTo] = dates(at, ['airDateGte', f.airDateGte], ['airDateLte', f.airDateLte]);
  if (
    f.timezone !== null &&
    f.timezone !== undefined &&
    (f.timezone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(f.timezone))
  ) {
    throw valid.badInput(`${at}.timezone`, 'must be an IANA time zone name such as "Europe/Paris".');
  }
  return {
    ...commonParams(f, at),
    includeNullFirstAirDates: f.includeNullFirstAirDates ?? undefined,
    screenedTheatrically: f.screenedTheatrically ?? undefined,
    firstAirDateYear: valid.year(`${at}.firstAirDateYear`, f.firstAirDateYear),
    firstAirDateGte: firstFrom,
    firstAirDateLte: firstTo,
    airDateGte: airFrom,
    airDateLte: airTo,
    withNetworks: idFilter(`${at}.withNetworks`, f.withNetworks),
    withStatus: enumList(`${at}.withStatus`, f.withStatus),
    withType: enumList(`${at}.withType`, codesOf(`${at}.withType`, f.withType, TYPE_CODES)),
    timezone: f.timezone ?? undefined,
  };
}
