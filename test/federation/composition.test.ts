import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeServices } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { parse } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * The subgraph composed with a second one by Apollo's own composer (@apollo/composition), and the
 * supergraph served by a real router (Hive Gateway's runtime), each subgraph over HTTP on
 * loopback. The second subgraph is the kind a platform team adds: watch parties, which extend
 * `Movie` with a field and point at movies by key.
 */

const PARTIES_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])

  type Query {
    "Upcoming watch parties."
    watchParties: [WatchParty!]!
  }

  type WatchParty @key(fields: "id") {
    id: ID!
    name: String!
    movie: Movie!
  }

  type Movie @key(fields: "databaseId") {
    databaseId: Int!
    "Parties that watch this movie."
    watchParties: [WatchParty!]!
  }
`;

interface Party {
  id: string;
  name: string;
  movieId: number;
}

let h: Harness;
let parties: Party[];
const servers: Server[] = [];
let routerUrl: string;
let partiesCalls = 0;

function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
  parties = h.catalog.data.movies.slice(0, 12).map((movie, i) => ({ id: `p${i}`, name: `Party ${i}`, movieId: movie.id }));

  const partiesSchema = buildSubgraphSchema({
    typeDefs: parse(PARTIES_SDL),
    resolvers: {
      Query: { watchParties: () => parties },
      WatchParty: { movie: (party: Party) => ({ databaseId: party.movieId }) },
      Movie: {
        __resolveReference: (movie: { databaseId: number }) => movie,
        watchParties: (movie: { databaseId: number }) => parties.filter((party) => party.movieId === movie.databaseId),
      },
    },
  });
  const partiesYoga = createYoga({ schema: partiesSchema, logging: false });
  const partiesUrl = `${await serve((request, response) => {
    partiesCalls++;
    partiesYoga(request, response);
  })}/graphql`;

  // The catalog subgraph's SDL as a composer gets it: from the running subgraph.
  const subgraphUrl = h.url.replace(/\/graphql$/, '/subgraph');
  const sdlAnswer = await fetch(subgraphUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const catalogSdl = ((await sdlAnswer.json()) as { data: { _service: { sdl: string } } }).data._service.sdl;

  const composed = composeServices([
    { name: 'catalog', typeDefs: parse(catalogSdl), url: subgraphUrl },
    { name: 'parties', typeDefs: parse(PARTIES_SDL), url: partiesUrl },
  ]);
  if (composed.errors) throw new Error(composed.errors.map((error) => error.message).join('\n'));
  const router = createGatewayRuntime({ supergraph: composed.supergraphSdl, logging: false });
  routerUrl = `${await serve(router)}/graphql`;
}, 60_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await h.close();
});

beforeEach(() => {
  h.catalog.resetCalls();
  partiesCalls = 0;
});

async function throughRouter(query: string) {
  const response = await fetch(routerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: any }> };
}

describe('composition with @apollo/composition, served by Hive Gateway', () => {
  it('resolves parties with their movies from the catalog: one merged upstream call per movie', async () => {
    const { data, errors } = await throughRouter('{ watchParties { name movie { databaseId title credits { cast { character } } } } }');
    expect(errors).toBeUndefined();
    expect(data.watchParties).toHaveLength(12);
    for (const [i, party] of data.watchParties.entries()) {
      const movie = h.catalog.data.movies[i]!;
      expect(party.movie).toMatchObject({ databaseId: movie.id, title: movie.title });
      expect(Array.isArray(party.movie.credits.cast)).toBe(true);
    }
    // Details and credits of each movie in one call (append_to_response), the 12 fetched as one _entities batch.
    expect(h.catalog.calls).toHaveLength(12);
    expect(h.callsTo(/^\/movie\/\d+$/)).toBe(12);
  });

  it('extends a catalog movie with the other subgraph’s field', async () => {
    const movie = h.catalog.data.movies[3]!;
    const { data, errors } = await throughRouter(`{ movie(id: ${movie.id}) { title watchParties { name } } }`);
    expect(errors).toBeUndefined();
    expect(data.movie).toEqual({ title: movie.title, watchParties: [{ name: 'Party 3' }] });
    expect(h.catalog.calls).toHaveLength(1);
    expect(partiesCalls).toBe(1);
  });

  it('answers from the upstream cache when warm, and passes catalog errors with their codes', async () => {
    await throughRouter('{ watchParties { movie { title } } }');
    h.catalog.resetCalls();
    const warm = await throughRouter('{ watchParties { movie { title } } }');
    expect(warm.errors).toBeUndefined();
    expect(h.catalog.calls).toHaveLength(0);
    const missing = await throughRouter('{ movie(id: 2000000000) { title watchParties { name } } }');
    expect(missing.data?.movie).toBeNull();
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
