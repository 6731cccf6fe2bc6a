import { readFileSync } from 'node:fs';
import { printSubgraphSchema } from '@apollo/subgraph';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import {
  buildASTSchema,
  buildClientSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  lexicographicSortSchema,
  parse,
  printSchema,
} from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subgraphSchema } from '../../src/schema/index.ts';
import { startHarness, type Harness } from '../helpers.ts';

/** The Apollo Federation v2 subgraph at /subgraph, over real HTTP, with calls counted at the catalog. */

let h: Harness;
let subgraphUrl: string;
beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
  subgraphUrl = h.url.replace(/\/graphql$/, '/subgraph');
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

async function subgraph(query: string, variables?: Record<string, unknown>) {
  const response = await fetch(subgraphUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: Array<{ message: string; path?: unknown[]; extensions?: any }> };
}

describe('federation subgraph', () => {
  it('prints schema/subgraph.graphql as the code builds it (run `npm run codegen` after a schema change)', () => {
    const committed = readFileSync(new URL('../../schema/subgraph.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(`${printSubgraphSchema(subgraphSchema()).trim()}\n`);
  });

  it('answers _service { sdl } with the committed subgraph SDL, @key on every entity', async () => {
    const { data } = await subgraph('{ _service { sdl } }');
    const committed = readFileSync(new URL('../../schema/subgraph.graphql', import.meta.url), 'utf8');
    expect(data._service.sdl.trim()).toBe(committed.trim());
    // Every `@key` of every type: a type's keys follow its name, one per line.
    const keyed = [...committed.matchAll(/^type (\w+)(?: implements [\w &]+)?((?:\s+@key\(fields: "[^"]+"\))+)/gm)].map(
      ([, type, keys]) => [type, [...keys!.matchAll(/@key\(fields: "([^"]+)"\)/g)].map(([, key]) => key).join(' | ')],
    );
    expect(Object.fromEntries(keyed)).toEqual({
      Account: 'databaseId',
      Collection: 'databaseId',
      Company: 'databaseId',
      Episode: 'series { databaseId } seasonNumber episodeNumber',
      Keyword: 'databaseId',
      Movie: 'databaseId',
      Network: 'databaseId',
      Person: 'databaseId',
      Review: 'databaseId',
      Season: 'series { databaseId } seasonNumber',
      TVSeries: 'databaseId',
      UserList: 'listId',
    });
  });

  it('answers _service { sdl } as its introspection tells the schema, every description included', async () => {
    const { data } = await subgraph('{ _service { sdl } }');
    const introspection = await subgraph(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, inputValueDeprecation: true }));
    // Introspection also shows federation's own `_entities` and `_service`, which the SDL leaves to the composer.
    const federation = new Set(['_Any', '_Entity', '_Service']);
    const introspected = mapSchema(buildClientSchema(introspection.data as IntrospectionQuery), {
      [MapperKind.TYPE]: (type) => (federation.has(type.name) ? null : undefined),
    });
    const printed = buildASTSchema(parse(data._service.sdl), { assumeValidSDL: true });
    expect(printSchema(lexicographicSortSchema(printed))).toBe(printSchema(lexicographicSortSchema(introspected)));
  });

  it('has no subscription: `changes` is the plain graph’s, and one sent here is refused as a whole', async () => {
    expect(subgraphSchema().getSubscriptionType()).toBeUndefined();
    expect(subgraphSchema().getType('CatalogChange')).toBeUndefined();
    const refused = await subgraph('subscription { changes { id: databaseId } }');
    expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_REQUEST']);
  });

  it('leaves the plain /graphql schema without federation fields', async () => {
    const plain = await h.query('{ _service { sdl } }');
    expect(plain.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const printed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');
    expect(printed).not.toMatch(/_entities|_service|@key|_Any/);
  });

  it('resolves 50 movie references through the loaders: 50 merged upstream calls cold, none warm', async () => {
    const movies = h.catalog.data.movies.slice(100, 150);
    const query = `query($representations: [_Any!]!) {
      _entities(representations: $representations) { ... on Movie { id: databaseId title credits { cast { character } } reviews { totalCount } } }
    }`;
    const representations = movies.map((m) => ({ __typename: 'Movie', databaseId: m.id }));
    const cold = await subgraph(query, { representations });
    expect(cold.errors).toBeUndefined();
    expect(cold.data._entities.map((m: { title: string }) => m.title)).toEqual(movies.map((m) => m.title));
    expect(h.catalog.calls).toHaveLength(50);
    h.catalog.resetCalls();
    const warm = await subgraph(query, { representations });
    expect(warm.data).toEqual(cold.data);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('resolves seasons, episodes and reviews by their keys, and a missing movie as null with NOT_FOUND', async () => {
    const data = h.catalog.data;
    const series = data.tvSeries.find((s) => (data.seasons.get(s.id) ?? []).some((season) => season.season_number === 1))!;
    const review = data.reviews[0]!;
    const { data: answer, errors } = await subgraph(
      `query($representations: [_Any!]!) {
        _entities(representations: $representations) {
          __typename
          ... on Season { seasonNumber seasonName: name }
          ... on Episode { episodeNumber name }
          ... on Review { author }
          ... on Movie { title }
        }
      }`,
      {
        representations: [
          { __typename: 'Season', series: { databaseId: series.id }, seasonNumber: 1 },
          { __typename: 'Episode', series: { databaseId: series.id }, seasonNumber: 1, episodeNumber: 1 },
          { __typename: 'Review', databaseId: review.id },
          { __typename: 'Movie', databaseId: 2_000_000_000 },
        ],
      },
    );
    expect(answer._entities[0]).toMatchObject({ __typename: 'Season', seasonNumber: 1 });
    expect(answer._entities[1]).toMatchObject({ __typename: 'Episode', episodeNumber: 1 });
    expect(answer._entities[2]).toEqual({ __typename: 'Review', author: review.author });
    expect(answer._entities[3]).toBeNull();
    expect(errors?.map((e) => [e.extensions?.code, e.path?.slice(0, 2)])).toEqual([['NOT_FOUND', ['_entities', 3]]]);
  });

  it('bounds representations like the batch roots: over 500 is BAD_USER_INPUT, before any call', async () => {
    const representations = Array.from({ length: 501 }, (_, i) => ({ __typename: 'Movie', databaseId: i + 1 }));
    const { errors } = await subgraph('query($r: [_Any!]!) { _entities(representations: $r) { ... on Movie { title } } }', {
      r: representations,
    });
    expect(errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(errors?.[0]?.message).toMatch(/"representations".*at most 500/);
    expect(h.catalog.calls).toHaveLength(0);
  });
});
