import type { QueryValue } from '../upstream/client.ts';
import { builder } from './builder.ts';
import { MoviePage } from './movie.ts';
import { ReleaseType } from './movie-extras.ts';
import { TVSeriesPage } from './tv.ts';
import * as valid from './validate.ts';

/**
 * Discover: movies and series by typed filters. Each filter field maps to one real parameter
 * (`withGenres` → `with_genres`, `primaryReleaseDateGte` → `primary_release_date.gte`, ...).
 */

export const Discover = builder.objectRef<object>('Discover').implement({
  description: 'Find movies and TV series by filters (genres, dates, votes, runtime, companies...) in a chosen order.',
});

const DiscoverMatch = builder.enumType('DiscoverMatch', {
  description: 'How the ids of a list filter combine.',
  values: {
    ALL: { value: ',', description: 'Every id must match (the real service joins them with ",").' },
    ANY: { value: '|', description: 'At least one id must match (joined with "|").' },
  } as const,
});

const DiscoverIdFilter = builder.inputType('DiscoverIdFilter', {
  description: 'A list of ids to match, all of them or any of them.',
  fields: (t) => ({
    ids: t.intList({ required: true, description: 'The ids (positive), 1 to 50 of them.' }),
    match: t.field({ type: DiscoverMatch, required: false, defaultValue: ',', description: 'ALL (default) or ANY.' }),
  }),
});

const sortValues = (names: readonly string[]) =>
  Object.fromEntries(
    names.map((name) => {
      const [field, direction] = name.split('.');
      return [name.replace('.', '_').toUpperCase(), { value: name, description: `By ${field.replace(/_/g, ' ')}, ${direction === 'asc' ? 'ascending' : 'descending'}.` }];
    }),
  );

const DiscoverMoviesSort = builder.enumType('DiscoverMoviesSort', {
  description: 'Orders of discovered movies (the real `sort_by` values). Ties go to the lower id.',
  values: sortValues([
    'popularity.desc', 'popularity.asc', 'vote_average.desc', 'vote_average.asc', 'vote_count.desc', 'vote_count.asc',
    'primary_release_date.desc', 'primary_release_date.asc', 'title.asc', 'title.desc', 'original_title.asc',
    'original_title.desc', 'revenue.desc', 'revenue.asc',
  ]),
});

const DiscoverTVSort = builder.enumType('DiscoverTVSort', {
  description: 'Orders of discovered series (the real `sort_by` values). Ties go to the lower id.',
  values: sortValues([
    'popularity.desc', 'popularity.asc', 'vote_average.desc', 'vote_average.asc', 'vote_count.desc', 'vote_count.asc',
    'first_air_date.desc', 'first_air_date.asc', 'name.asc', 'name.desc', 'original_name.asc', 'original_name.desc',
  ]),
});

const TVSeriesStatus = builder.enumType('TVSeriesStatus', {
  description: 'Production status of a series (the real `with_status` codes).',
  values: {
    RETURNING_SERIES: { value: 0, description: '"Returning Series".' },
    PLANNED: { value: 1, description: '"Planned".' },
    IN_PRODUCTION: { value: 2, description: '"In Production".' },
    ENDED: { value: 3, description: '"Ended".' },
    CANCELED: { value: 4, description: '"Canceled".' },
    PILOT: { value: 5, description: '"Pilot".' },
  } as const,
});

const TVSeriesType = builder.enumType('TVSeriesType', {
  description: 'Format of a series (the real `with_type` codes).',
  values: {
    DOCUMENTARY: { value: 0, description: '"Documentary".' },
    NEWS: { value: 1, description: '"News".' },
    MINISERIES: { value: 2, description: '"Miniseries".' },
    REALITY: { value: 3, description: '"Reality".' },
    SCRIPTED: { value: 4, description: '"Scripted".' },
    TALK_SHOW: { value: 5, description: '"Talk Show".' },
    VIDEO: { value: 6, description: '"Video".' },
  } as const,
});

const WatchMonetizationType = builder.enumType('WatchMonetizationType', {
  description: 'Kind of offer of a watch provider.',
  values: {
    FLATRATE: { value: 'flatrate', description: 'Included in a subscription.' },
    FREE: { value: 'free', description: 'Free of charge.' },
    ADS: { value: 'ads', description: 'Free with advertising.' },
    RENT: { value: 'rent', description: 'For rent.' },
    BUY: { value: 'buy', description: 'For sale.' },
  } as const,
});

/** Fields both filters share, with their real parameter names in the descriptions. */
const common = (t: PothosSchemaTypes.InputFieldBuilder<typeof builder.$inferSchemaTypes, 'InputObject'>) => ({
  includeAdult: t.boolean({ required: false, description: '`include_adult`: include adult titles. Defaults to false.' }),
  voteAverageGte: t.float({ required: false, description: '`vote_average.gte`: average vote at least this (0 to 10).' }),
  voteAverageLte: t.float({ required: false, description: '`vote_average.lte`: average vote at most this (0 to 10).' }),
  voteCountGte: t.int({ required: false, description: '`vote_count.gte`: at least this many votes.' }),
  voteCountLte: t.int({ required: false, description: '`vote_count.lte`: at most this many votes.' }),
  withRuntimeGte: t.int({ required: false, description: '`with_runtime.gte`: running time (episode running time for series) at least this many minutes.' }),
  withRuntimeLte: t.int({ required: false, description: '`with_runtime.lte`: running time at most this many minutes.' }),
  withGenres: t.field({ type: DiscoverIdFilter, required: false, description: '`with_genres`: genre ids (see `genres`), all or any.' }),
  withoutGenres: t.intList({ required: false, description: '`without_genres`: none of these genre ids.' }),
  withCompanies: t.field({ type: DiscoverIdFilter, required: false, description: '`with_companies`: production company ids, all or any.' }),
  withoutCompanies: t.intList({ required: false, description: '`without_companies`: none of these company ids.' }),
  withOriginalLanguage: t.stringList({ required: false, description: '`with_original_language`: original language is one of these ISO 639-1 codes.' }),
  withOriginCountry: t.stringList({ required: false, description: '`with_origin_country`: comes from one of these ISO 3166-1 countries.' }),
  withKeywords: t.field({ type: DiscoverIdFilter, required: false, description: '`with_keywords`: keyword ids (see `Keyword`), all or any.' }),
  withoutKeywords: t.intList({ required: false, description: '`without_keywords`: none of these keyword ids.' }),
  watchRegion: t.string({ required: false, description: '`watch_region`: ISO 3166-1 country the watch provider filters look at; required by them.' }),
  withWatchProviders: t.field({ type: DiscoverIdFilter, required: false, description: '`with_watch_providers`: offered by these provider ids in watchRegion, all or any.' }),
  withoutWatchProviders: t.intList({ required: false, description: '`without_watch_providers`: offered by none of these providers in watchRegion.' }),
  withWatchMonetizationTypes: t.field({ type: [WatchMonetizationType], required: false, description: '`with_watch_monetization_types`: offered in watchRegion in one of these ways.' }),
});

const DiscoverMoviesFilter = builder.inputType('DiscoverMoviesFilter', {
  description: 'Filters of `discover.movies`; every field is optional and they all apply together.',
  fields: (t) => ({
    ...common(t),
    includeVideo: t.boolean({ required: false, description: '`include_video`: include video releases (compilations, concerts). Defaults to false.' }),
    primaryReleaseYear: t.int({ required: false, description: '`primary_release_year`: first released in this year.' }),
    year: t.int({ required: false, description: '`year`: released in this year.' }),
    primaryReleaseDateGte: t.string({ required: false, description: '`primary_release_date.gte`: first released on or after this day, YYYY-MM-DD.' }),
    primaryReleaseDateLte: t.string({ required: false, description: '`primary_release_date.lte`: first released on or before this day, YYYY-MM-DD.' }),
    releaseDateGte: t.string({ required: false, description: '`release_date.gte`: released on or after this day, YYYY-MM-DD.' }),
    releaseDateLte: t.string({ required: false, description: '`release_date.lte`: released on or before this day, YYYY-MM-DD.' }),
    withCast: t.field({ type: DiscoverIdFilter, required: false, description: '`with_cast`: person ids in the cast, all or any.' }),
    withCrew: t.field({ type: DiscoverIdFilter, required: false, description: '`with_crew`: person ids in the crew, all or any.' }),
    withPeople: t.field({ type: DiscoverIdFilter, required: false, description: '`with_people`: person ids in the cast or crew, all or any.' }),
    region: t.string({ required: false, description: '`region`: ISO 3166-1 country whose releases the release date and release type filters look at; alone, released there.' }),
    withReleaseType: t.field({ type: [ReleaseType], required: false, description: '`with_release_type`: has a release of one of these kinds (in region when given).' }),
    certificationCountry: t.string({ required: false, description: '`certification_country`: ISO 3166-1 country of the certification filters (defaults to region).' }),
    certification: t.stringList({ required: false, description: '`certification`: rated one of these in certificationCountry (see `movieCertifications`).' }),
    certificationGte: t.string({ required: false, description: '`certification.gte`: rated this or stricter in certificationCountry.' }),
    certificationLte: t.string({ required: false, description: '`certification.lte`: rated this or milder in certificationCountry.' }),
  }),
});

const DiscoverTVFilter = builder.inputType('DiscoverTVFilter', {
  description: 'Filters of `discover.tv`; every field is optional and they all apply together.',
  fields: (t) => ({
    ...common(t),
    includeNullFirstAirDates: t.boolean({ required: false, description: '`include_null_first_air_dates`: include series without a first air date. Defaults to false.' }),
    screenedTheatrically: t.boolean({ required: false, description: '`screened_theatrically`: only series with (true) or without (false) episodes shown in cinemas.' }),
    firstAirDateYear: t.int({ required: false, description: '`first_air_date_year`: first episode aired in this year.' }),
    firstAirDateGte: t.string({ required: false, description: '`first_air_date.gte`: first episode aired on or after this day, YYYY-MM-DD.' }),
    firstAirDateLte: t.string({ required: false, description: '`first_air_date.lte`: first episode aired on or before this day, YYYY-MM-DD.' }),
    airDateGte: t.string({ required: false, description: '`air_date.gte`: some episode airs on or after this day, YYYY-MM-DD.' }),
    airDateLte: t.string({ required: false, description: '`air_date.lte`: some episode airs on or before this day (within the range with airDateGte), YYYY-MM-DD.' }),
    withNetworks: t.field({ type: DiscoverIdFilter, required: false, description: '`with_networks`: network ids, all or any.' }),
    withStatus: t.field({ type: [TVSeriesStatus], required: false, description: '`with_status`: the status is one of these.' }),
    withType: t.field({ type: [TVSeriesType], required: false, description: '`with_type`: the format is one of these.' }),
    timezone: t.string({ required: false, description: '`timezone`: IANA time zone for air dates ("America/New_York").' }),
  }),
});

/* ---- validation: each filter field to its real parameter ---- */

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
  includeAdult?: boolean | null; voteAverageGte?: number | null; voteAverageLte?: number | null; voteCountGte?: number | null;
  voteCountLte?: number | null; withRuntimeGte?: number | null; withRuntimeLte?: number | null;
  withGenres?: { ids: number[]; match?: string | null } | null; withoutGenres?: number[] | null;
  withCompanies?: { ids: number[]; match?: string | null } | null; withoutCompanies?: number[] | null;
  withOriginalLanguage?: string[] | null; withOriginCountry?: string[] | null;
  withKeywords?: { ids: number[]; match?: string | null } | null; withoutKeywords?: number[] | null;
  watchRegion?: string | null; withWatchProviders?: { ids: number[]; match?: string | null } | null;
  withoutWatchProviders?: number[] | null; withWatchMonetizationTypes?: string[] | null;
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
    with_origin_country: codes(`${at}.withOriginCountry`, f.withOriginCountry, (code) => valid.country(`${at}.withOriginCountry`, code)!),
  };
  range([`${at}.voteAverageGte`, p['vote_average.gte'] as number | undefined], [`${at}.voteAverageLte`, p['vote_average.lte'] as number | undefined]);
  range([`${at}.voteCountGte`, p['vote_count.gte'] as number | undefined], [`${at}.voteCountLte`, p['vote_count.lte'] as number | undefined]);
  range([`${at}.withRuntimeGte`, p['with_runtime.gte'] as number | undefined], [`${at}.withRuntimeLte`, p['with_runtime.lte'] as number | undefined]);
  return p;
}

function dates(at: string, gte: [string, string | null | undefined], lte: [string, string | null | undefined]): [string | undefined, string | undefined] {
  const low = valid.date(`${at}.${gte[0]}`, gte[1]);
  const high = valid.date(`${at}.${lte[0]}`, lte[1]);
  range([`${at}.${gte[0]}`, low], [`${at}.${lte[0]}`, high]);
  return [low, high];
}

type MoviesInput = CommonInput & {
  includeVideo?: boolean | null; primaryReleaseYear?: number | null; year?: number | null;
  primaryReleaseDateGte?: string | null; primaryReleaseDateLte?: string | null; releaseDateGte?: string | null; releaseDateLte?: string | null;
  region?: string | null; withReleaseType?: number[] | null; certificationCountry?: string | null; certification?: string[] | null;
  certificationGte?: string | null; certificationLte?: string | null;
  withCast?: { ids: number[]; match?: string | null } | null; withCrew?: { ids: number[]; match?: string | null } | null;
  withPeople?: { ids: number[]; match?: string | null } | null;
};

export function movieFilterParams(f: MoviesInput | null | undefined): Params {
  if (!f) return {};
  const at = 'filter';
  const [primaryFrom, primaryTo] = dates(at, ['primaryReleaseDateGte', f.primaryReleaseDateGte], ['primaryReleaseDateLte', f.primaryReleaseDateLte]);
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
    certification: f.certification ? codes(`${at}.certification`, f.certification, (c) => certificationName(`${at}.certification`, c)!) : undefined,
    'certification.gte': certificationName(`${at}.certificationGte`, f.certificationGte),
    'certification.lte': certificationName(`${at}.certificationLte`, f.certificationLte),
  };
}

type TVInput = CommonInput & {
  includeNullFirstAirDates?: boolean | null; screenedTheatrically?: boolean | null; firstAirDateYear?: number | null;
  firstAirDateGte?: string | null; firstAirDateLte?: string | null; airDateGte?: string | null; airDateLte?: string | null;
  withNetworks?: { ids: number[]; match?: string | null } | null; withStatus?: number[] | null; withType?: number[] | null;
  timezone?: string | null;
};

export function tvFilterParams(f: TVInput | null | undefined): Params {
  if (!f) return {};
  const at = 'filter';
  const [firstFrom, firstTo] = dates(at, ['firstAirDateGte', f.firstAirDateGte], ['firstAirDateLte', f.firstAirDateLte]);
  const [airFrom, airTo] = dates(at, ['airDateGte', f.airDateGte], ['airDateLte', f.airDateLte]);
  if (f.timezone !== null && f.timezone !== undefined && (f.timezone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(f.timezone))) {
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

builder.objectFields(Discover, (t) => ({
  movies: t.field({
    type: MoviePage,
    nullable: true,
    description: 'Movies that pass every filter, in the chosen order.',
    args: {
      filter: t.arg({ type: DiscoverMoviesFilter, required: false, description: 'The filters; none means every movie.' }),
      sortBy: t.arg({ type: DiscoverMoviesSort, required: false, description: 'The order. Defaults to POPULARITY_DESC.' }),
      page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
    },
    resolve: (_, args, c) =>
      c.loaders.discoverMovies.load({
        filters: movieFilterParams(args.filter),
        sortBy: args.sortBy ?? undefined,
        page: valid.page(args.page),
        language: valid.language(args.language),
      }),
  }),
  tv: t.field({
    type: TVSeriesPage,
    nullable: true,
    description: 'TV series that pass every filter, in the chosen order.',
    args: {
      filter: t.arg({ type: DiscoverTVFilter, required: false, description: 'The filters; none means every series.' }),
      sortBy: t.arg({ type: DiscoverTVSort, required: false, description: 'The order. Defaults to POPULARITY_DESC.' }),
      page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
    },
    resolve: (_, args, c) =>
      c.loaders.discoverTVSeries.load({
        filters: tvFilterParams(args.filter),
        sortBy: args.sortBy ?? undefined,
        page: valid.page(args.page),
        language: valid.language(args.language),
      }),
  }),
}));

builder.queryFields((t) => ({
  discover: t.field({ type: Discover, description: 'Find movies and TV series by filters.', resolve: () => ({}) }),
}));
