import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 33 item 8: every document-limit rejection carries `locations`, so a client (GraphiQL, an
 * IDE, a linter) can place it in the document. GraphQL Armor's errors had none. The limits still
 * refuse before any upstream call, and the rejection stays alone (validation stops at it).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const DEEP = `{ movie(id: 1) { productionCompanies { parentCompany { parentCompany { parentCompany { parentCompany { parentCompany {
  parentCompany { parentCompany { parentCompany { parentCompany { parentCompany { name } } } } } } } } } } } } }`;

describe('document limits say where', () => {
  it('depth: located at the operation it refuses', async () => {
    const { body } = await h.query(`\n\n  query Deep ${DEEP}`);
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({
      message: 'Query depth limit of 12 exceeded, found 13.',
      locations: [{ line: 3, column: 3 }],
      extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'depth', max: 12, found: 13 },
    });
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('aliases: of two operations, located at the one over the limit', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: configuration { changeKeys }`).join(' ');
    const response = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `query Small { configuration { changeKeys } }\nquery Many { ${aliases} }`, operationName: 'Small' }),
    });
    const body = (await response.json()) as { errors?: Array<Record<string, unknown>> };
    expect(body.errors).toEqual([
      {
        message: 'Query aliases limit of 30 exceeded, found 31.',
        locations: [{ line: 2, column: 1 }],
        extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'aliases', max: 30, found: 31 },
      },
    ]);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('directives: located, and alone although the document breaks other rules too', async () => {
    const { body } = await h.query(`{ configuration { changeKeys ${'@include(if: true) '.repeat(11)} } }`);
    expect(body.errors).toEqual([
      {
        message: 'Query directives limit of 10 exceeded, found 11.',
        locations: [{ line: 1, column: 1 }],
        extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'directives', max: 10, found: 11 },
      },
    ]);
  });

  it('tokens: located at the first token past the limit', async () => {
    // "{", "configuration", "{", then changeKeys: the 5,001st token is the 4,998th changeKeys.
    const query = `{ configuration {\n${'changeKeys\n'.repeat(5_001)}} }`;
    const { body } = await h.query(query);
    expect(body.errors).toEqual([
      {
        message: 'Query tokens limit of 5000 exceeded.',
        locations: [{ line: 1 + 4_998, column: 1 }],
        extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'tokens', max: 5000 },
      },
    ]);
    expect(h.catalog.calls).toHaveLength(0);
  });
});
