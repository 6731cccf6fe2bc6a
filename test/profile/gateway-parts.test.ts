import type { Plugin } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { keepingAllBut } from '../../src/graphql/gateway-parts.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * The profiler (bench/profile/gateway-entry.ts) builds the gateway through createGateway with
 * parts left out, not through a copy: a part left out must really be gone, every other one kept,
 * and the default must leave nothing out. Real GraphQL Armor and graphql-js on both sides.
 */
const limits = { ...loadConfig({}).limits, depth: 2, aliases: 3 };
// Depth 3: over the lowered depth limit, far under every other one.
const DEEP = '{ movie(id: 550) { productionCompanies { name } } }';
// Four aliases: over the lowered aliases limit; only Armor counts aliases (not those of __typename).
const ALIASED =
  '{ a: configuration { changeKeys } b: configuration { changeKeys } c: configuration { changeKeys } d: configuration { changeKeys } }';

let whole: Harness;
let withoutAliases: Harness;
const parses = { first: 0, last: 0 };
const counting = (key: keyof typeof parses): Plugin => ({ onParse: () => void parses[key]++ });

beforeAll(async () => {
  whole = await startHarness({ config: { limits } });
  withoutAliases = await startHarness({
    config: { limits },
    keeps: keepingAllBut(['armor-aliases']),
    instrument: { first: [counting('first')], last: [counting('last')] },
  });
});
afterAll(async () => {
  await whole?.close();
  await withoutAliases?.close();
});

describe('the parts createGateway may leave out', () => {
  it('keeps every part by default: the aliases limit refuses the query', async () => {
    const { body } = await whole.query(ALIASED);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'aliases', max: 3 });
    expect(body.data).toBeUndefined();
  });

  it('without armor-aliases the same query is answered, and the other parts stay', async () => {
    const { body } = await withoutAliases.query(ALIASED);
    expect(body.errors).toBeUndefined();
    const answered = Object.values(body.data as Record<string, { changeKeys: string[] }>);
    expect(answered).toHaveLength(4);
    for (const { changeKeys } of answered) expect(changeKeys.length).toBeGreaterThan(0);
    // The depth rule of the same Armor plugin still refuses at validation: no data, no path.
    const deep = await withoutAliases.query(DEEP);
    expect(deep.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'depth', max: 2 });
    expect(deep.body.errors?.[0]).not.toHaveProperty('path');
    expect(deep.body.data).toBeUndefined();
  });

  it('runs the instrument plugins around ours on every parse', async () => {
    const before = { ...parses };
    await withoutAliases.query('{ __typename }');
    expect(parses.first - before.first).toBe(1);
    expect(parses.last - before.last).toBe(1);
  });

  it('refuses a part name it does not know', () => {
    expect(() => keepingAllBut(['armor-depht'])).toThrow(/unknown gateway part armor-depht/);
  });
});
