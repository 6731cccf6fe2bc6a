import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN } from '../contract/example-server.ts';
import { type ReplayServer, startReplayServer } from '../contract/replay-server.ts';
import { type Harness, startHarness } from '../helpers.ts';

/**
 * The change feed's connection over an answer the real service sent
 * (test/contract/recorded/ce-movie-changes.json: a page of /movie/changes, 100 results of 5,700),
 * not our catalog: the feed pages by 100, so a window of 100 is one upstream call, and the
 * connection holds the recorded results in their order with the recorded total.
 */
const recorded = JSON.parse(readFileSync(new URL('../contract/recorded/ce-movie-changes.json', import.meta.url), 'utf8')) as {
  results: Array<{ id: number; adult: boolean | null }>;
  total_results: number;
};

let replay: ReplayServer;
let h: Harness;

beforeAll(async () => {
  replay = await startReplayServer();
  h = await startHarness({ config: { catalogBaseUrl: replay.baseUrl }, serverToken: TOKEN });
  replay.replay({ path: '/movie/changes', body: recorded, appended: [] }, []);
});
afterAll(async () => {
  await h?.close();
  await replay?.close();
});

describe("the movie change feed's connection over the real service's answer", () => {
  it('reads the 100 results of one real page in one call, in order, with the real total', async () => {
    expect(recorded.results).toHaveLength(100);
    const { body } = await h.query('{ changes { id movies(first: 100) { id totalCount edges { id node { id: databaseId adult } } } } }');
    expect(body.errors).toBeUndefined();
    const connection = body.data.changes.movies;
    expect(connection.totalCount).toBe(recorded.total_results);
    expect(connection.edges.map((edge: { node: unknown }) => edge.node)).toEqual(
      recorded.results.map(({ id, adult }) => ({ id, adult: adult ?? null })),
    );
    // At 20 a page (the other lists), a window of 100 would have been five calls.
    expect(replay.calls.filter((call) => call.path === '/movie/changes').map((call) => call.query.page)).toEqual(['1']);
  });
});
