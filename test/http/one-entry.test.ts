import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, listen, startHarness } from '../helpers.ts';

/*
 * One entry for every request (src/http/executed-answer.ts `answerOf`): the front builds a Fetch
 * Request from what it has read and hands it to Yoga's public `handleRequest`, batches, multipart,
 * event streams and plain requests alike. The same requests, in the same order, over real HTTP,
 * to the gateway and to Yoga's own Node server on the same Yoga instance (Yoga reading the body
 * itself, from the socket): the same status and bytes, and every header Yoga sets with the same
 * value (the front adds its own: request id, CORS, Vary, Cache-Control, Content-Language). A Yoga
 * onRequest hook (which only Yoga's whole entry runs) counts that every request went through it:
 * the plain ones too, which the former plain path took past it.
 */

interface Asked {
  name: string;
  method?: 'GET' | 'POST';
  /** The POST body as sent, or the GET's search. */
  body?: string;
  search?: string;
  headers?: Record<string, string>;
  /** Whether the former plain path took it past Yoga's entry (every request goes through it now). */
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

/** Headers that differ between any two answers, or that each server frames its bytes with. */
const VARYING = new Set(['date', 'x-request-id', 'keep-alive', 'connection', 'content-length', 'transfer-encoding']);

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

/** Yoga's own Node server (its requestListener) on the gateway's Yoga instance. */
async function yogaItself(h: Harness): Promise<{ url: string; server: Server }> {
  const server = createServer(h.yoga);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/graphql`, server };
}

/**
 * The calls a part reports so far depend on when that part is written, which each server's writing
 * decides (a @defer's first part may go out before or after the deferred call): left out.
 */
const withoutCallsSoFar = (text: string) => text.replace(/"upstreamCalls":\d+/g, '"upstreamCalls":_');

/** Ours and Yoga's own answer agree: status, bytes, and each header Yoga sets. */
function expectSame(ours: Awaited<ReturnType<typeof ask>>, yogas: Awaited<ReturnType<typeof ask>>) {
  const seen = (answer: typeof ours) => ({ status: answer.status, text: withoutCallsSoFar(answer.text) });
  expect(seen(ours)).toEqual(seen(yogas));
  for (const [name, value] of Object.entries(yogas.headers)) expect([name, ours.headers[name]]).toEqual([name, value]);
}

describe('one entry', () => {
  let gateway: Harness;
  let yoga: { url: string; server: Server };
  let throughYoga = 0;
  const counter: Plugin = { onRequest: () => void throughYoga++ };

  beforeAll(async () => {
    gateway = await startHarness({ instrument: { first: [counter, thrower] } });
    yoga = await yogaItself(gateway);
  });
  afterAll(async () => {
    yoga.server.close();
    yoga.server.closeAllConnections();
    await gateway.close();
  });

  for (const asked of ASKED) {
    it(`answers ${asked.name} as Yoga's own entry does, through every hook of Yoga's${asked.plain ? ' (a plain request)' : ''}`, async () => {
      const before = throughYoga;
      const viaGateway = await ask(gateway.url, asked);
      expect(throughYoga - before).toBe(1);
      const viaYoga = await ask(yoga.url, asked);
      expectSame(viaGateway, viaYoga);
      if (asked.body?.includes('throw in onParams')) expect(viaGateway.text).not.toContain('a detail no client may see');
    });
  }
});

describe('one entry with introspection off', () => {
  let gateway: Harness;
  let yoga: { url: string; server: Server };
  beforeAll(async () => {
    gateway = await startHarness({ config: { introspection: false } });
    yoga = await yogaItself(gateway);
  });
  afterAll(async () => {
    yoga.server.close();
    yoga.server.closeAllConnections();
    await gateway.close();
  });

  // graphql-js's NoSchemaIntrospectionCustomRule, added to every validation (protections.ts).
  it('refuses introspection as Yoga does', async () => {
    const asked: Asked = { name: 'introspection', body: json({ query: '{ __schema { types { name } } }' }), plain: true };
    const viaGateway = await ask(gateway.url, asked);
    expectSame(viaGateway, await ask(yoga.url, asked));
    expect(viaGateway.text).toMatch(/introspection/i);
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

describe('one entry on /subgraph', () => {
  let gateway: Harness;
  let throughYoga = 0;
  const counter: Plugin = { onRequest: () => void throughYoga++ };
  const subgraph = (h: Harness) => h.url.replace(/\/graphql$/, '/subgraph');

  beforeAll(async () => {
    gateway = await startHarness({ config: { subgraphToken: ROUTER_TOKEN, introspection: false }, instrument: { first: [counter] } });
  });
  afterAll(async () => {
    await gateway.close();
  });

  const router = { 'x-subgraph-token': ROUTER_TOKEN };
  for (const asked of [
    { name: "the router's _entities", body: ENTITIES, headers: router, plain: true },
    { name: "the router's _service SDL", body: json({ query: '{ _service { sdl } }' }), headers: router, plain: true },
    { name: "the router's batch", body: `[${ENTITIES}]`, headers: router, plain: false },
    { name: '_entities without the router token (401)', body: ENTITIES, plain: false },
    { name: '_entities with a wrong router token (401)', body: ENTITIES, headers: { 'x-subgraph-token': 'wrong' }, plain: false },
  ] satisfies Asked[]) {
    it(`answers ${asked.name} through Yoga's entry, or refuses it before`, async () => {
      const before = throughYoga;
      const answer = await ask(subgraph(gateway), asked);
      const refused = asked.name.includes('401');
      expect(answer.status).toBe(refused ? 401 : 200);
      if (!refused) expect(answer.text).toContain('"data"');
      // The refused never reach Yoga's plugins at all; the router's requests all go through its entry.
      expect(throughYoga - before).toBe(refused ? 0 : 1);
    });
  }
});
