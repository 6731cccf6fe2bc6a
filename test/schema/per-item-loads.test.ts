import { getNamedType, isCompositeType, isNonNullType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.ts';
import { DETAILS_NOTE, OWN_NOTE, PER_ITEM_LOADS } from '../../src/schema/kit/list-costs.ts';
import { loadConfig } from '../../src/runtime/config.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/**
 * Which fields load something per list item is measured, not believed: every field of the
 * list item types is selected alone on a real page of 20 items, and the calls the catalog
 * received are counted. A field that makes a call per item must say so in its description (and
 * be in kit/list-costs.ts, which also feeds the cost estimate); a field that says so must do it.
 */
let h: Harness;
let session: string;

beforeAll(async () => {
  // The cost limit raised: the test selects every detail field of a page at once.
  h = await startHarness({ config: { limits: { ...loadConfig({}).limits, cost: 100_000 } } });
  session = await createUserSession(h);
});
afterAll(() => h.close());

const LISTS = [
  ['Movie', 'popularMovies'],
  ['TVSeries', 'popularTVSeries'],
  ['Person', 'popularPeople'],
] as const;
/** Arguments for the fields that require some. */
const REQUIRED_ARGS: Record<string, string> = {
  'TVSeries.season': '(number: 1)',
  'Movie.certification': '(country: "US")',
  'Movie.watchProviders': '(country: "US")',
  'TVSeries.certification': '(country: "US")',
  'TVSeries.watchProviders': '(country: "US")',
};

async function callsFor(root: string, selection: string): Promise<{ calls: number; items: number }> {
  h.catalog.resetCalls();
  const answer = await h.query(`{ ${root} { edges { node { id ${selection} } } } }`, undefined, { 'x-session-id': session });
  expect(answer.body.errors, `${selection}: ${JSON.stringify(answer.body.errors)}`).toBeUndefined();
  // The list itself is one call.
  return { calls: h.catalog.calls.length - 1, items: expected.nodes(answer.body.data[root]).length };
}

describe('fields that load per list item', () => {
  for (const [typeName, root] of LISTS) {
    it(`${typeName}: each field selected on ${root}'s items calls per item exactly when its description says so`, async () => {
      const type = schema.getType(typeName) as GraphQLObjectType;
      const perItem: string[] = [];
      const described: string[] = [];
      for (const field of Object.values(type.getFields())) {
        const required = field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
        const args = REQUIRED_ARGS[`${typeName}.${field.name}`];
        if (required && !args) throw new Error(`${typeName}.${field.name} needs arguments: add them to REQUIRED_ARGS`);
        const selection = `${field.name}${args ?? ''} ${isCompositeType(getNamedType(field.type)) ? '{ __typename }' : ''}`;
        const { calls, items } = await callsFor(root, selection);
        expect(items).toBe(20);
        // A shared call (the configuration for image URLs, the genre list) is one, not one per item.
        if (calls >= items) perItem.push(field.name);
        else expect(calls, `${typeName}.${field.name}`).toBeLessThanOrEqual(1);
        if (field.description?.endsWith(DETAILS_NOTE) || field.description?.endsWith(OWN_NOTE)) described.push(field.name);
      }
      expect(described.sort()).toEqual(perItem.sort());
      const listed = PER_ITEM_LOADS[typeName]!;
      expect([...listed.details, ...listed.own].sort()).toEqual(perItem.sort());
    }, 60_000);

    it(`${typeName}: the detail fields share one call per item, as their note says`, async () => {
      const { details } = PER_ITEM_LOADS[typeName]!;
      const type = schema.getType(typeName) as GraphQLObjectType;
      const selection = details
        .map((name) => `${name} ${isCompositeType(getNamedType(type.getFields()[name]!.type)) ? '{ __typename }' : ''}`)
        .join(' ');
      expect(await callsFor(root, selection)).toEqual({ calls: 20, items: 20 });
      for (const name of details) expect(type.getFields()[name]!.description).toMatch(/one upstream call per item \(shared/);
    });
  }
});

describe("list items' genres", () => {
  it('come from the genre list, one call per request, with the names the details carry', async () => {
    for (const [root, kind, path] of [
      ['popularMovies', 'movie', (id: number) => `/movie/${id}`],
      ['popularTVSeries', 'tv', (id: number) => `/tv/${id}`],
    ] as const) {
      h.catalog.resetCalls();
      const answer = await h.query(`{ ${root} { edges { node { id: databaseId genres { id: databaseId name } } } } }`);
      expect(answer.body.errors).toBeUndefined();
      expect(h.catalog.calls.map((call) => call.path).sort()).toEqual([`/${kind}/popular`, `/genre/${kind}/list`].sort());
      // The oracle: each item's details, straight from the catalog.
      for (const item of expected.nodes(answer.body.data[root]).slice(0, 5)) {
        const detail = await h.rest<{ genres: { id: number; name: string }[] }>(path(item.id));
        expect(item.genres).toEqual(detail.genres.map(({ id, name }) => ({ id, name })));
      }
    }
  });
});
