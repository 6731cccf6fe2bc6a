/**
 * People: details (with append_to_response), their credits, images, tagged images, external ids,
 * translations and changes, and the latest person (lists of people: people-lists.ts). Credits come
 * from data/credits.ts, the same records that the movie, series, season and episode credits are served from.
 */
import { createHash } from 'node:crypto';
import { CACHE } from '../caching.ts';
import type { CatalogData } from '../data/catalog.ts';
import { personChanges, type PersonDetails } from '../data/people-details.ts';
import { CODE, CatalogError } from '../errors.ts';
import { paginate, readPage } from '../params.ts';
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
      // A creator's credit has no episode count (the real person-tv-credits example).
      ...(c.episode_count === undefined ? {} : { episode_count: c.episode_count }),
      job: c.job,
    })),
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

const PERSON = '/person/{person_id:int}';

export const peopleRoutes: Route[] = [
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
];
