/**
 * What the discover tests share: one gateway over one catalog per test file (vitest loads this
 * module afresh for each file, so no file sees another's calls), and the oracle for a page.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
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

/** The page the catalog's own data says should come back. */
export function expectPage(actual: any, all: Array<{ id: number }>, page = 1) {
  expect(all.length, 'the filter should keep some but not all').toBeGreaterThan(0);
  expect(actual.totalResults).toBe(all.length);
  expect(actual.totalPages).toBe(Math.ceil(all.length / 20));
  expect(actual.results.map((r: any) => r.id)).toEqual(all.slice((page - 1) * 20, page * 20).map((x) => x.id));
}

export const lastQuery = (path: string) => h.catalog.calls.filter((c) => c.path === path).at(-1)!.query;
