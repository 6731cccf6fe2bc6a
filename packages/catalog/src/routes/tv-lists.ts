/**
 * Lists of series: airing today and on the air (by episode air dates around the catalog's today,
 * in the request's `timezone`), popular, top rated, the latest series, and search by name.
 */
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import { addDays, dayToMs } from '../data/dates.ts';
import type { TvSeriesDetails, TvSummary } from '../data/tv-types.ts';
import { CODE, CatalogError } from '../errors.ts';
import { paginate, readChoice, readPage, requireText, type Query } from '../params.ts';
import type { Route } from '../router.ts';
import { tvSummary } from './shapes.ts';

/** A series in a list (popular, search, discover...): the summary without media_type. */
export function tvListItem(series: TvSeriesDetails): Omit<TvSummary, 'media_type'> {
  const { media_type: _kind, ...item } = tvSummary(series);
  return item;
}

/** "true" or "false" (default false); anything else 422 code 5. */
export function readBoolean(query: Query, name: string): boolean {
  return readChoice(query, name, ['true', 'false'], 'false') === 'true';
}

/** A year 1000..9999; anything else 422 code 5. */
export function readYear(query: Query, name: string): string | undefined {
  const text = query[name];
  if (text === undefined) return undefined;
  if (!/^[1-9]\d{3}$/.test(text)) throw new CatalogError(CODE.invalidParameters);
  return text;
}

/**
 * The catalog's today as seen in an IANA `timezone` (the catalog's today is taken at 12:00 UTC,
 * so far-east zones are already on the next day). An unknown zone is 422 code 5.
 */
export function todayIn(query: Query, today: string): string {
  const zone = query.timezone;
  if (zone === undefined || zone === '') return today;
  try {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    return format.format(new Date(dayToMs(today) + 12 * 3_600_000));
  } catch {
    throw new CatalogError(CODE.invalidParameters);
  }
}

/** Regular-season episodes of a series (specials do not make a series "on the air"). */
export function airDatesOf(data: CatalogData, seriesId: number): string[] {
  return (data.seasons.get(seriesId) ?? []).filter((s) => s.season_number > 0).flatMap((s) => s.episodes.map((e) => e.air_date));
}

const byPopularity = (a: TvSeriesDetails, b: TvSeriesDetails) => b.popularity - a.popularity || a.id - b.id;

function airingBetween(data: CatalogData, from: string, to: string): TvSeriesDetails[] {
  return data.tvSeries.filter((series) => airDatesOf(data, series.id).some((day) => day >= from && day <= to)).sort(byPopularity);
}

/** Top rated needs some votes to count, as the real list does. */
export const TOP_RATED_MIN_VOTES = 100;

/** 0: a name starts with the term; 1: a name contains it; -1: no match. */
function rank(term: string, ...names: string[]): number {
  let best = -1;
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower.startsWith(term)) return 0;
    if (lower.includes(term)) best = 1;
  }
  return best;
}

export const tvListRoutes: Route[] = [
  {
    // Series with an episode airing on the day of the catalog's today in `timezone`.
    method: 'GET',
    path: '/tv/airing_today',
    handle: ({ catalog, query }) => {
      const page = readPage(query);
      const day = todayIn(query, catalog.data.today);
      return { body: paginate(airingBetween(catalog.data, day, day).map(tvListItem), page), cache: CACHE.pages };
    },
  },
  {
    // Series with an episode airing in the next 7 days (today included).
    method: 'GET',
    path: '/tv/on_the_air',
    handle: ({ catalog, query }) => {
      const page = readPage(query);
      const day = todayIn(query, catalog.data.today);
      return { body: paginate(airingBetween(catalog.data, day, addDays(day, 6)).map(tvListItem), page), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/tv/popular',
    handle: ({ catalog, query }) => {
      const page = readPage(query);
      return { body: paginate([...catalog.data.tvSeries].sort(byPopularity).map(tvListItem), page), cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/tv/top_rated',
    handle: ({ catalog, query }) => {
      const page = readPage(query);
      const rated = catalog.data.tvSeries
        .filter((series) => series.vote_count >= TOP_RATED_MIN_VOTES)
        .sort((a, b) => b.vote_average - a.vote_average || b.vote_count - a.vote_count || a.id - b.id);
      return { body: paginate(rated.map(tvListItem), page), cache: CACHE.pages };
    },
  },
  {
    // The series added last (the highest id), in full; its seasons without vote_average, like the real tv-series-latest-id example.
    method: 'GET',
    path: '/tv/latest',
    handle: ({ catalog }) => {
      const latest = catalog.data.tvSeries.reduce((a, b) => (b.id > a.id ? b : a));
      const seasons = latest.seasons.map(({ vote_average: _vote, ...season }) => season);
      return { body: { ...latest, seasons }, cache: CACHE.details };
    },
  },
  {
    // Matches name and original name; `first_air_date_year` the first air date, `year` any air date.
    method: 'GET',
    path: '/search/tv',
    handle: ({ catalog, query }) => {
      const term = requireText(query, 'query').toLowerCase();
      const adult = readBoolean(query, 'include_adult');
      const firstYear = readYear(query, 'first_air_date_year');
      const year = readYear(query, 'year');
      const page = readPage(query);
      const matches = catalog.data.tvSeries
        .filter((series) => adult || !series.adult)
        .filter((series) => !firstYear || series.first_air_date.startsWith(firstYear))
        .filter(
          (series) =>
            !year || series.first_air_date.startsWith(year) || airDatesOf(catalog.data, series.id).some((d) => d.startsWith(year)),
        )
        .map((series) => ({ series, rank: rank(term, series.name, series.original_name) }))
        .filter((match) => match.rank >= 0)
        .sort((a, b) => a.rank - b.rank || byPopularity(a.series, b.series))
        .map((match) => tvListItem(match.series));
      return { body: paginate(matches, page), cache: CACHE.pages };
    },
  },
];
