import { afterAll, describe, expect, it } from 'vitest';
import { isObjectType } from 'graphql';
import { keepingAllBut } from '../../src/graphql/gateway-parts.ts';
import { loadConfig } from '../../src/runtime/config.ts';
import { schema } from '../../src/schema/index.ts';
import { startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/**
 * The resolvers' per-field concerns (language, @defer phase, the answer's size count) are one
 * wrapper Pothos installs when it builds the schema (src/schema/kit/field-concerns.ts). Before,
 * three wrappers changed the one schema every gateway of a process shares, at each gateway's
 * start, and a gateway built without one of them and then two with it stacked one more count
 * per field each time. Now building gateways changes no resolver, and each field counts once.
 */
const MAX = 12_000;
const harnesses: Harness[] = [];
afterAll(() => Promise.all(harnesses.map((h) => h.close())));

function resolvers(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) found.set(`${type.name}.${field.name}`, field.resolve);
  }
  return found;
}

describe('the per-field wrapper', () => {
  it('is built in: starting gateways changes no resolver of the schema, and a field counts once', async () => {
    const before = resolvers();
    const limits = { ...loadConfig({}).limits, responseBytes: MAX };
    harnesses.push(await startHarness({ config: { limits }, keeps: keepingAllBut(['answer-size']) }));
    for (let built = 0; built < 4; built++) harnesses.push(await startHarness({ config: { limits } }));
    const after = resolvers();
    expect(after.size).toBe(before.size);
    for (const [coordinate, resolve] of before) expect(after.get(coordinate), coordinate).toBe(resolve);
    const last = harnesses.at(-1)!;
    // About 2,000 characters: within the bound once counted once, past it counted six times.
    const { body } = await last.query('{ popularMovies { edges { node { id: databaseId title } } } }');
    expect(body.errors).toBeUndefined();
    expect(expected.nodes(body.data.popularMovies)).toHaveLength(20);
    expect(JSON.stringify(body).length).toBeLessThan(MAX / 4);
  });
});
