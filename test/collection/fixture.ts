/**
 * What the collection, keyword, network and episode-group tests share: one gateway over one
 * catalog per test file (vitest loads this module afresh for each file, so no file sees
 * another's calls), the records they pick and the network shape.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

// A live binding: set in beforeAll, read by the tests after it.
export let h: Harness;

/** Starts the harness for the calling test file; each test starts with an empty call log. */
export function useCollectionFixture(): void {
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.catalog.resetCalls());
}

export const data = () => h.catalog.data;
export const seriesWithGroups = () => [...data().episodeGroupsOfSeries.keys()][0];

export const network = (n: any) => ({ id: n.id, name: n.name, logoPath: n.logo_path, originCountry: n.origin_country || null });
