/**
 * GET /movie/changes, /tv/changes, /person/changes: the ids edited in a window (default: the day
 * before today up to today; at most 14 days), each `{ id, adult }`, most recently changed first,
 * 100 per page. They agree with the per-object change logs: a movie is listed exactly when
 * /movie/{id}/changes has an entry in the same window; a series when its own log
 * (/tv/{id}/changes) or one of its seasons' or episodes' logs has one.
 */
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import type { MovieChange } from '../data/types.ts';
import { MAX_PAGE, readPage, type Query } from '../params.ts';
import type { Route } from '../router.ts';
import { readChangeWindow } from './changes.ts';

export const CHANGES_PAGE_SIZE = 100;

interface Window {
  start: string;
  end: string;
}

/** The latest change time (its "YYYY-MM-DD HH:MM:SS UTC" text) inside the window, or undefined. */
function latestIn(times: Iterable<string>, window: Window): string | undefined {
  let latest: string | undefined;
  for (const time of times) {
    const day = time.slice(0, 10);
    if (day >= window.start && day <= window.end && (latest === undefined || time > latest)) latest = time;
  }
  return latest;
}

const timesOf = (changes: readonly MovieChange[] | undefined) => (changes ?? []).map((change) => change.item.time);

function changedPage(entries: Array<{ id: number; adult: boolean; latest: string | undefined }>, query: Query) {
  const page = readPage(query);
  const changed = entries
    .filter((entry) => entry.latest !== undefined)
    .sort((a, b) => (a.latest! < b.latest! ? 1 : a.latest! > b.latest! ? -1 : a.id - b.id))
    .map(({ id, adult }) => ({ id, adult }));
  return {
    results: changed.slice((page - 1) * CHANGES_PAGE_SIZE, page * CHANGES_PAGE_SIZE),
    page,
    total_pages: Math.min(MAX_PAGE, Math.ceil(changed.length / CHANGES_PAGE_SIZE)),
    total_results: changed.length,
  };
}

/** Latest change per series in the window, counting its seasons and episodes. */
export function changedSeries(data: CatalogData, window: Window): Map<number, string | undefined> {
  const times = new Map<number, string[]>();
  const add = (seriesId: number, more: string[]) => {
    const list = times.get(seriesId);
    if (list) list.push(...more);
    else times.set(seriesId, [...more]);
  };
  for (const series of data.tvSeries) add(series.id, timesOf(data.tvSeriesExtras.get(series.id)?.changes));
  for (const extras of data.seasonExtras.values()) add(extras.seriesId, timesOf(extras.changes));
  for (const extras of data.episodeExtras.values()) add(extras.seriesId, timesOf(extras.changes));
  return new Map([...times].map(([id, list]) => [id, latestIn(list, window)]));
}

export const changesListRoutes: Route[] = [
  {
    method: 'GET',
    path: '/movie/changes',
    handle: ({ catalog, query }) => {
      const { data } = catalog;
      const window = readChangeWindow(query, data.today);
      const entries = data.movies.map((movie) => ({
        id: movie.id,
        adult: movie.adult,
        latest: latestIn(timesOf(data.movieChanges.get(movie.id)), window),
      }));
      return { body: changedPage(entries, query), cache: CACHE.changes };
    },
  },
  {
    method: 'GET',
    path: '/tv/changes',
    handle: ({ catalog, query }) => {
      const { data } = catalog;
      const latest = changedSeries(data, readChangeWindow(query, data.today));
      const entries = data.tvSeries.map((series) => ({ id: series.id, adult: series.adult, latest: latest.get(series.id) }));
      return { body: changedPage(entries, query), cache: CACHE.changes };
    },
  },
  {
    method: 'GET',
    path: '/person/changes',
    handle: ({ catalog, query }) => {
      const { data } = catalog;
      const window = readChangeWindow(query, data.today);
      const entries = [...data.personChangeTimes].map(([id, times]) => ({ id, adult: false, latest: latestIn(times, window) }));
      return { body: changedPage(entries, query), cache: CACHE.changes };
    },
  },
];
