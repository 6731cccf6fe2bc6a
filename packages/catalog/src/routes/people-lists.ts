/**
 * Lists of people: popular, trending and search. Each person carries up to three best-known works,
 * shaped per list as the real examples show them.
 */
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import type { PersonDetails } from '../data/people-details.ts';
import { paginate, readChoice, readPage, requireText, type Query } from '../params.ts';
import type { Route, RouteRequest } from '../router.ts';
import { personById } from './people.ts';
import { movieSummary, tvSummary } from './shapes.ts';

/** Up to three of the person's best-known works (most popular first), movies and series. */
function knownFor(data: CatalogData, request: RouteRequest, id: number) {
  const credits = data.credits.people.get(id);
  if (!credits) return [];
  const movieIds = [...new Set([...credits.movieCast, ...credits.movieCrew].map((c) => c.movieId))];
  const seriesIds = [...new Set([...credits.tvCast, ...credits.tvCrew].map((c) => c.seriesId))];
  const works = [
    ...movieIds.map((m) => ({ ...movieSummary(request.catalog.lookup.movie(m)), media_type: 'movie' as const })),
    ...seriesIds.map((s) => tvSummary(request.catalog.lookup.tvSeries(s))),
  ];
  return works.sort((a, b) => b.popularity - a.popularity || a.id - b.id).slice(0, 3);
}

/** A person as popular, trending and search list them. */
export function personListItem(request: RouteRequest, person: PersonDetails, withMediaType: boolean) {
  return {
    adult: person.adult,
    gender: person.gender,
    id: person.id,
    known_for_department: person.known_for_department,
    name: person.name,
    original_name: person.name,
    popularity: person.popularity,
    profile_path: person.profile_path,
    ...(withMediaType ? { media_type: 'person' as const } : {}),
    known_for: knownFor(request.catalog.data, request, person.id),
  };
}

/** include_adult: "true" or "false" (default false); anything else 422 code 5. */
function includeAdult(query: Query): boolean {
  return readChoice(query, 'include_adult', ['true', 'false'], 'false') === 'true';
}

/** 0: a name starts with the term; 1: a word of a name does; 2: a name contains it; -1: no match. */
function nameRank(term: string, names: string[]): number {
  let best = -1;
  for (const name of names) {
    const lower = name.toLowerCase();
    const rank = lower.startsWith(term) ? 0 : lower.split(/\s+/).some((w) => w.startsWith(term)) ? 1 : lower.includes(term) ? 2 : -1;
    if (rank >= 0 && (best < 0 || rank < best)) best = rank;
  }
  return best;
}

/**
 * A person as /person/popular lists them: the real example has no `original_name`, and its known
 * works carry no `popularity` (nor `adult` for a series), unlike trending and search.
 */
function popularPersonItem(request: RouteRequest, person: PersonDetails) {
  const { original_name: _original, known_for, ...item } = personListItem(request, person, false);
  const works = known_for.map((work) => {
    if (work.media_type === 'movie') {
      const { popularity: _popularity, ...movie } = work;
      return movie;
    }
    const { popularity: _popularity, adult: _adult, ...series } = work;
    return series;
  });
  return { ...item, known_for: works };
}

export const peopleListRoutes: Route[] = [
  {
    method: 'GET',
    path: '/person/popular',
    handle: (request) => {
      const page = readPage(request.query);
      const people = [...request.catalog.data.people.details].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
      const slice = paginate(people, page);
      return { body: { ...slice, results: slice.results.map((p) => popularPersonItem(request, p)) }, cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: '/trending/person/{time_window}',
    handle: (request) => {
      const window = readChoice(request.params, 'time_window', ['day', 'week'], 'day');
      const page = readPage(request.query);
      const { data } = request.catalog;
      const slice = paginate(data.people.trending[window], page);
      const results = slice.results.map((id) => personListItem(request, personById(data, id), true));
      return { body: { ...slice, results }, cache: CACHE.pages };
    },
  },
  {
    // Best matches first (a name starting with the query, then a word of it, then anywhere), then the more popular.
    method: 'GET',
    path: '/search/person',
    handle: (request) => {
      const term = requireText(request.query, 'query').toLowerCase();
      const page = readPage(request.query);
      const adult = includeAdult(request.query);
      const matches = request.catalog.data.people.details
        .filter((p) => adult || !p.adult)
        .map((person) => ({ person, rank: nameRank(term, [person.name, ...person.also_known_as]) }))
        .filter((m) => m.rank >= 0)
        .sort((a, b) => a.rank - b.rank || b.person.popularity - a.person.popularity || a.person.id - b.person.id);
      const slice = paginate(matches, page);
      return { body: { ...slice, results: slice.results.map((m) => personListItem(request, m.person, false)) }, cache: CACHE.pages };
    },
  },
];
