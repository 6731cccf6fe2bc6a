import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 42, item 13: a cursor past the catalog's 500 pages made `totalCount` 0:
 * `upcomingMoviesConnection(first: 3, after:)` with offsets 9990, 9999 and 999999 answered 369,
 * 0 and 0. `totalCount` is now the list's size whatever window a cursor asks; past the pages
 * the catalog serves, it is read from the first page (the one a window from the start reads too).
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const cursor = (offset: number) => Buffer.from(`Query.upcomingMoviesConnection:${offset}`).toString('base64url');
const WINDOW = `query($after: String) {
  upcomingMoviesConnection(first: 3, after: $after) { totalCount edges { cursor } pageInfo { hasNextPage hasPreviousPage } }
}`;

describe('totalCount whatever the window', () => {
  it.each([0, 9_990, 9_999, 999_999])('after offset %i: the list total', async (offset) => {
    const { total_results: total } = await h.rest<{ total_results: number }>('/movie/upcoming');
    expect(total).toBeGreaterThan(3);
    const answer = await h.query(WINDOW, { after: cursor(offset) });
    expect(answer.body.errors).toBeUndefined();
    const connection = answer.body.data.upcomingMoviesConnection;
    expect(connection.totalCount).toBe(Math.min(total, 10_000));
    if (offset + 1 >= total) expect(connection).toMatchObject({ edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: true } });
  });
});
