import { createHash } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../helpers.ts';

/*
 * The plain path (src/http/plain-path.ts) answers plain requests without Yoga's entry and
 * Response. The same requests, in the same order, over real HTTP, against a gateway with the
 * path on and one with it off (PLAIN_PATH=false): the same status, headers and bytes. A Yoga
 * onRequest hook (which only Yoga's entry runs) counts which requests went through Yoga.
 * `PLAIN_PATH=false npx vitest run` runs the whole suite through Yoga's entry too.
 */

interface Asked {
  name: string;
  method?: 'GET' | 'POST';
  /** The POST body as sent, or the GET's search. */
  body?: string;
  search?: string;
  headers?: Record<string, string>;
  /** Whether the plain path takes it (else Yoga does). */
  plain: boolean;
}

const CONFIGURATION = '{ configuration { images { baseUrl } } }';
const json = (value: unknown) => JSON.stringify(value);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const APQ = { persistedQuery: { version: 1, sha256Hash: sha256(CONFIGURATION) } };
/** A document that makes a plugin throw an unexpected error (below): Yoga masks it, and so must the path. */
const THROWS = '{ configuration { images { baseUrl } } } # throw in onParams';
const thrower: Plugin = {
  onParams: ({ params }) => {
    if (params.query === THROWS) throw new Error('a detail no client may see');
  },
};

const ASKED: Asked[] = [
  { name: 'a clean POST', body: json({ query: CONFIGURATION }), plain: true },
  {
    name: 'a clean POST with variables and a name',
    body: json({ query: 'query M($id: ID!) { movie(id: $id) { id: databaseId title } }', variables: { id: '550' }, operationName: 'M' }),
    plain: true,
  },
  { name: 'a clean GET', method: 'GET', search: `?query=${encodeURIComponent(CONFIGURATION)}`, plain: true },
  {
    name: 'graphql-response+json',
    body: json({ query: CONFIGURATION }),
    headers: { accept: 'application/graphql-response+json' },
    plain: true,
  },
  { name: 'a validation error', body: json({ query: '{ nope }' }), plain: true },
  {
    name: 'a validation error under graphql-response+json',
    body: json({ query: '{ nope }' }),
    headers: { accept: 'application/graphql-response+json' },
    plain: true,
  },
  { name: 'a syntax error', body: json({ query: '{ configuration ' }), plain: true },
  { name: 'a missing variable', body: json({ query: 'query M($id: ID!) { movie(id: $id) { id: databaseId } }' }), plain: true },
  { name: 'a field error (no session)', body: json({ query: '{ account { id: databaseId } }' }), plain: true },
  {
    name: 'a GET with variables',
    method: 'GET',
    search: `?query=${encodeURIComponent('query M($id: ID!) { movie(id: $id) { id: databaseId } }')}&variables=${encodeURIComponent(json({ id: '550' }))}`,
    plain: true,
  },
  { name: 'a mutation over GET', method: 'GET', search: `?query=${encodeURIComponent('mutation { logout }')}`, plain: true },
  { name: 'an Accept of HTML only', body: json({ query: CONFIGURATION }), headers: { accept: 'text/html' }, plain: true },
  { name: 'an unexpected error thrown by a plugin', body: json({ query: THROWS }), plain: true },
  { name: 'empty extensions', body: json({ query: CONFIGURATION, extensions: {} }), plain: true },
  { name: 'an unknown persisted hash', body: json({ extensions: APQ }), plain: true },
  { name: 'a persisted hash with its document', body: json({ query: CONFIGURATION, extensions: APQ }), plain: true },
  { name: 'a persisted hash alone, now known', body: json({ extensions: APQ }), plain: true },
  {
    name: 'a persisted hash over GET',
    method: 'GET',
    search: `?extensions=${encodeURIComponent(json(APQ))}`,
    plain: true,
  },
  { name: 'a body with no query', body: json({ variables: {} }), plain: true },
  { name: 'a query that is not text', body: json({ query: 42 }), plain: true },
  { name: 'an operation name not in the document', body: json({ query: CONFIGURATION, operationName: 'Nope' }), plain: true },
  { name: '@defer under a plain Accept', body: json({ query: '{ ... @defer { configuration { images { baseUrl } } } }' }), plain: true },
  { name: 'a batch', body: json([{ query: CONFIGURATION }, { query: '{ nope }' }]), plain: false },
  { name: 'a JSON body that is no object', body: json('query'), plain: false },
  { name: 'unreadable JSON', body: '{"query":', plain: false },
  {
    name: '@defer under multipart',
    body: json({ query: '{ ... @defer { configuration { images { baseUrl } } } }' }),
    headers: { accept: 'multipart/mixed' },
    plain: false,
  },
  {
    name: 'a JSON type in capitals (refused by the writes fence)',
    body: json({ query: CONFIGURATION }),
    headers: { 'content-type': 'APPLICATION/JSON' },
    plain: false,
  },
  {
    name: 'a GET with unreadable variables',
    method: 'GET',
    search: `?query=${encodeURIComponent(CONFIGURATION)}&variables=%7B`,
    plain: false,
  },
  { name: 'multipart Accept', body: json({ query: CONFIGURATION }), headers: { accept: 'multipart/mixed' }, plain: false },
];

/** Headers that differ between any two answers. */
const VARYING = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);

async function ask(url: string, asked: Asked) {
  const method = asked.method ?? 'POST';
  const response = await fetch(method === 'GET' ? `${url}${asked.search}` : url, {
    method,
    headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...asked.headers },
    body: method === 'POST' ? asked.body : undefined,
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!VARYING.has(name)) headers[name] = value;
  });
  return { status: response.status, headers, text: await response.text() };
}

describe('the plain path', () => {
  let plain: Harness;
  let yoga: Harness;
  let throughYoga = 0;
  const counter: Plugin = { onRequest: () => void throughYoga++ };

  beforeAll(async () => {
    plain = await startHarness({ config: { plainPath: undefined }, instrument: { first: [counter, thrower] } });
    yoga = await startHarness({ config: { plainPath: false }, instrument: { first: [thrower] } });
  });
  afterAll(async () => {
    await plain.close();
    await yoga.close();
  });

  for (const asked of ASKED) {
    it(`answers ${asked.name} as Yoga does, ${asked.plain ? 'without' : 'through'} Yoga's HTTP layer`, async () => {
      const before = throughYoga;
      const [viaPlain, viaYoga] = [await ask(plain.url, asked), await ask(yoga.url, asked)];
      expect(viaPlain).toEqual(viaYoga);
      expect(throughYoga - before).toBe(asked.plain ? 0 : 1);
      if (asked.body?.includes('throw in onParams')) expect(viaPlain.text).not.toContain('a detail no client may see');
    });
  }
});

describe('the plain path with introspection off', () => {
  let plain: Harness;
  let yoga: Harness;
  beforeAll(async () => {
    plain = await startHarness({ config: { introspection: false, plainPath: undefined } });
    yoga = await startHarness({ config: { introspection: false, plainPath: false } });
  });
  afterAll(async () => {
    await plain.close();
    await yoga.close();
  });

  // useDisableIntrospection marks the request in onRequestParse, a hook of Yoga's HTTP layer.
  it('refuses introspection as Yoga does', async () => {
    const asked: Asked = { name: 'introspection', body: json({ query: '{ __schema { types { name } } }' }), plain: true };
    const [viaPlain, viaYoga] = [await ask(plain.url, asked), await ask(yoga.url, asked)];
    expect(viaPlain).toEqual(viaYoga);
    expect(viaPlain.text).toMatch(/introspection/i);
  });
});

/** `_entities` as a router asks it: one movie that exists, one that does not, one bad key. */
const ENTITIES = json({
  query: 'query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Movie { id: databaseId title } } }',
  variables: {
    r: [
      { __typename: 'Movie', id: 550 },
      { __typename: 'Movie', id: 2_000_000_000 },
      { __typename: 'Movie', id: 0 },
    ],
  },
});
const ROUTER_TOKEN = 'a-router-token-for-the-plain-path-test';

describe('the plain path on /subgraph', () => {
  let plain: Harness;
  let yoga: Harness;
  let throughYoga = 0;
  const counter: Plugin = { onRequest: () => void throughYoga++ };
  const subgraph = (h: Harness) => h.url.replace(/\/graphql$/, '/subgraph');

  beforeAll(async () => {
    const config = { subgraphToken: ROUTER_TOKEN, introspection: false };
    plain = await startHarness({ config: { ...config, plainPath: undefined }, instrument: { first: [counter] } });
    yoga = await startHarness({ config: { ...config, plainPath: false } });
  });
  afterAll(async () => {
    await plain.close();
    await yoga.close();
  });

  const router = { 'x-subgraph-token': ROUTER_TOKEN };
  for (const asked of [
    { name: "the router's _entities", body: ENTITIES, headers: router, plain: true },
    { name: "the router's _service SDL", body: json({ query: '{ _service { sdl } }' }), headers: router, plain: true },
    { name: "the router's batch", body: `[${ENTITIES}]`, headers: router, plain: false },
    { name: '_entities without the router token (401)', body: ENTITIES, plain: false },
    { name: '_entities with a wrong router token (401)', body: ENTITIES, headers: { 'x-subgraph-token': 'wrong' }, plain: false },
  ] satisfies Asked[]) {
    it(`answers ${asked.name} as Yoga does, ${asked.plain ? 'without' : 'through'} Yoga's entry`, async () => {
      const before = throughYoga;
      const [viaPlain, viaYoga] = [await ask(subgraph(plain), asked), await ask(subgraph(yoga), asked)];
      expect(viaPlain).toEqual(viaYoga);
      expect(viaPlain.status).toBe(asked.plain ? 200 : asked.name.includes('401') ? 401 : 200);
      // The refused never reach Yoga's plugins at all; the router's batch does, through the entry.
      expect(throughYoga - before).toBe(asked.name.includes('batch') ? 1 : 0);
    });
  }
});
