import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { getNamedType, getNullableType, isListType, isObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import config from '../../codegen.ts';
import { formatGenerated } from '../../codegen/format.ts';
import { apolloTypePolicies, possibleTypes, urqlKeys, urqlSchema } from '../../schema/client-cache.ts';
import { schema } from '../../src/schema/index.ts';

/**
 * The generated files stay in step with the schema and the example operations: codegen runs
 * here in memory and its output must equal the committed files (run `npm run codegen` after a
 * schema or example change). The identity rules are also checked against the schema directly,
 * so a type added later cannot be missed by a generator that forgot it either.
 */
const roots = new Set(['Query', 'Mutation', 'Subscription']);
const objectTypes = Object.values(schema.getTypeMap()).filter(
  (type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__') && !roots.has(type.name),
);
/** Types that implement Node: keyed by nodeId, which names the object in one language. */
const nodes = objectTypes.filter((type) => type.getInterfaces().some((face) => face.name === 'Node'));
/** Every other type, with an `id` or not: stored inside its parent. */
const keyless = objectTypes.filter((type) => !nodes.includes(type));

describe('schema/client-cache.ts and examples/gql/', () => {
  it('are what `npm run codegen` writes now', async () => {
    const outputs: { filename: string; content: string }[] = await generate({ ...config, cwd: process.cwd() }, false);
    const compared = outputs.filter((output) => output.filename.endsWith('.ts'));
    expect(compared.map((output) => output.filename).sort()).toEqual([
      'examples/gql/gql.ts',
      'examples/gql/graphql.ts',
      'examples/gql/index.ts',
      'schema/client-cache.ts',
    ]);
    for (const output of compared) {
      const committed = readFileSync(output.filename, 'utf8');
      expect(formatGenerated(output.filename, output.content), `${output.filename}: run npm run codegen`).toBe(committed);
    }
  }, 60_000);
});

describe('the generated identity of every object type', () => {
  it('every Node type is keyed by its nodeId where the query selected it, stored in its parent where not', () => {
    expect(nodes.map((type) => type.name)).toEqual(expect.arrayContaining(['Movie', 'TVSeries', 'Season', 'Episode', 'Person', 'Review']));
    for (const type of nodes) {
      const keyFields = apolloTypePolicies[type.name]?.keyFields;
      expect(typeof keyFields, type.name).toBe('function');
      if (typeof keyFields !== 'function') continue;
      expect(keyFields({ __typename: type.name, nodeId: 'TW92aWU6MUBmci1GUg' })).toEqual(['nodeId']);
      expect(keyFields({ __typename: type.name })).toBe(false);
      expect(urqlKeys[type.name]?.({ __typename: type.name, nodeId: 'TW92aWU6MUBmci1GUg' })).toBe('TW92aWU6MUBmci1GUg');
      expect(urqlKeys[type.name]?.({ __typename: type.name })).toBeNull();
    }
  });

  it('every other type, with an id (Genre, Video, credits...) or without, is stored inside its parent, for Apollo and for urql', () => {
    expect(keyless.map((type) => type.name)).toEqual(expect.arrayContaining(['Genre', 'Video', 'CastCredit', 'Credits', 'AccountStates']));
    const keyed = keyless.filter((type) => apolloTypePolicies[type.name]?.keyFields !== false || urqlKeys[type.name]?.({}) !== null);
    expect(keyed.map((type) => type.name)).toEqual([]);
    expect(Object.keys(urqlKeys).sort()).toEqual(objectTypes.map((type) => type.name).sort());
  });

  it('merge: true only on singular fields holding a value object, never on Mutation', () => {
    const wrong: string[] = [];
    for (const [typeName, policy] of Object.entries(apolloTypePolicies)) {
      const type = schema.getType(typeName);
      for (const fieldName of Object.keys(policy.fields ?? {})) {
        const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
        const value = field && getNamedType(field.type);
        const ok =
          field &&
          typeName !== 'Mutation' &&
          !isListType(getNullableType(field.type)) &&
          isObjectType(value) &&
          !value.getInterfaces().some((face) => face.name === 'Node');
        if (!ok) wrong.push(`${typeName}.${fieldName}`);
      }
    }
    expect(wrong).toEqual([]);
    // The containers issue 11 names, as examples that the rule reaches.
    for (const [type, field] of [
      ['Movie', 'credits'],
      ['Movie', 'images'],
      ['Movie', 'reviews'],
      ['Review', 'authorDetails'],
      ['Season', 'credits'],
      ['Query', 'search'],
    ]) {
      expect(apolloTypePolicies[type]?.fields?.[field], `${type}.${field}`).toEqual({ merge: true });
    }
  });

  it("possibleTypes and urqlSchema describe the schema's unions and interfaces", () => {
    const abstract = Object.values(schema.getTypeMap()).filter(
      (type) => 'getTypes' in type || ('getInterfaces' in type && !isObjectType(type)),
    );
    for (const type of abstract) {
      if (type.name.startsWith('__') || !('resolveType' in type)) continue;
      const members = schema.getPossibleTypes(type as never).map((member) => member.name);
      expect(possibleTypes[type.name]?.slice().sort(), type.name).toEqual(members.sort());
    }
    const movie = urqlSchema.__schema.types.find((type) => type.name === 'Movie');
    expect(movie?.fields?.find((field) => field.name === 'credits')?.type).toEqual({ kind: 'OBJECT', name: 'Credits' });
    // Nullable (null where the details cannot be loaded for a list item), of non-null items.
    expect(movie?.fields?.find((field) => field.name === 'genres')?.type).toEqual({
      kind: 'LIST',
      ofType: { kind: 'NON_NULL', ofType: { kind: 'OBJECT', name: 'Genre' } },
    });
    // Every object type, and the roots (Query, Mutation, Subscription).
    const rootCount = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean).length;
    expect(urqlSchema.__schema.types.filter((type) => type.kind === 'OBJECT')).toHaveLength(objectTypes.length + rootCount);
  });
});
