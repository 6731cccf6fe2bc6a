import { type GraphQLSchema, isInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema, subgraphSchema } from '../../src/schema/index.ts';

/**
 * A field's cost is a value fixed at start wherever it depends on the field alone
 * (schema/builder.ts, withFixedCosts): the estimate of every request then neither maps that
 * field's arguments nor calls a function for it. A function is left only where the cost reads
 * the arguments (a page's `first`, a batch root's ids, `_entities`' representations).
 */
function costFunctions(served: GraphQLSchema): Array<{ field: string; args: number }> {
  const found: Array<{ field: string; args: number }> = [];
  for (const type of Object.values(served.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (typeof field.extensions.complexity === 'function') found.push({ field: `${type.name}.${field.name}`, args: field.args.length });
    }
  }
  return found;
}

describe('fixed costs', () => {
  it.each([
    ['the schema', () => schema],
    ['the subgraph', () => subgraphSchema()],
  ])('in %s, a cost is a function only on fields with arguments', (_name, served) => {
    const functions = costFunctions(served());
    expect(functions.filter((one) => one.args === 0)).toEqual([]);
    // The fixed values are there: a field without arguments carries its cost as a value.
    const movie = served().getType('Movie');
    expect(isObjectType(movie) && movie.getFields().credits?.extensions.complexity).toEqual({ field: 1, multiplier: 1 });
  });
});
