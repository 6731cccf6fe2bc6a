import { readFileSync } from 'node:fs';
import { Client, fetchExchange } from '@urql/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';

/**
 * `extensions.cost` as an app reads it through urql (its results carry the answer's
 * `extensions`), checked against the calls the embedded catalog really received.
 */
let h: Harness;
let session: string;
let urql: Client;

beforeAll(async () => {
  h = await startHarness();
  session = await createUserSession(h);
  urql = new Client({ url: h.url, exchanges: [fetchExchange], fetchOptions: () => ({ headers: { 'x-session-id': session } }) });
});
afterAll(() => h.close());

/** The repository's own watchlist example, as written. */
const WATCHLIST = /graphql\(`([\s\S]*?)`\)/.exec(readFileSync(new URL('../../examples/watchlist.ts', import.meta.url), 'utf8'))![1]!;

const QUERIES = {
  genresOfAPage: '{ popularMovies { id edges { id node { databaseId id genres { id name } } } } }',
  detailsAndSubResources:
    '{ trending { id movies(timeWindow: DAY) { id edges { id node { id runtime credits { id cast { id character } } similar { id edges { id node { id runtime } } } } } } } }',
  watchlist: WATCHLIST,
};

interface Cost {
  estimated: number;
  limit: number;
  upstreamCalls: number;
}

async function run(document: string): Promise<{ cost: Cost; catalogCalls: number }> {
  h.catalog.resetCalls();
  const result = await urql.query(document, { first: 20 }, { requestPolicy: 'network-only' }).toPromise();
  expect(result.error).toBeUndefined();
  return { cost: result.extensions?.cost as Cost, catalogCalls: h.catalog.calls.length };
}

describe('extensions.cost, read with urql', () => {
  for (const [name, document] of Object.entries(QUERIES)) {
    it(`${name}: reports the calls the catalog received, an estimate at least as high, and the limit`, async () => {
      const { cost, catalogCalls } = await run(document);
      expect(cost.upstreamCalls).toBe(catalogCalls);
      expect(cost.estimated).toBeGreaterThanOrEqual(cost.upstreamCalls);
      expect(cost.limit).toBe(loadConfig({}).limits.cost);
    });
  }

  it("makes one call for a page's genres besides the page, not one per item", async () => {
    const { cost } = await run(QUERIES.genresOfAPage);
    expect(cost).toEqual({ estimated: 2, limit: 1000, upstreamCalls: 2 });
  });

  it('reports the very estimate the cost limit checks', async () => {
    const { cost } = await run(QUERIES.detailsAndSubResources);
    const tight = await startHarness({ config: { limits: { ...loadConfig({}).limits, cost: cost.estimated - 1 } } });
    try {
      const refused = await tight.query(QUERIES.detailsAndSubResources);
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', found: cost.estimated });
      expect(tight.catalog.calls).toHaveLength(0);
      const atLimit = await startHarness({ config: { limits: { ...loadConfig({}).limits, cost: cost.estimated } } });
      try {
        const answered = await atLimit.query(QUERIES.detailsAndSubResources);
        expect(answered.body.errors).toBeUndefined();
        expect(answered.cost).toMatchObject({ estimated: cost.estimated, limit: cost.estimated });
      } finally {
        await atLimit.close();
      }
    } finally {
      await tight.close();
    }
  }, 30_000);

  it('counts the calls an answer needed, also when the HTTP cache answers them', async () => {
    const cached = await startHarness({ config: { cacheMaxBytes: 1_000_000 } });
    try {
      const first = await cached.query(QUERIES.genresOfAPage);
      const callsAfterFirst = cached.catalog.calls.length;
      const second = await cached.query(QUERIES.genresOfAPage);
      expect(cached.catalog.calls.length).toBe(callsAfterFirst);
      expect(second.cost).toEqual(first.cost);
      expect(first.cost?.upstreamCalls).toBe(2);
    } finally {
      await cached.close();
    }
  });
});

describe('extensions.cost of one document with other variables', () => {
  it('is estimated for each set of variables, not taken from the first one seen (the estimate is kept per document and variables)', async () => {
    const document = 'query Several($ids: [ID!]!) { nodes(ids: $ids) { id } }';
    const movies = [...h.catalog.data.movies.slice(0, 5)].map((movie) => Buffer.from(`Movie:${movie.id}`).toString('base64url'));
    const estimate = async (ids: string[]) => (await h.query(document, { ids })).cost!.estimated;
    const two = await estimate(movies.slice(0, 2));
    const five = await estimate(movies);
    expect(five).toBeGreaterThan(two);
    expect(await estimate(movies.slice(0, 2))).toBe(two);
  });
});
