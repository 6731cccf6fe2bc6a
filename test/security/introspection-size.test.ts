import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 42, item 8: MAX_RESPONSE_BYTES counted every field but introspection's (`__schema`,
 * `__type` and the fields of the `__` types are graphql-js's own, left unwrapped), so under a bound
 * of 1 MiB a 4.2 KB query of 30 aliased `__schema { types { … fields { … } } }` answered 200
 * with 6.9 MB, 330-600 ms of CPU each. Introspection now counts like any field.
 */
const MAX = 1_048_576;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ config: { limits: { ...loadConfig({}).limits, responseBytes: MAX } } });
});
afterAll(() => h?.close());

const ALIASED = `{ ${Array.from(
  { length: 30 },
  (_, i) =>
    `s${i}: __schema { types { name kind description fields { name description args { name type { name } } type { name kind ofType { name kind } } } } }`,
).join(' ')} }`;

describe('introspection under MAX_RESPONSE_BYTES', () => {
  it('30 aliased __schema walks stop with RESPONSE_TOO_LARGE', async () => {
    const answer = await h.query(ALIASED);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: null,
      errors: [
        {
          message: `The answer grew past the limit of ${MAX} bytes and was stopped; ask for fewer items or fields (pages, ids, aliases).`,
          extensions: { code: 'RESPONSE_TOO_LARGE', limit: 'responseBytes', max: MAX },
        },
      ],
    });
    expect(answer.text.length).toBeLessThan(1_000);
  });

  it("one full introspection query (GraphiQL's) still answers whole, and so does the graph", async () => {
    const answer = await h.query(getIntrospectionQuery());
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.__schema.types.length).toBeGreaterThan(100);
    const after = await h.query('{ configuration { changeKeys } }');
    expect(after.body.data.configuration.changeKeys.length).toBeGreaterThan(0);
  });
});
