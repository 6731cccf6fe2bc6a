import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/** Every limit rejects before any upstream call, and says which limit and by how much. */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const messages = (body: { errors?: Array<{ message: string }> }) => (body.errors ?? []).map((e) => e.message).join(' | ');

describe('query limits', () => {
  it('depth', async () => {
    const deep = `{ movie(id: 1) { productionCompanies { parentCompany { parentCompany { parentCompany { parentCompany { parentCompany { parentCompany { parentCompany { parentCompany { parentCompany { parentCompany { name } } } } } } } } } } } } }`;
    const { body } = await h.query(deep);
    expect(messages(body)).toMatch(/depth limit of 12 exceeded, found 1[3-9]/i);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'depth', max: 12, found: expect.any(Number) });
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('aliases', async () => {
    const query = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: configuration { changeKeys }`).join(' ')} }`;
    const { body } = await h.query(query);
    expect(messages(body)).toBe('Query aliases limit of 30 exceeded, found 31.');
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', limit: 'aliases', max: 30, found: 31 });
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('directives', async () => {
    const query = `{ configuration { changeKeys ${'@include(if: true) '.repeat(11)} } }`;
    const { body } = await h.query(query);
    expect(messages(body)).toBe('Query directives limit of 10 exceeded, found 11.');
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', limit: 'directives', max: 10, found: 11 });
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('tokens', async () => {
    const query = `{ configuration { ${'changeKeys '.repeat(5_001)} } }`;
    const { body } = await h.query(query);
    expect(messages(body)).toBe('Query tokens limit of 5000 exceeded.');
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', limit: 'tokens', max: 5000 });
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('cost counts the upstream calls a query can cause', async () => {
    const windows = ['DAY', 'WEEK'].flatMap((w) =>
      [1, 2, 3].map(
        (p) =>
          `t${w}${p}: trending { tvSeries(timeWindow: ${w}, ${expected.pageWindow('Trending.tvSeries', p)}) { edges { node { seasons { episodes { accountStates { rating } } } } } } }`,
      ),
    );
    const { body } = await h.query(`{ ${windows.join(' ')} }`);
    expect(body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', max: 1000 });
    expect(body.errors![0].message).toMatch(/cost limit of 1000 exceeded, found \d+/);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('a normal page with sub-resources stays well inside the cost limit', async () => {
    const { body } = await h.query(
      `{ upcomingMovies { edges { node { id: databaseId title alternativeTitles { title } reviews { totalCount } } } } }`,
    );
    expect(body.errors).toBeUndefined();
  });
});

const codes = (body: { errors?: Array<{ extensions?: { code?: unknown } }> }) => (body.errors ?? []).map((e) => e.extensions?.code);

describe('every rejection has a code', () => {
  it("parse and validation errors keep Yoga's codes", async () => {
    expect(codes((await h.query('{ movie(id: 1) { title }')).body)).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(codes((await h.query('{ movie(id: 1) { nope } }')).body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(codes((await h.query('query($id: Int!) { movie(id: $id) { title } }', { id: 'x' })).body)).toEqual(['BAD_USER_INPUT']);
  });

  it('the document limits answer with QUERY_TOO_COMPLEX over GET too', async () => {
    const query = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: configuration { changeKeys }`).join(' ')} }`;
    const response = await fetch(`${h.url}?query=${encodeURIComponent(query)}`, {
      headers: { accept: 'application/graphql-response+json' },
    });
    const body = await response.json();
    expect(codes(body)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(h.catalog.calls).toHaveLength(0);
  });
});

describe('transport limits', () => {
  it('refuses a body over the size limit with 413', async () => {
    const response = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ configuration { changeKeys } }`, padding: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('bounds batched operations: 10 by default, what Apollo BatchHttpLink sends at its defaults', async () => {
    const batch = Array.from({ length: 11 }, () => ({ query: '{ configuration { changeKeys } }' }));
    const response = await fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
    const text = await response.text();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(text).toMatch(/Batching is limited to 10 operations/);
    expect(JSON.parse(text).errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(h.catalog.calls).toHaveLength(0);
    const ok = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch.slice(0, 10)),
    });
    expect(((await ok.json()) as unknown[]).length).toBe(10);
  });
});

describe('production defaults', () => {
  let prod: Harness;
  beforeAll(async () => {
    prod = await startHarness({ config: { introspection: false, graphiql: false } });
  });
  afterAll(() => prod.close());

  it('refuses introspection', async () => {
    const { body } = await prod.query(`{ __schema { types { name } } }`);
    expect(messages(body)).toMatch(/introspection/i);
    expect(new Set(codes(body))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']));
  });

  it('hides field suggestions', async () => {
    const { body } = await prod.query(`{ movi(id: 1) { title } }`);
    expect(messages(body)).not.toMatch(/Did you mean/);
    const dev = await h.query(`{ movi(id: 1) { title } }`);
    expect(messages(dev.body)).toMatch(/Did you mean "movie"/);
  });
});
