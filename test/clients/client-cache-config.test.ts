import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import config from '../../codegen.ts';
import { formatGenerated } from '../../codegen/format.ts';
import { possibleTypes, urqlSchema } from '../../schema/client-cache.ts';
import { schema } from '../../src/schema/index.ts';

/**
 * The generated files stay in step with the schema and the example operations: codegen runs
 * here in memory and its output must equal the committed files (run `npm run codegen` after a
 * schema or example change). The identity rule is also checked against the schema directly:
 * a type added later gets its `id` from src/schema/relay/value-ids.ts, or this fails.
 */
const roots = new Set(['Query', 'Mutation', 'Subscription']);
const objectTypes = Object.values(schema.getTypeMap()).filter(
  (type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__') && !roots.has(type.name),
);
/**
 * What mutations alone return, their payloads and what only a payload holds (a new session, a
 * token): never a record a cache keeps, so no id (src/schema/relay/value-ids.ts).
 */
const PAYLOADS = objectTypes.filter((type) => type.name.endsWith('Payload')).map((type) => type.name);
const ONLY_IN_PAYLOADS = ['GuestSession', 'RequestToken', 'Session'];

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

describe("the identity of every object type, for the clients' defaults", () => {
  it('every object type but the mutation payloads has `id: ID!`, which Apollo and urql key records by by default', () => {
    const without = objectTypes.filter((type) => String(type.getFields().id?.type) !== 'ID!').map((type) => type.name);
    expect(PAYLOADS.length).toBeGreaterThan(20);
    expect(without.sort()).toEqual([...PAYLOADS, ...ONLY_IN_PAYLOADS].sort());
  });

  it('every Node keeps the catalog key as databaseId, and the credits keep theirs as creditId', () => {
    const nodes = objectTypes.filter((type) => type.getInterfaces().some((face) => face.name === 'Node'));
    expect(nodes.map((type) => type.name)).toEqual(expect.arrayContaining(['Movie', 'TVSeries', 'Season', 'Episode', 'Person', 'Review']));
    for (const type of nodes) expect(type.getFields().databaseId, type.name).toBeDefined();
    expect(getNamedType((schema.getType('CastCredit') as GraphQLObjectType).getFields().creditId!.type).name).toBe('String');
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
