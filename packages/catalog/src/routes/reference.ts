/**
 * GET /configuration/countries, /jobs, /languages, /primary_translations, /timezones: the real
 * service's reference lists (data/reference.ts). The jobs list also holds every crew job the
 * catalog credits, so a crew credit's department and job are always in it.
 */
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import {
  CONFIG_COUNTRIES,
  CONFIG_JOBS,
  CONFIG_LANGUAGES,
  CONFIG_TIMEZONES,
  PRIMARY_TRANSLATIONS,
  type ConfigDepartment,
} from '../data/reference.ts';
import type { Route } from '../router.ts';

const jobLists = new WeakMap<CatalogData, ConfigDepartment[]>();

/** The real departments and jobs, plus any department or job the catalog's crew credits use. */
export function jobsOf(data: CatalogData): ConfigDepartment[] {
  let jobs = jobLists.get(data);
  if (jobs) return jobs;
  jobs = CONFIG_JOBS.map((row) => ({ department: row.department, jobs: [...row.jobs] }));
  const byDepartment = new Map(jobs.map((row) => [row.department, row]));
  for (const seasons of data.seasons.values()) {
    for (const season of seasons) {
      for (const episode of season.episodes) {
        for (const credit of episode.crew) {
          let row = byDepartment.get(credit.department);
          if (!row) jobs.push((row = { department: credit.department, jobs: [] }));
          byDepartment.set(credit.department, row);
          if (!row.jobs.includes(credit.job)) row.jobs.push(credit.job);
        }
      }
    }
  }
  jobLists.set(data, jobs);
  return jobs;
}

export const referenceRoutes: Route[] = [
  {
    // `language` is accepted (as by the real service); the names stay English and native.
    method: 'GET',
    path: '/configuration/countries',
    handle: () => ({ body: CONFIG_COUNTRIES, cache: CACHE.reference }),
  },
  {
    method: 'GET',
    path: '/configuration/jobs',
    handle: ({ catalog }) => ({ body: jobsOf(catalog.data), cache: CACHE.reference }),
  },
  {
    method: 'GET',
    path: '/configuration/languages',
    handle: () => ({ body: CONFIG_LANGUAGES, cache: CACHE.reference }),
  },
  {
    method: 'GET',
    path: '/configuration/primary_translations',
    handle: () => ({ body: PRIMARY_TRANSLATIONS, cache: CACHE.reference }),
  },
  {
    method: 'GET',
    path: '/configuration/timezones',
    handle: () => ({ body: CONFIG_TIMEZONES, cache: CACHE.reference }),
  },
];
