import type { QueryValue } from '../../upstream/client.ts';
import * as valid from '../kit/validate.ts';

/**
 * Discover filters, checked field by field before any upstream call, each mapped to the one
 * real parameter it stands for (`withGenres` → `with_genres`, `voteAverageGte` → `vote_average.gte`).
 */

type Params = Record<string, QueryValue>;
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
    with_keywords: idFilter(`${at}.withKeywords`, f.withKeywords),
    without_keywords: idList(`${at}.withoutKeywords`, f.withoutKeywords),
    watch_region: region,
    with_watch_providers: idFilter(`${at}.withWatchProviders`, f.withWatchProviders),
    without_watch_providers: idList(`${at}.withoutWatchProviders`, f.withoutWatchProviders),
    with_watch_monetization_types: enumList(`${at}.withWatchMonetizationTypes`, f.withWatchMonetizationTypes),
    include_adult: f.includeAdult ?? undefined,
    'vote_average.gte': bounded(`${at}.voteAverageGte`, f.voteAverageGte, 0, 10),
    'vote_average.lte': bounded(`${at}.voteAverageLte`, f.voteAverageLte, 0, 10),
    'vote_count.gte': bounded(`${at}.voteCountGte`, f.voteCountGte, 0, 100_000_000),
    'vote_count.lte': bounded(`${at}.voteCountLte`, f.voteCountLte, 0, 100_000_000),
    'with_runtime.gte': bounded(`${at}.withRuntimeGte`, f.withRuntimeGte, 0, 10_000),
    'with_runtime.lte': bounded(`${at}.withRuntimeLte`, f.withRuntimeLte, 0, 10_000),
    with_genres: idFilter(`${at}.withGenres`, f.withGenres),
    without_genres: idList(`${at}.withoutGenres`, f.withoutGenres),
    with_companies: idFilter(`${at}.withCompanies`, f.withCompanies),
    without_companies: idList(`${at}.withoutCompanies`, f.withoutCompanies),
    with_original_language: codes(`${at}.withOriginalLanguage`, f.withOriginalLanguage, (code) => {
      if (!/^[a-z]{2}$/.test(code)) throw valid.badInput(`${at}.withOriginalLanguage`, 'must list ISO 639-1 codes such as "en".');
      return code;
    }),
    with_origin_country: codes(
      `${at}.withOriginCountry`,
      f.withOriginCountry,
      (code) => valid.country(`${at}.withOriginCountry`, code) ?? code,
    ),
  };
  range(
    [`${at}.voteAverageGte`, p['vote_average.gte'] as number | undefined],
    [`${at}.voteAverageLte`, p['vote_average.lte'] as number | undefined],
  );
  range(
    [`${at}.voteCountGte`, p['vote_count.gte'] as number | undefined],
    [`${at}.voteCountLte`, p['vote_count.lte'] as number | undefined],
  );
  range(
    [`${at}.withRuntimeGte`, p['with_runtime.gte'] as number | undefined],
    [`${at}.withRuntimeLte`, p['with_runtime.lte'] as number | undefined],
  );
  return p;
}

function dates(
  at: string,
  gte: [string, string | null | undefined],
  lte: [string, string | null | undefined],
): [string | undefined, string | undefined] {
  const low = valid.date(`${at}.${gte[0]}`, gte[1]);
  const high = valid.date(`${at}.${lte[0]}`, lte[1]);
  range([`${at}.${gte[0]}`, low], [`${at}.${lte[0]}`, high]);
  return [low, high];
}

type MoviesInput = CommonInput & {
  includeVideo?: boolean | null;
  primaryReleaseYear?: number | null;
  year?: number | null;
  primaryReleaseDateGte?: string | null;
  primaryReleaseDateLte?: string | null;
  releaseDateGte?: string | null;
  releaseDateLte?: string | null;
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
    include_video: f.includeVideo ?? undefined,
    primary_release_year: valid.year(`${at}.primaryReleaseYear`, f.primaryReleaseYear),
    year: valid.year(`${at}.year`, f.year),
    'primary_release_date.gte': primaryFrom,
    'primary_release_date.lte': primaryTo,
    'release_date.gte': from,
    'release_date.lte': to,
    with_cast: idFilter(`${at}.withCast`, f.withCast),
    with_crew: idFilter(`${at}.withCrew`, f.withCrew),
    with_people: idFilter(`${at}.withPeople`, f.withPeople),
    region: valid.country(`${at}.region`, f.region),
    with_release_type: enumList(`${at}.withReleaseType`, f.withReleaseType),
    certification_country: valid.country(`${at}.certificationCountry`, f.certificationCountry),
    certification: f.certification
      ? codes(`${at}.certification`, f.certification, (c) => certificationName(`${at}.certification`, c) ?? c)
      : undefined,
    'certification.gte': certificationName(`${at}.certificationGte`, f.certificationGte),
    'certification.lte': certificationName(`${at}.certificationLte`, f.certificationLte),
  };
}

type TVInput = CommonInput & {
  includeNullFirstAirDates?: boolean | null;
  screenedTheatrically?: boolean | null;
  firstAirDateYear?: number | null;
  firstAirDateGte?: string | null;
  firstAirDateLte?: string | null;
  airDateGte?: string | null;
  airDateLte?: string | null;
  withNetworks?: { ids: number[]; match?: string | null } | null;
  withStatus?: number[] | null;
  withType?: number[] | null;
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
    include_null_first_air_dates: f.includeNullFirstAirDates ?? undefined,
    screened_theatrically: f.screenedTheatrically ?? undefined,
    first_air_date_year: valid.year(`${at}.firstAirDateYear`, f.firstAirDateYear),
    'first_air_date.gte': firstFrom,
    'first_air_date.lte': firstTo,
    'air_date.gte': airFrom,
    'air_date.lte': airTo,
    with_networks: idFilter(`${at}.withNetworks`, f.withNetworks),
    with_status: enumList(`${at}.withStatus`, f.withStatus),
    with_type: enumList(`${at}.withType`, f.withType),
    timezone: f.timezone ?? undefined,
  };
}
