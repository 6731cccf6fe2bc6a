import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLNamedType, isInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';

/**
 * A team porting REST code finds its field by the route it called (issue 45, item 7): every root
 * field and mutation names the REST route(s) it reads in its description, every entity type its
 * details route, and every route named is an operation of the real service's OpenAPI file.
 * test/coverage.test.ts checks the other way round: each operation is named where the GraphQL
 * query that reaches it goes.
 */
const schema = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
const openapi: { operations: Array<{ method: string; path: string }> } = JSON.parse(
  readFileSync(new URL('../coverage/openapi-operations.json', import.meta.url), 'utf8'),
);
const operations = new Set(openapi.operations.map((op) => `${op.method} ${op.path.replace(/^\/3/, '')}`));

/** The routes a description names: `` `GET /movie/{movie_id}/credits` ``. */
const routesIn = (text: string | null | undefined) => [...(text ?? '').matchAll(/`((?:GET|POST|DELETE) \/[^`]*)`/g)].map((m) => m[1]!);

describe('REST routes in the descriptions', () => {
  it('every root field and every mutation names the route it reads', () => {
    const without = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
      Object.values(type.getFields())
        .filter((field) => routesIn(field.description).length === 0)
        .map((field) => `${type.name}.${field.name}`),
    );
    expect(without).toEqual([]);
  });

  it('every entity (a Node) names its details route', () => {
    const node = schema.getType('Node');
    const entities = isInterfaceType(node) ? schema.getPossibleTypes(node) : [];
    expect(entities.length).toBeGreaterThan(10);
    expect(entities.filter((type) => routesIn(type.description).length === 0).map((type) => type.name)).toEqual([]);
  });

  it('names only operations of the real service', () => {
    const named: string[] = [];
    for (const type of Object.values(schema.getTypeMap()) as GraphQLNamedType[]) {
      if (type.name.startsWith('__')) continue;
      named.push(...routesIn(type.description));
      if (isObjectType(type)) for (const field of Object.values(type.getFields())) named.push(...routesIn(field.description));
    }
    expect(named.length).toBeGreaterThan(150);
    expect([...new Set(named)].filter((route) => !operations.has(route))).toEqual([]);
  });
});
