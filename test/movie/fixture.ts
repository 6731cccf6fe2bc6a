/**
 * What the movie tests share: one gateway over one catalog per test file (vitest loads this
 * module afresh for each file, so no file sees another's calls or ratings), a user session, and
 * the movie they look at.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import * as expected from '../expected.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';

// Live bindings: set in beforeAll, read by the tests after it.
export let h: Harness;
export let movieId: number;
export let sessionId: string;

export const SUMMARY_CONNECTION = expected.CONNECTION(expected.MOVIE_SUMMARY_FIELDS);

/** Starts the harness and picks the movie for the calling test file; each test starts with an empty call log. */
export function useMovieFixture(): void {
  beforeAll(async () => {
    h = await startHarness();
    sessionId = await createUserSession(h);
    // A released movie with videos, release dates in several countries and watch providers.
    const movie = h.catalog.data.movies.find((m) => {
      const extras = h.catalog.data.movieExtras.get(m.id)!;
      return m.imdb_id && extras.videos.length > 1 && extras.releaseDates.length > 1 && Object.keys(extras.watchProviders).length > 1;
    });
    if (!movie) throw new Error('no movie with videos, release dates and providers');
    movieId = movie.id;
  });
  afterAll(() => h.close());
  beforeEach(() => h.catalog.resetCalls());
}
