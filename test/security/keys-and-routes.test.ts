import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, postQuery, startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 21, items 4, 5 and 14: federation keys are checked like `movies(ids:)`'s before any
 * upstream call, so junk never becomes an upstream URL, a metric label or a circuit; `nodes(ids:)`
 * costs one object per id; and each route's circuit shows in /metrics by its template.
 */
let h: Harness;
let subgraph: string;
let base: string;

beforeAll(async () => {
  h = await startHarness({ config: { breakerThreshold: 5, breakerCooldownMs: 60_000 } });
  subgraph = h.url.replace(/\/graphql$/, '/subgraph');
  base = h.url.replace(/\/graphql$/, '');
});
afterAll(() => h?.close());
beforeEach(() => {
  h.catalog.setFaults([]);
  h.catalog.resetCalls();
});

const ENTITIES = 'query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Movie { title } ... on Season { name } } }';

const scrape = async () => (await fetch(`${base}/metrics`)).text();
const routeLabels = (text: string) => new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]));

describe('_entities representations', () => {
  it('refuses string, negative, fractional and missing keys with BAD_USER_INPUT and no upstream call', async () => {
    const movie = h.catalog.data.movies[0]!;
    const bad: unknown[][] = [
      [{ __typename: 'Movie', databaseId: 'zqh3' }],
      [{ __typename: 'Movie', databaseId: String(movie.id) }],
      [{ __typename: 'Movie', databaseId: -1 }],
      [{ __typename: 'Movie', databaseId: 1.5 }],
      [{ __typename: 'Movie' }],
      [
        { __typename: 'Movie', databaseId: movie.id },
        { __typename: 'Person', databaseId: '../search/movie' },
      ],
      [{ __typename: 'Review', databaseId: 42 }],
      [{ __typename: 'Season', series: { databaseId: 'x' }, seasonNumber: 1 }],
      [{ __typename: 'Episode', series: { databaseId: 1399 }, seasonNumber: 1, episodeNumber: -3 }],
    ];
    for (const representations of bad) {
      const answer = await postQuery(subgraph, ENTITIES, { r: representations });
      expect(errorCodes(answer), JSON.stringify(representations)).toEqual(['BAD_USER_INPUT']);
      expect(answer.body.errors?.[0]?.extensions?.argument).toBe('representations');
    }
    // Each representation is answered on its own (issue 32): the good movie beside the bad person
    // key resolves; no bad key reached the catalog.
    expect(h.catalog.calls.map((call) => call.path)).toEqual([`/movie/${movie.id}`]);
    h.catalog.resetCalls();
    // A good key still resolves.
    const good = await postQuery(subgraph, ENTITIES, { r: [{ __typename: 'Movie', databaseId: movie.id }] });
    expect(good.body).toEqual({ data: { _entities: [{ __typename: 'Movie', title: movie.title }] } });
  });

  it('60 requests with junk keys add no route label and keep /metrics small', async () => {
    const before = await scrape();
    for (let i = 0; i < 60; i++) {
      await postQuery(subgraph, ENTITIES, { r: [{ __typename: 'Movie', databaseId: `zqh${i}${'x'.repeat(200)}` }] });
    }
    const after = await scrape();
    expect(routeLabels(after)).toEqual(routeLabels(before));
    for (const label of routeLabels(after)) expect(label).toMatch(/^(\/([a-z0-9_]+|\{id\}))+$|^other$/);
    expect(after.length).toBeLessThan(before.length + 10_000);
    expect(h.catalog.calls).toHaveLength(0);
  });
});

describe('nodes(ids:)', () => {
  it('is costed per id: 12 aliases of 100 ids are refused under MAX_COST=1000, with no upstream call', async () => {
    const ids = h.catalog.data.movies.slice(0, 100).map((movie) => Buffer.from(`Movie:${movie.id}`).toString('base64url'));
    const list = JSON.stringify(ids);
    const aliases = Array.from({ length: 12 }, (_, i) => `a${i}: nodes(ids: ${list}) { ... on Movie { title } }`).join('\n');
    const answer = await h.query(`{ ${aliases} }`);
    expect(errorCodes(answer)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ limit: 'cost', max: 1000 });
    expect(h.catalog.calls).toHaveLength(0);
    // One list of 100 is within the limit and answers every id.
    const one = await h.query(`{ nodes(ids: ${list}) { ... on Movie { title } } }`);
    expect(one.body.errors).toBeUndefined();
    expect(one.body.data.nodes).toHaveLength(100);
  });
});

describe('route circuits in /metrics', () => {
  it('after 10 upstream 503s on /movie/{id}, that route’s circuit shows open; the host and other routes stay closed and serve', async () => {
    h.catalog.setFaults([{ path: '^/movie/\\d+$', status: 503 }]);
    const movies = h.catalog.data.movies;
    for (let i = 0; i < 10; i++) await h.query(`{ movie(id: ${movies[i]!.id}) { title } }`);
    const text = await scrape();
    expect(text).toMatch(/^gateway_upstream_circuit_state\{circuit="\/movie\/\{id\}"\} 2$/m);
    expect(text).toMatch(/^gateway_upstream_circuit_state\{circuit="host"\} 0$/m);
    const tv = h.catalog.data.tvSeries[0]!;
    const series = await h.query(`{ tvSeries(id: ${tv.id}) { name } }`);
    expect(series.body.errors).toBeUndefined();
    expect(series.body.data.tvSeries.name).toBe(tv.name);
    expect(await scrape()).toMatch(/^gateway_upstream_circuit_state\{circuit="\/tv\/\{id\}"\} 0$/m);
  });
});
