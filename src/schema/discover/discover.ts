import { builder } from '../builder.ts';
import { ReleaseType } from '../movie/sub-resources.ts';
import { TVSeriesType } from '../tv/enums.ts';

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
      const [field = name, direction] = name.split('.');
      return [
        name.replace('.', '_').toUpperCase(),
        { value: name, description: `By ${field.replace(/_/g, ' ')}, ${direction === 'asc' ? 'ascending' : 'descending'}.` },
      ];
    }),
  );

export const DiscoverMoviesSort = builder.enumType('DiscoverMoviesSort', {
  description: 'Orders of discovered movies (the real `sort_by` values). Ties go to the lower id.',
  values: sortValues([
    'popularity.desc',
    'popularity.asc',
    'vote_average.desc',
    'vote_average.asc',
    'vote_count.desc',
    'vote_count.asc',
    'primary_release_date.desc',
    'primary_release_date.asc',
    'title.asc',
    'title.desc',
    'original_title.asc',
    'original_title.desc',
    'revenue.desc',
    'revenue.asc',
  ]),
});

export const DiscoverTVSort = builder.enumType('DiscoverTVSort', {
  description: 'Orders of discovered series (the real `sort_by` values). Ties go to the lower id.',
  values: sortValues([
    'popularity.desc',
    'popularity.asc',
    'vote_average.desc',
    'vote_average.asc',
    'vote_count.desc',
    'vote_count.asc',
    'first_air_date.desc',
    'first_air_date.asc',
    'name.asc',
    'name.desc',
    'original_name.asc',
    'original_name.desc',
  ]),
});

const TVSeriesStatus = builder.enumType('TVSeriesStatus', {
  description: 'Production status of a series (the real `with_status` codes); `TVSeries.status` answers it as a ProductionStatus.',
  values: {
    RETURNING_SERIES: { value: 0, description: '"Returning Series".' },
    PLANNED: { value: 1, description: '"Planned".' },
    IN_PRODUCTION: { value: 2, description: '"In Production".' },
    ENDED: { value: 3, description: '"Ended".' },
    CANCELED: { value: 4, description: '"Canceled".' },
    PILOT: { value: 5, description: '"Pilot".' },
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
  includeAdult: t.boolean({
    required: false,
    defaultValue: false,
    description: '`include_adult`: include adult titles. Defaults to false.',
  }),
  voteAverageGte: t.float({ required: false, description: '`vote_average.gte`: average vote at least this (0 to 10).' }),
  voteAverageLte: t.float({ required: false, description: '`vote_average.lte`: average vote at most this (0 to 10).' }),
  voteCountGte: t.int({ required: false, description: '`vote_count.gte`: at least this many votes.' }),
  voteCountLte: t.int({ required: false, description: '`vote_count.lte`: at most this many votes.' }),
  withRuntimeGte: t.int({
    required: false,
    description: '`with_runtime.gte`: running time (episode running time for series) at least this many minutes.',
  }),
  withRuntimeLte: t.int({ required: false, description: '`with_runtime.lte`: running time at most this many minutes.' }),
  withGenres: t.field({ type: DiscoverIdFilter, required: false, description: '`with_genres`: genre ids (see `genres`), all or any.' }),
  withoutGenres: t.intList({ required: false, description: '`without_genres`: none of these genre ids.' }),
  withCompanies: t.field({ type: DiscoverIdFilter, required: false, description: '`with_companies`: production company ids, all or any.' }),
  withoutCompanies: t.intList({ required: false, description: '`without_companies`: none of these company ids.' }),
  withOriginalLanguage: t.stringList({
    required: false,
    description: '`with_original_language`: original language is one of these ISO 639-1 codes.',
  }),
  withOriginCountry: t.stringList({ required: false, description: '`with_origin_country`: comes from one of these ISO 3166-1 countries.' }),
  withKeywords: t.field({
    type: DiscoverIdFilter,
    required: false,
    description: '`with_keywords`: keyword ids (see `Keyword`), all or any.',
  }),
  withoutKeywords: t.intList({ required: false, description: '`without_keywords`: none of these keyword ids.' }),
  watchRegion: t.string({
    required: false,
    description: '`watch_region`: ISO 3166-1 country the watch provider filters look at; required by them.',
  }),
  withWatchProviders: t.field({
    type: DiscoverIdFilter,
    required: false,
    description: '`with_watch_providers`: offered by these provider ids in watchRegion, all or any.',
  }),
  withoutWatchProviders: t.intList({
    required: false,
    description: '`without_watch_providers`: offered by none of these providers in watchRegion.',
  }),
  withWatchMonetizationTypes: t.field({
    type: [WatchMonetizationType],
    required: false,
    description: '`with_watch_monetization_types`: offered in watchRegion in one of these ways.',
  }),
});

export const DiscoverMoviesFilter = builder.inputType('DiscoverMoviesFilter', {
  description: 'Filters of `discover.movies`; every field is optional and they all apply together.',
  fields: (t) => ({
    ...common(t),
    includeVideo: t.boolean({
      required: false,
      defaultValue: false,
      description: '`include_video`: include video releases (compilations, concerts). Defaults to false.',
    }),
    primaryReleaseYear: t.int({ required: false, description: '`primary_release_year`: first released in this year.' }),
    year: t.int({ required: false, description: '`year`: released in this year.' }),
    primaryReleaseDateGte: t.field({
      type: 'Date',
      required: false,
      description: '`primary_release_date.gte`: first released on or after this day.',
    }),
    primaryReleaseDateLte: t.field({
      type: 'Date',
      required: false,
      description: '`primary_release_date.lte`: first released on or before this day.',
    }),
    releaseDateGte: t.field({ type: 'Date', required: false, description: '`release_date.gte`: released on or after this day.' }),
    releaseDateLte: t.field({ type: 'Date', required: false, description: '`release_date.lte`: released on or before this day.' }),
    withCast: t.field({ type: DiscoverIdFilter, required: false, description: '`with_cast`: person ids in the cast, all or any.' }),
    withCrew: t.field({ type: DiscoverIdFilter, required: false, description: '`with_crew`: person ids in the crew, all or any.' }),
    withPeople: t.field({
      type: DiscoverIdFilter,
      required: false,
      description: '`with_people`: person ids in the cast or crew, all or any.',
    }),
    region: t.string({
      required: false,
      description: '`region`: ISO 3166-1 country whose releases the release date and release type filters look at; alone, released there.',
    }),
    withReleaseType: t.field({
      type: [ReleaseType],
      required: false,
      description: '`with_release_type`: has a release of one of these kinds (in region when given).',
    }),
    certificationCountry: t.string({
      required: false,
      description: '`certification_country`: ISO 3166-1 country of the certification filters (defaults to region).',
    }),
    certification: t.stringList({
      required: false,
      description: '`certification`: rated one of these in certificationCountry (see `movieCertifications`).',
    }),
    certificationGte: t.string({ required: false, description: '`certification.gte`: rated this or stricter in certificationCountry.' }),
    certificationLte: t.string({ required: false, description: '`certification.lte`: rated this or milder in certificationCountry.' }),
  }),
});

export const DiscoverTVFilter = builder.inputType('DiscoverTVFilter', {
  description: 'Filters of `discover.tvSeries`; every field is optional and they all apply together.',
  fields: (t) => ({
    ...common(t),
    includeNullFirstAirDates: t.boolean({
      required: false,
      defaultValue: false,
      description: '`include_null_first_air_dates`: include series without a first air date. Defaults to false.',
    }),
    screenedTheatrically: t.boolean({
      required: false,
      description: '`screened_theatrically`: only series with (true) or without (false) episodes shown in cinemas.',
    }),
    firstAirDateYear: t.int({ required: false, description: '`first_air_date_year`: first episode aired in this year.' }),
    firstAirDateGte: t.field({
      type: 'Date',
      required: false,
      description: '`first_air_date.gte`: first episode aired on or after this day.',
    }),
    firstAirDateLte: t.field({
      type: 'Date',
      required: false,
      description: '`first_air_date.lte`: first episode aired on or before this day.',
    }),
    airDateGte: t.field({ type: 'Date', required: false, description: '`air_date.gte`: some episode airs on or after this day.' }),
    airDateLte: t.field({
      type: 'Date',
      required: false,
      description: '`air_date.lte`: some episode airs on or before this day (within the range with airDateGte).',
    }),
    withNetworks: t.field({ type: DiscoverIdFilter, required: false, description: '`with_networks`: network ids, all or any.' }),
    withStatus: t.field({
      type: [TVSeriesStatus],
      required: false,
      description: '`with_status`: the status is one of these.',
    }),
    withType: t.field({
      type: [TVSeriesType.ref],
      required: false,
      description: '`with_type`: the format is one of these (OTHER names no format and is refused).',
    }),
    timezone: t.string({ required: false, description: '`timezone`: IANA time zone for air dates ("America/New_York").' }),
  }),
});

builder.queryFields((t) => ({
  discover: t.field({ type: Discover, nullable: true, description: 'Find movies and TV series by filters.', resolve: () => ({}) }),
}));
