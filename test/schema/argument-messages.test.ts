import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import * as valid from '../../src/schema/kit/validate.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 32 item 7: a key that is no number at all was refused as "must be a positive 32-bit
 * integer, got NaN.", which tells a client neither what it sent nor which input. The message
 * names the argument and says what came instead (a number as itself, anything else by its kind,
 * never its text). Over real HTTP: `node(id:)` on /graphql, `_entities` on the router's /subgraph.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const nodeId = (text: string) => Buffer.from(text).toString('base64url');

async function subgraph(query: string, variables: Record<string, unknown>) {
  const response = await fetch(h.url.replace(/\/graphql$/, '/subgraph'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

describe('argument checks say what was wrong, never "NaN"', () => {
  it('node(id:) whose key is not a number', async () => {
    const { body } = await h.query(`{ node(id: "${nodeId('Movie:abc')}") { nodeId: id } }`);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'id' });
    expect(body.errors?.[0]?.message).toBe('Argument "id" must be a positive 32-bit integer, got no number.');
  });

  it('_entities with a movie id sent as a string', async () => {
    const body = await subgraph('query($r: [_Any!]!) { _entities(representations: $r) { ... on Movie { title } } }', {
      r: [{ __typename: 'Movie', id: '550' }],
    });
    const [error] = body.errors ?? [];
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'representations' });
    expect(error?.message).toMatch(/^Argument "representations".* must be a positive 32-bit integer, got (no number|a string)\.$/);
  });

  it('a number out of range is shown as itself', async () => {
    const { body } = await h.query(`{ node(id: "${nodeId('Season:1399:100001')}") { nodeId: id } }`);
    expect(body.errors?.[0]?.message).toBe('Argument "id" must be an integer from 0 to 100000, got 100001.');
  });

  it("a key inside an argument (a representation's) is named as the field, for the router to place", () => {
    const refused = (() => {
      try {
        valid.id('representations', '550', 'series.id');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(GraphQLError);
    expect((refused as GraphQLError).message).toBe(
      'Argument "representations": "series.id" must be a positive 32-bit integer, got a string.',
    );
    expect((refused as GraphQLError).extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'representations', field: 'series.id' });
  });
});
