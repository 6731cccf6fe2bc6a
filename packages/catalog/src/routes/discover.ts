/**
 * Discover: movies and series filtered and sorted by the real service's parameters. Lists of
 * ids or codes take "," for AND and "|" for OR (never both). Malformed numbers, lists, years,
 * booleans or sort keys are 422 code 5; malformed dates 400 code 23; a bad page 400 code 22.
 * Release dates, release types and certifications of movies come from their per-country release
 * dates (`region`, `certification_country`); watch providers from the per-country offers
 * (`watch_region`); keywords from the keyword lists; cast, crew and people from the credits.
 */
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import { MOVIE_CERTIFICATIONS } from '../data/certifications.ts';
import type { TvSeriesDetails } from '../data/tv-types.ts';
import type { MovieDetails } from '../data/types.ts';
import { paginate, readChoice, readDay, readPage, type Query } from '../params.ts';
import type { Route } from '../router.ts';
import {
  COUNTRY,
  dayInRange,
  type Direction,
  inRange,
  invalid,
  type Key,
  passes,
  passesWithout,
  readIds,
  readList,
  readSharedFilters,
  readWatchFilter,
  sortBy,
  watchRegion,
} from './discover-filters.ts';
import { movieSummary } from './shapes.ts';
import { airDatesOf, readBoolean, readYear, todayIn, tvListItem } from './tv-lists.ts';

export const MOVIE_SORTS = [
  'original_title.asc',
  'original_title.desc',
  'popularity.asc',
  'popularity.desc',
  'revenue.asc',
  'revenue.desc',
  'primary_release_date.asc',
  'title.asc',
  'title.desc',
  'primary_release_date.desc',
  'vote_average.asc',
  'vote_average.desc',
  'vote_count.asc',
  'vote_count.desc',
] as const;

export const TV_SORTS = [
  'first_air_date.asc',
  'first_air_date.desc',
  'name.asc',
  'name.desc',
  'original_name.asc',
  'original_name.desc',
  'popularity.asc',
  'popularity.desc',
  'vote_average.asc',
  'vote_average.desc',
  'vote_count.asc',
  'vote_count.desc',
] as const;

/** The field of a sort_by value ("popularity" of "popularity.desc"). */
type SortField<Sort extends string> = Sort extends `${infer Field}.${Direction}` ? Field : never;

const MOVIE_SORT_KEYS: Record<SortField<(typeof MOVIE_SORTS)[number]>, (movie: MovieDetails) => Key> = {
  original_title: (m) => m.original_title,
  title: (m) => m.title,
  popularity: (m) => m.popularity,
  revenue: (m) => m.revenue,
  primary_release_date: (m) => m.release_date,
  vote_average: (m) => m.vote_average,
  vote_count: (m) => m.vote_count,
};

const TV_SORT_KEYS: Record<SortField<(typeof TV_SORTS)[number]>, (series: TvSeriesDetails) => Key> = {
  first_air_date: (s) => s.first_air_date,
  name: (s) => s.name,
  original_name: (s) => s.original_name,
  popularity: (s) => s.popularity,
  vote_average: (s) => s.vote_average,
  vote_count: (s) => s.vote_count,
};

/** with_status codes of the real service. */
export const TV_STATUSES = ['Returning Series', 'Planned', 'In Production', 'Ended', 'Canceled', 'Pilot'];
/** with_type codes of the real service. */
export const TV_TYPES = ['Documentary', 'News', 'Miniseries', 'Reality', 'Scripted', 'Talk Show', 'Video'];

export function discoverMovies(data: CatalogData, query: Query): MovieDetails[] {
  const sort = readChoice(query, 'sort_by', MOVIE_SORTS, 'popularity.desc');
  const adult = readBoolean(query, 'include_adult');
  const video = readBoolean(query, 'include_video');
  const primaryYear = readYear(query, 'primary_release_year');
  const year = readYear(query, 'year');
  const primaryFrom = readDay(query, 'primary_release_date.gte');
  const primaryTo = readDay(query, 'primary_release_date.lte');
  const releaseFrom = readDay(query, 'release_date.gte');
  const releaseTo = readDay(query, 'release_date.lte');
  const { voteMin, voteMax, countMin, countMax, runtimeMin, runtimeMax, genres, noGenres, companies, noCompanies, languages, countries } =
    readSharedFilters(query);
  const runtimeFiltered = runtimeMin !== undefined || runtimeMax !== undefined;
  const region =
    query.region === undefined || query.region === '' ? undefined : COUNTRY.test(query.region) ? query.region.toUpperCase() : invalid();
  const releaseTypes = readList(query, 'with_release_type', /^[1-6]$/, Number);
  const certCountryText = query.certification_country ?? query.region;
  const certCountry =
    certCountryText === undefined || certCountryText === ''
      ? undefined
      : COUNTRY.test(certCountryText)
        ? certCountryText.toUpperCase()
        : invalid();
  const certifications = readList(query, 'certification', /^[^,|]{1,10}$/, (s) => s);
  const certTable = certCountry ? (MOVIE_CERTIFICATIONS[certCountry] ?? []) : [];
  const orderOf = (name: string | undefined) =>
    name === undefined ? undefined : (certTable.find((c) => c.certification === name)?.order ?? NaN);
  const certMin = orderOf(query['certification.gte']);
  const certMax = orderOf(query['certification.lte']);
  const certFiltered = certCountry !== undefined && (certifications !== undefined || certMin !== undefined || certMax !== undefined);
  const watch = readWatchFilter(query);
  const keywords = readIds(query, 'with_keywords');
  const noKeywords = readIds(query, 'without_keywords');
  const cast = readIds(query, 'with_cast');
  const crew = readIds(query, 'with_crew');
  const people = readIds(query, 'with_people');
  const creditsOf = (m: MovieDetails) => data.credits.movies.get(m.id) ?? { cast: [], crew: [] };
  const releaseFiltered = releaseFrom !== undefined || releaseTo !== undefined || releaseTypes !== undefined || region !== undefined;

  /** Release days of a movie, in `region` and of the wanted types when given. */
  const releaseDays = (m: MovieDetails): string[] => {
    const countries = data.movieExtras.get(m.id)?.releaseDates ?? [];
    const days = countries
      .filter((c) => !region || c.iso_3166_1 === region)
      .flatMap((c) => c.release_dates)
      .filter((r) => !releaseTypes || releaseTypes.values.includes(r.type))
      .map((r) => r.release_date.slice(0, 10));
    return !region && !releaseTypes && m.release_date ? [m.release_date, ...days] : days;
  };
  const certificationsOf = (m: MovieDetails): string[] =>
    (data.movieExtras.get(m.id)?.releaseDates ?? [])
      .filter((c) => c.iso_3166_1 === certCountry)
      .flatMap((c) => c.release_dates.map((r) => r.certification))
      .filter((c) => c !== '');

  const movies = data.movies.filter((m) => {
    const genreIds = m.genres.map((g) => g.id);
    const companyIds = m.production_companies.map((c) => c.id);
    return (
      (adult || !m.adult) &&
      (video || !m.video) &&
      (!primaryYear || m.release_date.startsWith(primaryYear)) &&
      (!year || m.release_date.startsWith(year) || releaseDays(m).some((day) => day.startsWith(year))) &&
      dayInRange(m.release_date, primaryFrom, primaryTo) &&
      (!releaseFiltered || releaseDays(m).some((day) => dayInRange(day, releaseFrom, releaseTo))) &&
      (!certFiltered ||
        certificationsOf(m).some(
          (c) => (!certifications || certifications.values.includes(c)) && inRange(orderOf(c)!, certMin, certMax),
        )) &&
      (!watch || watch(data.movieExtras.get(m.id)?.watchProviders[watchRegion(query)])) &&
      passes(
        keywords,
        (data.movieKeywords.get(m.id) ?? []).map((k) => k.id),
      ) &&
      passesWithout(
        noKeywords,
        (data.movieKeywords.get(m.id) ?? []).map((k) => k.id),
      ) &&
      (!cast ||
        passes(
          cast,
          creditsOf(m).cast.map((c) => c.id),
        )) &&
      (!crew ||
        passes(
          crew,
          creditsOf(m).crew.map((c) => c.id),
        )) &&
      (!people ||
        passes(
          people,
          [...creditsOf(m).cast, ...creditsOf(m).crew].map((c) => c.id),
        )) &&
      inRange(m.vote_average, voteMin, voteMax) &&
      inRange(m.vote_count, countMin, countMax) &&
      (!runtimeFiltered || (m.runtime !== null && m.runtime !== 0 && inRange(m.runtime, runtimeMin, runtimeMax))) &&
      passes(genres, genreIds) &&
      passesWithout(noGenres, genreIds) &&
      passes(companies, companyIds) &&
      passesWithout(noCompanies, companyIds) &&
      (!languages || languages.values.includes(m.original_language)) &&
      passes(countries && { ...countries, all: false }, m.origin_country ?? [])
    );
  });
  const [key, direction] = sort.split('.') as [SortField<typeof sort>, Direction];
  return sortBy(movies, MOVIE_SORT_KEYS[key], direction);
}

export function discoverTv(data: CatalogData, query: Query): TvSeriesDetails[] {
  const sort = readChoice(query, 'sort_by', TV_SORTS, 'popularity.desc');
  todayIn(query, data.today); // validates `timezone`
  const adult = readBoolean(query, 'include_adult');
  const nullDates = readBoolean(query, 'include_null_first_air_dates');
  const screened = query.screened_theatrically === undefined ? undefined : readBoolean(query, 'screened_theatrically');
  const firstYear = readYear(query, 'first_air_date_year');
  const firstFrom = readDay(query, 'first_air_date.gte');
  const firstTo = readDay(query, 'first_air_date.lte');
  const airFrom = readDay(query, 'air_date.gte');
  const airTo = readDay(query, 'air_date.lte');
  const { voteMin, voteMax, countMin, countMax, runtimeMin, runtimeMax, genres, noGenres, companies, noCompanies, languages, countries } =
    readSharedFilters(query);
  const networks = readIds(query, 'with_networks');
  const statuses = readList(query, 'with_status', /^[0-5]$/, (s) => TV_STATUSES[Number(s)]);
  const types = readList(query, 'with_type', /^[0-6]$/, (s) => TV_TYPES[Number(s)]);
  const watch = readWatchFilter(query);
  const keywords = readIds(query, 'with_keywords');
  const noKeywords = readIds(query, 'without_keywords');
  const runtimeFiltered = runtimeMin !== undefined || runtimeMax !== undefined;
  const airFiltered = airFrom !== undefined || airTo !== undefined;

  const series = data.tvSeries.filter((s) => {
    const genreIds = s.genres.map((g) => g.id);
    const companyIds = s.production_companies.map((c) => c.id);
    return (
      (adult || !s.adult) &&
      (nullDates || s.first_air_date !== '') &&
      (screened === undefined || screened === (data.screenedTheatrically.get(s.id)?.length ?? 0) > 0) &&
      (!firstYear || s.first_air_date.startsWith(firstYear)) &&
      dayInRange(s.first_air_date, firstFrom, firstTo) &&
      (!airFiltered || airDatesOf(data, s.id).some((day) => dayInRange(day, airFrom, airTo))) &&
      inRange(s.vote_average, voteMin, voteMax) &&
      inRange(s.vote_count, countMin, countMax) &&
      (!runtimeFiltered || s.episode_run_time.some((minutes) => inRange(minutes, runtimeMin, runtimeMax))) &&
      passes(genres, genreIds) &&
      passesWithout(noGenres, genreIds) &&
      passes(companies, companyIds) &&
      passesWithout(noCompanies, companyIds) &&
      passes(
        networks,
        s.networks.map((n) => n.id),
      ) &&
      (!languages || languages.values.includes(s.original_language)) &&
      passes(countries && { ...countries, all: false }, s.origin_country) &&
      (!statuses || statuses.values.includes(s.status)) &&
      (!types || types.values.includes(s.type)) &&
      (!watch || watch(data.tvSeriesExtras.get(s.id)?.watchProviders[watchRegion(query)])) &&
      passes(
        keywords,
        (data.tvKeywords.get(s.id) ?? []).map((k) => k.id),
      ) &&
      passesWithout(
        noKeywords,
        (data.tvKeywords.get(s.id) ?? []).map((k) => k.id),
      )
    );
  });
  const [key, direction] = sort.split('.') as [SortField<typeof sort>, Direction];
  return sortBy(series, TV_SORT_KEYS[key], direction);
}

export const discoverRoutes: Route[] = [
  {
    method: 'GET',
    path: '/discover/movie',
    handle: ({ catalog, query }) => {
      const page = readPage(query);
      return { body: paginate(discoverMovies(catalog.data, query).map(movieSummary), page), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/discover/tv',
    handle: ({ catalog, query }) => {
      const page = readPage(query);
      return { body: paginate(discoverTv(catalog.data, query).map(tvListItem), page), cache: CACHE.pages };
    },
  },
];
