import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeServices } from '@apollo/composition';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Who may use `/subgraph` (issue 21, items 1 and 8) and `/metrics`: with trusted documents only,
 * a free document runs nowhere; with introspection off, `_service { sdl }` is refused like
 * `__schema`; SUBGRAPH_TOKEN opens both to the router alone, here a real one (Hive Gateway's
 * runtime over a supergraph composed by @apollo/composition) that sends the token with its
 * `propagateHeaders` setting.
 */
const TOKEN = 'router-secret-0123456789';
let tmp: string;
let manifestFile: string;
const servers: Server[] = [];
const harnesses: Harness[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'subgraph-access-'));
  manifestFile = join(tmp, 'manifest.json');
  await writeFile(manifestFile, JSON.stringify({ configurationKeys: '{ configuration { changeKeys } }' }));
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const h of harnesses) await h.close();
  await rm(tmp, { recursive: true, force: true });
});

async function harness(config: Parameters<typeof startHarness>[0]) {
  const h = await startHarness(config);
  harnesses.push(h);
  return { h, subgraph: h.url.replace(/\/graphql$/, '/subgraph'), base: h.url.replace(/\/graphql$/, '') };
}

const post = (url: string, query: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
const get = (url: string, query: string, headers: Record<string, string> = {}) =>
  fetch(`${url}?query=${encodeURIComponent(query)}`, { headers });

async function routerFor(subgraphUrl: string, token: string): Promise<string> {
  const sdl = (await (await post(subgraphUrl, '{ _service { sdl } }', { 'x-subgraph-token': token })).json()).data._service.sdl;
  const composed = composeServices([{ name: 'catalog', typeDefs: parse(sdl), url: subgraphUrl }]);
  if (composed.errors) throw new Error(composed.errors.map((error) => error.message).join('\n'));
  const router = createGatewayRuntime({
    supergraph: composed.supergraphSdl,
    logging: false,
    propagateHeaders: { fromClientToSubgraphs: () => ({ 'x-subgraph-token': token }) },
  });
  const server = createServer(router);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
}

describe('PERSISTED_OPERATIONS_ONLY', () => {
  it('without SUBGRAPH_TOKEN, /subgraph is not served: no free query or mutation reaches the upstream', async () => {
    const { h, subgraph } = await harness({ config: { persistedOperationsFile: manifestFile, persistedOperationsOnly: true } });
    const movie = h.catalog.data.movies[0]!;
    const attempts = [
      await post(subgraph, `{ movie(id: ${movie.id}) { title } }`),
      await get(subgraph, `{ movie(id: ${movie.id}) { title } }`),
      await post(subgraph, 'mutation { createGuestSession { guestSession { guestSessionId } } }'),
    ];
    for (const answer of attempts) {
      expect(answer.status).toBe(404);
      expect((await answer.json()).errors[0].extensions.code).toBe('NOT_FOUND');
    }
    // The endpoint itself still refuses the same free document.
    const free = await post(h.url, `{ movie(id: ${movie.id}) { title } }`);
    expect((await free.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('with SUBGRAPH_TOKEN, only the router (a real one, sending the token) gets through', async () => {
    const { h, subgraph } = await harness({
      config: { persistedOperationsFile: manifestFile, persistedOperationsOnly: true, subgraphToken: TOKEN },
    });
    const movie = h.catalog.data.movies[1]!;
    const attempts: Record<string, string>[] = [{}, { 'x-subgraph-token': 'guess' }, { 'x-subgraph-token': `${TOKEN}x` }];
    for (const headers of attempts) {
      const refused = await post(subgraph, `{ movie(id: ${movie.id}) { title } }`, headers);
      expect(refused.status).toBe(401);
      const text = await refused.text();
      expect(JSON.parse(text).errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(text).not.toContain(TOKEN);
    }
    expect(h.catalog.calls).toHaveLength(0);
    const router = await routerFor(subgraph, TOKEN);
    const answer = await (await post(router, `{ movie(id: ${movie.id}) { title } }`)).json();
    expect(answer).toEqual({ data: { movie: { title: movie.title } } });
  });
});

describe('INTROSPECTION=false', () => {
  it('refuses `_service { sdl }` on /subgraph by POST and GET, as it refuses __schema', async () => {
    const { subgraph } = await harness({ config: { introspection: false } });
    for (const answer of [
      await post(subgraph, '{ _service { sdl } }'),
      await get(subgraph, '{ _service { sdl } }'),
      await post(subgraph, 'query Q { ...F } fragment F on Query { _service { sdl } }'),
      await post(subgraph, '{ __schema { types { name } } }'),
    ]) {
      const text = await answer.text();
      expect(text).not.toContain('type Movie');
      expect(JSON.parse(text).data).toBeUndefined();
      expect(JSON.parse(text).errors[0].message).toMatch(/introspection/i);
    }
  });

  it('with SUBGRAPH_TOKEN, the router composes from `_service` and answers through the subgraph', async () => {
    const { h, subgraph } = await harness({ config: { introspection: false, subgraphToken: TOKEN } });
    expect((await post(subgraph, '{ _service { sdl } }')).status).toBe(401);
    const router = await routerFor(subgraph, TOKEN);
    const movie = h.catalog.data.movies[2]!;
    const answer = await (await post(router, `{ movie(id: ${movie.id}) { title } }`)).json();
    expect(answer).toEqual({ data: { movie: { title: movie.title } } });
  });
});

describe('/metrics', () => {
  it('with METRICS_TOKEN, answers only its bearer, and never names the Node version', async () => {
    const { base } = await harness({ config: { metricsToken: 'scrape-secret-42' } });
    for (const authorization of [undefined, 'Bearer wrong', 'scrape-secret-42', 'Bearer scrape-secret-42x']) {
      const refused = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain('gateway_');
    }
    const scraped = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer scrape-secret-42' } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain('gateway_upstream_in_flight');
    expect(text).not.toContain(process.version);
    expect(text).not.toContain('nodejs_version_info');
  });
});
