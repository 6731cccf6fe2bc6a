import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { problemsOf, shippedDocuments, taggedDocuments } from './shipped-documents.ts';

/**
 * No document the repository ships to teach (README and docs, examples/, the starter and its
 * Relay app, the GraphiQL tabs) selects a deprecated field, argument or enum value, and each one
 * validates against schema/schema.graphql as a client's tools read it. The docs' `graphql` blocks
 * also run against a gateway (examples.test.ts); examples/ and the apps run in test/clients and
 * test/relay.
 */
const schema = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));

describe('the shipped documents', () => {
  const documents = shippedDocuments();

  it('are found in every place that ships them', () => {
    const places = new Set(documents.map((document) => document.where.replace(/(:\d+| \w+)$/, '')));
    for (const place of [
      'README.md',
      'docs/frontend.md',
      'examples/search.ts',
      'starter/src/operations.ts',
      'starter/relay-app/src/Home.tsx',
      'GraphiQL tab',
    ])
      expect(places, place).toContain(place);
    expect(documents.length).toBeGreaterThan(30);
  });

  it('validate against the schema and select nothing deprecated', () => {
    expect(problemsOf(schema, documents)).toEqual([]);
  });
});

describe('the check itself', () => {
  const small = buildSchema(`
    type Query { page(n: Int): [String] @deprecated(reason: "Use \`list\`.") list(first: Int, page: Int @deprecated(reason: "Use \`first\`.")): [String] kind: Kind }
    enum Kind { OLD @deprecated(reason: "Use \`NEW\`.") NEW }
  `);
  const problems = (text: string, relay = false) => problemsOf(small, [{ where: 'doc', text, relay }]);

  it('finds a deprecated field, argument and enum value, a field that is gone, and a document that does not parse', () => {
    expect(problems('{ page }')).toEqual(['doc: The field Query.page is deprecated. Use `list`.']);
    expect(problems('{ list(page: 2) }')).toEqual(['doc: Field "Query.list" argument "page" is deprecated. Use `first`.']);
    expect(problems('query($k: Kind = OLD) { kind }')[0]).toMatch(/"Kind.OLD" is deprecated/);
    expect(problems('{ gone }')[0]).toMatch(/Cannot query field "gone"/);
    expect(problems('{ list(')[0]).toMatch(/Syntax Error/);
    expect(problems('{ list(first: 2) kind }')).toEqual([]);
  });

  it('reads a Relay document with the compiler’s directives, and the fragments of the other files', () => {
    const documents = [
      { where: 'a', text: 'query A { ...B_list }', relay: true },
      {
        where: 'b',
        text: 'fragment B_list on Query @argumentDefinitions(n: { type: "Int" }) { list(first: $n) @connection(key: "B_list") }',
        relay: true,
      },
    ];
    expect(problemsOf(small, documents)).toEqual([]);
    expect(problemsOf(small, [{ where: 'c', text: 'query A { ...B_list }' }])[0]).toMatch(/Unknown fragment "B_list"/);
  });

  it('finds the documents of graphql(`…`), graphql`…` and gql`…`', () => {
    const text = 'const a = graphql(`{ a }`);\nconst b = graphql`fragment B on Query { b }`;\nconst c = gql`{ c }`;';
    expect(taggedDocuments('f.ts', text)).toEqual([
      { where: 'f.ts:1', text: '{ a }' },
      { where: 'f.ts:2', text: 'fragment B on Query { b }' },
      { where: 'f.ts:3', text: '{ c }' },
    ]);
  });
});
