import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeServices as composeWithApollo } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeSchemaContract, composeServices as composeWithHive } from '@theguild/federation-composition';
import { buildSchema, type DocumentNode, type GraphQLSchema, parse } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TAGS } from '../../src/schema/entity/contract-tags.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 32, item 2: a contract of the graph, built by a real contract tool (Hive's
 * `composeSchemaContract`, which filters a supergraph by `@tag` as Apollo's contracts do), leaves
 * out the account, the sessions, the writes and sign-in, still composes, and answers through a
 * real router (Hive Gateway), beside a `watch-party` subgraph that extends `Movie`.
 */

const PUBLIC_EXCLUDES = new Set(Object.keys(CONTRACT_TAGS));

const PARTIES_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])
  type Query { watchParties: [WatchParty!]! }
  type WatchParty @key(fields: "id") { id: ID! name: String! movie: Movie! }
  type Movie @key(fields: "databaseId") { databaseId: Int! watchParties: [WatchParty!]! }
`;

let h: Harness;
const servers: Server[] = [];
let subgraphs: Array<{ name: string; typeDefs: DocumentNode; url: string }>;

function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
  const movie = h.catalog.data.movies[0]!;
  const parties = buildSubgraphSchema({
    typeDefs: parse(PARTIES_SDL),
    resolvers: {
      Query: { watchParties: () => [{ id: 'p0', name: 'Party 0', movieId: movie.id }] },
      WatchParty: { movie: (party: { movieId: number }) => ({ databaseId: party.movieId }) },
      Movie: {
        __resolveReference: (ref: { databaseId: number }) => ref,
        watchParties: (ref: { databaseId: number }) => (ref.databaseId === movie.id ? [{ id: 'p0', name: 'Party 0' }] : []),
      },
    } as never,
  });
  const partiesUrl = `${await serve(createYoga({ schema: parties, logging: false }))}/graphql`;
  const url = h.url.replace(/\/graphql$/, '/subgraph');
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const sdl = ((await answer.json()) as { data: { _service: { sdl: string } } }).data._service.sdl;
  subgraphs = [
    { name: 'catalog', typeDefs: parse(sdl), url },
    { name: 'parties', typeDefs: parse(PARTIES_SDL), url: partiesUrl },
  ];
}, 60_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await h.close();
});

const fieldsOf = (schema: GraphQLSchema, type: string) => Object.keys((schema.getType(type) as { getFields(): object }).getFields());

describe('a public contract, without account, session, writes and sign-in', () => {
  it('the full graph composes with the tags, with both composers', () => {
    expect(composeWithApollo(subgraphs).errors).toBeUndefined();
    expect(composeWithHive(subgraphs).errors).toBeUndefined();
  });

  it('composes with Hive’s contract tool and leaves every tagged part out', () => {
    const contract = composeSchemaContract(subgraphs, { include: new Set(), exclude: PUBLIC_EXCLUDES }, true);
    expect(contract.errors).toBeUndefined();
    const full = buildSchema(composeWithHive(subgraphs).publicSdl!);
    const api = buildSchema(contract.publicSdl!);
    // Gone: every write, the account, the sessions and sign-in.
    expect(full.getMutationType()).toBeDefined();
    expect(api.getMutationType()).toBeUndefined();
    for (const type of [
      'Account',
      'AccountStates',
      'GuestSessionData',
      'Session',
      'RequestToken',
      'CredentialCheck',
      'RatedMovieConnection',
    ]) {
      expect(full.getType(type), type).toBeDefined();
      expect(api.getType(type), type).toBeUndefined();
    }
    const dropped = ['account', 'viewer', 'guestSession', 'authentication'];
    expect(fieldsOf(full, 'Query')).toEqual(expect.arrayContaining(dropped));
    for (const field of dropped) expect(fieldsOf(api, 'Query')).not.toContain(field);
    for (const type of ['Movie', 'TVSeries', 'Season', 'Episode']) expect(fieldsOf(api, type)).not.toContain('accountStates');
    // Kept: the catalog, and the other subgraph's extension of it.
    expect(fieldsOf(api, 'Query')).toEqual(expect.arrayContaining(['movie', 'search', 'tvSeries', 'watchParties']));
    expect(fieldsOf(api, 'Movie')).toEqual(expect.arrayContaining(['title', 'credits', 'watchParties']));
  });

  it('answers through Hive Gateway: the catalog and its extension, and nothing that was left out', async () => {
    const contract = composeSchemaContract(subgraphs, { include: new Set(), exclude: PUBLIC_EXCLUDES }, true);
    const url = `${await serve(createGatewayRuntime({ supergraph: contract.supergraphSdl!, logging: false }))}/graphql`;
    const query = async (source: string) =>
      (await (
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: source }) })
      ).json()) as { data?: any; errors?: Array<{ message: string; extensions?: any }> };
    const movie = h.catalog.data.movies[0]!;
    const kept = await query(`{ movie(id: ${movie.id}) { title watchParties { name } } watchParties { movie { title } } }`);
    expect(kept.errors).toBeUndefined();
    expect(kept.data).toEqual({
      movie: { title: movie.title, watchParties: [{ name: 'Party 0' }] },
      watchParties: [{ movie: { title: movie.title } }],
    });
    for (const left of ['{ viewer { id: databaseId } }', `{ movie(id: ${movie.id}) { accountStates { favorite } } }`]) {
      const refused = await query(left);
      expect(refused.data ?? null, left).toBeNull();
      expect(refused.errors?.[0]?.extensions?.code, left).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    // No mutation at all in the public variant: the router refuses the operation itself.
    const write = await query('mutation { createGuestSession { guestSession { guestSessionId } } }');
    expect(write.data ?? null).toBeNull();
    expect(write.errors?.[0]?.message).toMatch(/not configured to execute mutation/);
  });

  it('docs/composition.md names every tag', () => {
    const doc = readFileSync(new URL('../../docs/composition.md', import.meta.url), 'utf8');
    for (const tag of Object.keys(CONTRACT_TAGS)) expect(doc).toContain(`| \`${tag}\` |`);
  });
});
