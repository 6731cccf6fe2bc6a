/**
 * What the discover tests share: one gateway over one catalog per test file (vitest loads this
 * module afresh for each file, so no file sees another's calls), and the oracle for a page.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import * as expected from '../expected.ts';
import { startHarness, type Harness } from '../helpers.ts';

// A live binding: set in beforeAll, read by the tests after it.
export let h: Harness;

/** Starts the harness for the calling test file; each test starts with an empty call log. */
export function useDiscoverFixture(): void {
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.catalog.resetCalls());
}

export const byPopularity = <T extends { popularity: number; id: number }>(a: T, b: T) => b.popularity - a.popularity || a.id - b.id;
export const genreIds = (x: { genres: Array<{ id: number }> }) => x.genres.map((g) => g.id);

/** The window (a page of 20) the catalog's own data says should come back. */
export function expectPage(actual: any, all: Array<{ id: number }>, page = 1) {
  expect(all.length, 'the filter should keep some but not all').toBeGreaterThan(0);
  expect(actual.totalCount).toBe(all.length);
  expect(expected.nodes(actual).map((r: any) => r.id)).toEqual(all.slice((page - 1) * 20, page * 20).map((x) => x.id));
}

/** The `after` argument of the window that is the catalog's page `page` of `field` (`Discover.movies`). */
export const afterPage = (field: string, page?: number) => (page && page > 1 ? expected.cursorAt(field, (page - 1) * 20 - 1) : undefined);

export const lastQuery = (path: string) => h.catalog.calls.filter((c) => c.path === path).at(-1)!.query;
