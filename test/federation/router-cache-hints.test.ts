import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeServices as composeWithApollo } from '@apollo/composition';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { LRUCache } from 'lru-cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserSession, type Harness, startHarness } from '../helpers.ts';

/**
 * Issue 32, item 3: cache hints a router can trust. Every `/subgraph` answer, POST included (how
 * routers fetch), carries Cache-Control: `public, max-age=` the upstream's own freshness for the
 * catalog's data, `private, no-store, max-age=0` for anything a session took part in. A real
 * router, Hive Gateway with its response cache (@graphql-mesh/plugin-response-cache, one cache
 * for every caller: `session: () => null`), keeps the catalog's answers and never serves
 * one user's session data to another.
 */

let h: Harness;
let subgraphUrl: string;
const servers: Server[] = [];

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
  subgraphUrl = h.url.replace(/\/graphql$/, '/subgraph');
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await h.close();
});

const post = (url: string, query: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });

/** The router's cache storage (Hive Gateway asks for one): in memory, each entry for its TTL in seconds. */
function memoryCache() {
  const entries = new LRUCache<string, object>({ max: 1000 });
  return {
    get: (key: string) => entries.get(key),
    set: (key: string, value: object, options?: { ttl?: number | null }) =>
      void entries.set(key, value, options?.ttl ? { ttl: options.ttl * 1000 } : undefined),
    delete: (key: string) => entries.delete(key),
    getKeysByPrefix: (prefix: string) => [...entries.keys()].filter((key) => key.startsWith(prefix)),
  };
}

/** Hive Gateway in front of the subgraph, its response cache on, passing the session on. */
async function cachingRouter(): Promise<string> {
  const sdl = (await (await post(subgraphUrl, '{ _service { sdl } }')).json()).data._service.sdl;
  const composed = composeServices([{ name: 'catalog', typeDefs: parse(sdl), url: subgraphUrl }]);
  if (composed.errors) throw new Error(composed.errors.map((error) => error.message).join('\n'));
  const router = createGatewayRuntime({
    supergraph: composed.supergraphSdl,
    logging: false,
    cache: memoryCache(),
    // One cache for every caller: the subgraph's hints alone keep a session's answer out of it.
    responseCaching: { session: () => null },
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => {
        const session = request.headers.get('x-session-id');
        return session ? { 'x-session-id': session } : {};
      },
    },
  });
  const server = createServer(router);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
}

describe('Cache-Control on every /subgraph answer', () => {
  it('a POST of catalog data is public for the upstream’s freshness; with a session it is private', async () => {
    const movie = h.catalog.data.movies[0]!;
    const entities = `{ _entities(representations: [{ __typename: "Movie", databaseId: ${movie.id} }]) { ... on Movie { title } } }`;
    const plain = await post(subgraphUrl, entities);
    expect(((await plain.json()) as any).data._entities[0].title).toBe(movie.title);
    // The catalog's details are fresh 4 h; CACHE_CONTROL_MAX_AGE_MS caps it at an hour.
    expect(plain.headers.get('cache-control')).toBe('public, max-age=3600');

    const session = await createUserSession(h);
    const viewer = await post(subgraphUrl, '{ viewer { id: databaseId username } }', { 'x-session-id': session });
    expect(((await viewer.json()) as any).data.viewer.username).toBeTruthy();
    expect(viewer.headers.get('cache-control')).toBe('private, no-store, max-age=0');
    // The same movie, asked with a session: the request is the session's, so private too.
    const withSession = await post(subgraphUrl, entities, { 'x-session-id': session });
    expect(withSession.headers.get('cache-control')).toBe('private, no-store, max-age=0');
  });

  it('an answer with an error is never kept', async () => {
    const answer = await post(
      subgraphUrl,
      '{ _entities(representations: [{ __typename: "Movie", databaseId: 0 }]) { ... on Movie { title } } }',
    );
    expect(answer.headers.get('cache-control')).toBe('private, no-store, max-age=0');
  });
});

describe('through Hive Gateway’s response cache', () => {
  it('keeps the catalog’s answer, and serves no session’s viewer to a caller without it', async () => {
    const router = await cachingRouter();
    const movie = h.catalog.data.movies[1]!;
    const asked = async (query: string, headers?: Record<string, string>) => (await post(router, query, headers)).json() as Promise<any>;

    const servedBefore = h.served();
    const first = await asked(`{ movie(id: ${movie.id}) { title } }`);
    const again = await asked(`{ movie(id: ${movie.id}) { title } }`);
    expect(first.data.movie.title).toBe(movie.title);
    expect(again).toEqual(first);
    // The second came from the router's cache: the subgraph was asked once.
    expect(h.served() - servedBefore).toBe(1);

    const session = await createUserSession(h);
    const own = await asked('{ viewer { id: databaseId username } }', { 'x-session-id': session });
    expect(own.data.viewer.username).toBeTruthy();
    // Another caller, without the session: the router asks the subgraph again, which refuses.
    const other = await asked('{ viewer { id: databaseId username } }');
    expect(other.data?.viewer ?? null).toBeNull();
    expect(JSON.stringify(other)).not.toContain(own.data.viewer.username);
  });
});

describe('@cacheControl in the subgraph SDL', () => {
  it('declares session data PRIVATE and the catalog’s entities with a maxAge, and both composers carry it', async () => {
    const sdl = (await (await post(subgraphUrl, '{ _service { sdl } }')).json()).data._service.sdl as string;
    expect(sdl).toContain('@composeDirective(name: "@cacheControl")');
    expect(sdl).toMatch(/directive @cacheControl\(/);
    const subgraphs = [{ name: 'catalog', typeDefs: parse(sdl), url: subgraphUrl }];
    const apollo = composeWithApollo(subgraphs);
    const hive = composeServices(subgraphs);
    expect(apollo.errors).toBeUndefined();
    expect(hive.errors).toBeUndefined();
    for (const supergraph of [apollo.supergraphSdl!, hive.supergraphSdl!]) {
      // The type, then its directives up to its fields.
      const directivesOf = (type: string) => supergraph.match(new RegExp(`type ${type}\\b[^{]*`))?.[0] ?? '';
      expect(directivesOf('Account')).toContain('@cacheControl(scope: PRIVATE)');
      expect(directivesOf('AccountStates')).toContain('@cacheControl(scope: PRIVATE)');
      expect(directivesOf('Movie')).toContain('@cacheControl(maxAge: 3600)');
      expect(supergraph).toMatch(/\bviewer: Account\b[^\n]*@cacheControl\(scope: PRIVATE\)/);
      expect(supergraph).toMatch(/\baccountStates: AccountStates\b[^\n]*@cacheControl\(scope: PRIVATE\)/);
    }
  });
});
