import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../helpers.ts';

/**
 * Issue 32, item 5: deadlines that fit a router. The router (Hive Gateway, its upstream timeout
 * 2 s) states its deadline in `X-Request-Deadline-Ms`; the gateway's upstream work for that
 * request ends by then (never later than REQUEST_DEADLINE_MS, 15 s by default). One of 20
 * movies of one `_entities` batch is slow at the catalog (5 s): it alone fails, the other 19
 * resolve. Without the header the gateway waited for it (UPSTREAM_TIMEOUT_MS, 10 s), the router
 * gave up at 2 s, and all 20 were lost.
 */

const ROUTER_TIMEOUT_MS = 2_000;
const PICKS = 20;

let h: Harness;
let slowId: number;
const servers: Server[] = [];

function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Another team's subgraph that references 20 movies: the router fetches them in one `_entities` batch. */
const PICKS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])
  type Query { picks: [Movie]! }
  type Movie @key(fields: "databaseId") { databaseId: Int! }
`;

async function router(headers: Record<string, string>) {
  const ids = h.catalog.data.movies.slice(0, PICKS).map((movie) => movie.id);
  const picksSchema = buildSubgraphSchema({
    typeDefs: parse(PICKS_SDL),
    resolvers: { Query: { picks: () => ids.map((databaseId) => ({ databaseId })) } },
  });
  const picksUrl = `${await serve(createYoga({ schema: picksSchema, logging: false }))}/graphql`;
  const subgraphUrl = h.url.replace(/\/graphql$/, '/subgraph');
  const sdl = (
    await (
      await fetch(subgraphUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ _service { sdl } }' }),
      })
    ).json()
  ).data._service.sdl;
  const composed = composeServices([
    { name: 'catalog', typeDefs: parse(sdl), url: subgraphUrl },
    { name: 'picks', typeDefs: parse(PICKS_SDL), url: picksUrl },
  ]);
  if (composed.errors) throw new Error(composed.errors.map((error) => error.message).join('\n'));
  const gateway = createGatewayRuntime({
    supergraph: composed.supergraphSdl,
    logging: false,
    upstreamTimeout: ROUTER_TIMEOUT_MS,
    propagateHeaders: { fromClientToSubgraphs: () => headers },
  });
  const url = `${await serve(gateway)}/graphql`;
  return async () => {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ picks { databaseId title } }' }),
    });
    return (await answer.json()) as {
      data?: { picks: Array<{ databaseId: number; title: string } | null> };
      errors?: Array<{ path?: unknown[]; extensions?: { code?: string } }>;
    };
  };
}

beforeAll(async () => {
  h = await startHarness();
  slowId = h.catalog.data.movies[7]!.id;
  h.catalog.setFaults([{ path: `^/movie/${slowId}$`, latencyMs: 5_000 }]);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await h.close();
});

describe('a router states its deadline in X-Request-Deadline-Ms', () => {
  it('with a 2 s router timeout and one slow movie among 20, the other 19 resolve', async () => {
    // Below the router's timeout, leaving room for the answer to travel back.
    const ask = await router({ 'x-request-deadline-ms': '1500' });
    const answer = await ask();
    const picks = answer.data?.picks ?? [];
    expect(picks).toHaveLength(PICKS);
    const resolved = picks.filter((pick) => pick?.title);
    expect(resolved).toHaveLength(PICKS - 1);
    expect(picks[7]).toBeNull();
    expect(resolved.map((pick) => pick!.databaseId)).not.toContain(slowId);
    // The slow movie's own error, once (Hive Gateway places it at `["picks", "title"]`).
    expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['UPSTREAM_TIMEOUT']);
  }, 15_000);

  it('a stated deadline longer than REQUEST_DEADLINE_MS is bounded by it', async () => {
    const bounded = await startHarness({ config: { requestDeadlineMs: 1_000 } });
    try {
      const movie = bounded.catalog.data.movies[0]!;
      bounded.catalog.setFaults([{ path: `^/movie/${movie.id}$`, latencyMs: 3_000 }]);
      const started = Date.now();
      const answer = await fetch(bounded.url.replace(/\/graphql$/, '/subgraph'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-deadline-ms': '60000' },
        body: JSON.stringify({ query: `{ movie(id: ${movie.id}) { title } }` }),
      });
      const body = (await answer.json()) as { errors?: unknown[] };
      expect(body.errors?.length).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await bounded.close();
    }
  });
});
