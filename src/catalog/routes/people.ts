/**
 * People: details (with append_to_response), their credits, images, tagged images, external ids,
 * translations and changes; popular, latest, trending and search. Credits come from data/credits.ts,
 * the same records that the movie, series, season and episode credits are served from.
 */
import { createHash } from 'node:crypto';
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import { personChanges, type PersonDetails } from '../data/people-details.ts';
import { CODE, CatalogError } from '../errors.ts';
import { paginate, readChoice, readPage, requireText, type Query } from '../params.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { changesBody } from './changes.ts';
import { movieSummary, tvSummary } from './shapes.ts';

interface PeopleIndex {
  byId: Map<number, PersonDetails>;
}

const indexes = new WeakMap<CatalogData, PeopleIndex>();

function indexOf(data: CatalogData): PeopleIndex {
  let index = indexes.get(data);
  if (!index) indexes.set(data, (index = { byId: new Map(data.people.details.map((p) => [p.id, p])) }));
  return index;
}

/** The person with this id, or 404 code 34. */
export function personById(data: CatalogData, id: number): PersonDetails {
  const person = indexOf(data).byId.get(id);
  if (!person) throw new CatalogError(CODE.notFound);
  return person;
}

function personOf(request: RouteRequest): PersonDetails {
  return personById(request.catalog.data, intParam(request, 'person_id'));
}

function movieOf(request: RouteRequest, id: number) {
  return movieSummary(request.catalog.lookup.movie(id));
}

function seriesOf(request: RouteRequest, id: number) {
  const { media_type: _kind, ...summary } = tvSummary(request.catalog.lookup.tvSeries(id));
  return summary;
}

function movieCredits(request: RouteRequest, id: number) {
  const credits = request.catalog.data.credits.people.get(id);
  return {
    cast: (credits?.movieCast ?? []).map((c) => ({
      ...movieOf(request, c.movieId),
      character: c.character,
      credit_id: c.credit_id,
      order: c.order,
    })),
    crew: (credits?.movieCrew ?? []).map((c) => ({
      ...movieOf(request, c.movieId),
      credit_id: c.credit_id,
      department: c.department,
      job: c.job,
    })),
  };
}

function tvCredits(request: RouteRequest, id: number) {
  const credits = request.catalog.data.credits.people.get(id);
  return {
    cast: (credits?.tvCast ?? []).map((c) => ({
      ...seriesOf(request, c.seriesId),
      character: c.character,
      credit_id: c.credit_id,
      episode_count: c.episode_count,
    })),
    crew: (credits?.tvCrew ?? []).map((c) => ({
      ...seriesOf(request, c.seriesId),
      credit_id: c.credit_id,
      department: c.department,
      episode_count: c.episode_count,
      job: c.job,
    })),
  };
}

/** Up to three of the person's best-known works (most popular first), movies and series. */
function knownFor(data: CatalogData, request: RouteRequest, id: number) {
  const credits = data.credits.people.get(id);
  if (!credits) return [];
  const movieIds = [...new Set([...credits.movieCast, ...credits.movieCrew].map((c) => c.movieId))];
  const seriesIds = [...new Set([...credits.tvCast, ...credits.tvCrew].map((c) => c.seriesId))];
  const works = [
    ...movieIds.map((m) => ({ ...movieOf(request, m), media_type: 'movie' as const })),
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

/** A stable 24-hex id for a tagged image (the real ids are ObjectIds). */
function imageId(personId: number, filePath: string): string {
  return createHash('sha1').update(`${personId}:${filePath}`).digest('hex').slice(0, 24);
}

/** The backdrops of the movies the person played in (the first two of each), newest movie first. */
function taggedImages(request: RouteRequest, person: PersonDetails) {
  const { data, lookup } = request.catalog;
  const credits = data.credits.people.get(person.id);
  const movies = [...new Set((credits?.movieCast ?? []).map((c) => c.movieId))]
    .map((id) => lookup.movie(id))
    .sort((a, b) => (b.release_date || '').localeCompare(a.release_date || '') || a.id - b.id);
  return movies.flatMap((movie) =>
    (data.movieImages.get(movie.id)?.backdrops ?? []).slice(0, 2).map((image) => ({
      aspect_ratio: image.aspect_ratio,
      file_path: image.file_path,
      height: image.height,
      id: imageId(person.id, image.file_path),
      iso_639_1: image.iso_639_1,
      vote_average: image.vote_average,
      vote_count: image.vote_count,
      width: image.width,
      image_type: 'backdrop',
      media: { ...movieSummary(movie), media_type: 'movie' },
      media_type: 'movie',
    })),
  );
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

const PERSON = '/person/{person_id:int}';

export const peopleRoutes: Route[] = [
  {
    method: 'GET',
    path: '/person/popular',
    handle: (request) => {
      const page = readPage(request.query);
      const people = [...request.catalog.data.people.details].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
      const slice = paginate(people, page);
      return { body: { ...slice, results: slice.results.map((p) => personListItem(request, p, false)) }, cache: CACHE.pages };
    },
  },
  {
    // The most recently added person: the highest id.
    method: 'GET',
    path: '/person/latest',
    handle: (request) => ({ body: request.catalog.data.people.details.at(-1), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: PERSON,
    acceptsAppend: true,
    handle: (request) => ({ body: personOf(request), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: `${PERSON}/movie_credits`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const person = personOf(request);
      return { body: { ...movieCredits(request, person.id), id: person.id }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${PERSON}/tv_credits`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const person = personOf(request);
      return { body: { ...tvCredits(request, person.id), id: person.id }, cache: CACHE.details };
    },
  },
  {
    // Movies then series, each with its media_type.
    method: 'GET',
    path: `${PERSON}/combined_credits`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const person = personOf(request);
      const movies = movieCredits(request, person.id);
      const series = tvCredits(request, person.id);
      const body = {
        cast: [...movies.cast.map((c) => ({ ...c, media_type: 'movie' })), ...series.cast.map((c) => ({ ...c, media_type: 'tv' }))],
        crew: [...movies.crew.map((c) => ({ ...c, media_type: 'movie' })), ...series.crew.map((c) => ({ ...c, media_type: 'tv' }))],
        id: person.id,
      };
      return { body, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${PERSON}/images`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const person = personOf(request);
      return { body: { id: person.id, profiles: request.catalog.data.people.profiles.get(person.id) ?? [] }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${PERSON}/tagged_images`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const person = personOf(request);
      const page = readPage(request.query);
      return { body: { id: person.id, ...paginate(taggedImages(request, person), page) }, cache: CACHE.pages };
    },
  },
  {
    method: 'GET',
    path: `${PERSON}/external_ids`,
    appendAs: 'sub-resource',
    handle: (request) => ({ body: request.catalog.data.people.externalIds.get(personOf(request).id), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: `${PERSON}/translations`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const person = personOf(request);
      return { body: { id: person.id, translations: request.catalog.data.people.translations.get(person.id) ?? [] }, cache: CACHE.details };
    },
  },
  {
    // The same change times that /person/changes lists.
    method: 'GET',
    path: `${PERSON}/changes`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const { data } = request.catalog;
      const person = personOf(request);
      const changes = personChanges(person, data.personChangeTimes?.get(person.id) ?? []);
      return { body: changesBody(changes, request.query, data.today), cache: CACHE.changes };
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
