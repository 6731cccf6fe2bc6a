import { afterAll, describe, expect, it } from 'vitest';
import { keepingAllBut } from '../../src/graphql/gateway-parts.ts';
import { loadConfig } from '../../src/runtime/config.ts';
import { startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/**
 * The resolvers' wrappers (language scopes, deferred phases, the answer's size count) change the
 * one schema every gateway of a process shares, so each must wrap once per schema whatever order
 * gateways are built in. When each only marked its own wrapper, a gateway built without the size
 * count and then two with it stacked one more count per field each time: in the whole suite
 * (one process builds dozens), a 20-movie page went past a 12,000-character bound it fits in
 * many times over.
 */
const MAX = 12_000;
const harnesses: Harness[] = [];
afterAll(() => Promise.all(harnesses.map((h) => h.close())));

describe('wrapping the shared schema', () => {
  it('counts each field once, after gateways with and without each wrapper were built in any order', async () => {
    const limits = { ...loadConfig({}).limits, responseBytes: MAX };
    harnesses.push(await startHarness({ config: { limits }, keeps: keepingAllBut(['answer-size']) }));
    harnesses.push(await startHarness({ config: { limits }, keeps: keepingAllBut(['language-scopes']) }));
    for (let built = 0; built < 4; built++) harnesses.push(await startHarness({ config: { limits } }));
    const last = harnesses.at(-1)!;
    // About 2,000 characters: within the bound once counted once, past it counted six times.
    const { body } = await last.query('{ popularMovies { edges { node { id title } } } }');
    expect(body.errors).toBeUndefined();
    expect(expected.nodes(body.data.popularMovies)).toHaveLength(20);
    expect(JSON.stringify(body).length).toBeLessThan(MAX / 4);
  });
});
