/**
 * What the people tests share: one gateway over one catalog per test file (vitest loads this
 * module afresh for each file, so no file sees another's calls), the movie, series and actor
 * they look at, and the person shapes.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import * as expected from '../expected.ts';
import { startHarness, type Harness } from '../helpers.ts';

// Live bindings: set in beforeAll, read by the tests after it.
export let h: Harness;
export let movieId: number;
export let seriesId: number;
/** An actor with both movie and TV credits. */
export let actorId: number;

/** Starts the harness and picks the records for the calling test file; each test starts with an empty call log. */
export function usePeopleFixture(): void {
  beforeAll(async () => {
    h = await startHarness();
    const { data } = h.catalog;
    movieId = data.movies[0].id;
    seriesId = data.tvSeries.find((s) => s.number_of_seasons >= 2)!.id;
    const actor = [...data.credits.people.entries()].find(([, c]) => c.movieCast.length >= 2 && c.tvCast.length >= 1);
    if (!actor) throw new Error('no actor with movie and TV credits');
    actorId = actor[0];
  });
  afterAll(() => h.close());
  beforeEach(() => h.catalog.resetCalls());
}

export const PERSON_SUMMARY = 'id: databaseId name profilePath gender adult popularity knownForDepartment';
export const PERSON_DETAIL = `${PERSON_SUMMARY} biography birthday deathday placeOfBirth homepage imdbId alsoKnownAs`;

export function personSummary(p: any) {
  return {
    id: p.id,
    name: p.name,
    profilePath: p.profile_path,
    gender: expected.genderName(p.gender),
    adult: p.adult,
    popularity: p.popularity,
    knownForDepartment: p.known_for_department || null,
  };
}

export function personDetail(p: any) {
  return {
    ...personSummary(p),
    biography: p.biography,
    birthday: p.birthday || null,
    deathday: p.deathday || null,
    placeOfBirth: p.place_of_birth ?? null,
    homepage: p.homepage ?? null,
    imdbId: p.imdb_id || null,
    alsoKnownAs: p.also_known_as,
  };
}
