import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeServices as composeWithApollo } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeServices as composeWithHive } from '@theguild/federation-composition';
import { buildASTSchema, type DocumentNode, parse } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 32, item 1: the subgraph in a graph that already has the common names. A platform team's
 * `users` subgraph carries `Account`, `Review`, `Company`, `Image`, `Video`, `Genre`, `Language`,
 * a Relay `Node { id }` and the roots `search`, `node`, `viewer`, `company`, `review`,
 * `countries`, `languages`; a `watch-party` subgraph extends the catalog's movies and series.
 * Each graph is composed by Apollo's composer (@apollo/composition) and by Hive's
 * (@theguild/federation-composition), and queried through a real router (Hive Gateway's
 * runtime), every subgraph over HTTP on loopback:
 * - with `SUBGRAPH_PREFIX=Catalog` beside that `users` subgraph as it is;
 * - without a prefix beside a `users` subgraph whose own types do not collide but which shares
 *   `Genre` and `Language` (`@shareable`, the same shape) and has its `Node { id }`.
 */

const LINK = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key", "@shareable"])';

/** Every common name, in the users team's own shapes. */
const USERS_WITH_COMMON_NAMES = `${LINK}
  interface Node { id: ID! }
  type Account implements Node @key(fields: "id") { id: ID! email: String! company: Company avatar: Image }
  type Company implements Node @key(fields: "id") { id: ID! name: String! }
  type Review implements Node @key(fields: "id") { id: ID! body: String! stars: Int! }
  type Image { url: String! alt: String }
  type Video { url: String! seconds: Int }
  type Genre { id: ID! label: String! }
  type Language { code: String! }
  type SearchHit { id: ID! text: String! }
  type Query {
    search(text: String!): [SearchHit!]!
    node(id: ID!): Node
    viewer: Account
    company(id: ID!): Company
    review(id: ID!): Review
    countries: [String!]!
    languages: [Language!]!
    genres: [Genre!]!
    videos: [Video!]!
  }
`;

/** Names of its own, but the value types the catalog shares (same shape) and a Relay `Node { id }`. */
const USERS_SHARING = `${LINK}
  interface Node { id: ID! }
  type Member implements Node @key(fields: "id") { id: ID! email: String! favoriteGenres: [Genre!]! speaks: [Language!]! }
  type Genre @shareable { id: ID! databaseId: Int! name: String! }
  type Language @shareable { id: ID! englishName: String languageCode: String! name: String }
  type Query {
    node(id: ID!): Node
    me: Member
  }
`;

const watchParties = (prefix: string) => `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])
  type Query { watchParties: [WatchParty!]! }
  type WatchParty @key(fields: "id") { id: ID! name: String! movie: ${prefix}Movie! series: ${prefix}TVSeries! }
  type ${prefix}Movie @key(fields: "databaseId") { databaseId: Int! watchParties: [WatchParty!]! }
  type ${prefix}TVSeries @key(fields: "databaseId") { databaseId: Int! watchParties: [WatchParty!]! }
`;

const ACCOUNT = { id: 'a1', email: 'kim@example.com', company: { id: 'c1', name: 'Acme' }, avatar: { url: 'https://img/kim.png' } };
const MEMBER = { id: 'm1', email: 'kim@example.com' };
const usersResolvers = {
  Query: {
    search: () => [{ id: 's1', text: 'hit' }],
    node: (_: unknown, { id }: { id: string }) => ({ a1: ACCOUNT, m1: MEMBER })[id] ?? null,
    viewer: () => ACCOUNT,
    company: () => ACCOUNT.company,
    review: () => ({ id: 'r1', body: 'Great', stars: 5 }),
    countries: () => ['FR'],
    languages: () => [{ code: 'fr' }],
    genres: () => [{ id: 'g1', label: 'Drama' }],
    videos: () => [],
    me: () => MEMBER,
  },
  Node: { __resolveType: (value: { id: string }) => ({ a: 'Account', m: 'Member', c: 'Company' })[value.id.charAt(0)] },
  Member: {
    favoriteGenres: () => [{ id: 'genre-18', databaseId: 18, name: 'Drama' }],
    speaks: () => [{ id: 'language-fr', englishName: 'French', languageCode: 'fr', name: 'Français' }],
  },
};

const servers: Server[] = [];
const harnesses: Harness[] = [];
let h: Harness;
let parties: Array<{ id: string; name: string; movieId: number; seriesId: number }>;

function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** A subgraph of another team: @apollo/subgraph's schema under Yoga. */
async function serveSubgraph(sdl: string, resolvers: Record<string, unknown>): Promise<string> {
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: resolvers as never });
  return `${await serve(createYoga({ schema, logging: false }))}/graphql`;
}

function partiesResolvers(prefix: string) {
  const reference = (field: 'movieId' | 'seriesId') => ({
    __resolveReference: (ref: { databaseId: number }) => ref,
    watchParties: (ref: { databaseId: number }) => parties.filter((party) => party[field] === ref.databaseId),
  });
  return {
    Query: { watchParties: () => parties },
    WatchParty: {
      movie: (party: { movieId: number }) => ({ databaseId: party.movieId }),
      series: (party: { seriesId: number }) => ({ databaseId: party.seriesId }),
    },
    [`${prefix}Movie`]: reference('movieId'),
    [`${prefix}TVSeries`]: reference('seriesId'),
  };
}

interface Subgraph {
  name: string;
  typeDefs: DocumentNode;
  url: string;
}

/** The catalog's SDL as a composer gets it: `_service { sdl }` of the running subgraph. */
async function catalogSubgraph(harness: Harness): Promise<Subgraph> {
  const url = harness.url.replace(/\/graphql$/, '/subgraph');
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const sdl = ((await answer.json()) as { data: { _service: { sdl: string } } }).data._service.sdl;
  return { name: 'catalog', typeDefs: parse(sdl), url };
}

/** The supergraph of each composer, or its errors' codes. */
function compose(subgraphs: Subgraph[]) {
  const apollo = composeWithApollo(subgraphs);
  const hive = composeWithHive(subgraphs);
  return {
    apollo: apollo.errors
      ? { errors: apollo.errors.map((error) => error.extensions?.code ?? error.message) }
      : { supergraph: apollo.supergraphSdl },
    hive: hive.errors
      ? { errors: hive.errors.map((error) => error.extensions?.code ?? error.message) }
      : { supergraph: hive.supergraphSdl },
  };
}

async function routerOf(supergraph: string) {
  const url = `${await serve(createGatewayRuntime({ supergraph, logging: false }))}/graphql`;
  return async (query: string) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return (await response.json()) as { data?: any; errors?: Array<{ message: string; path?: unknown[]; extensions?: any }> };
  };
}

let plain: Subgraph;
let prefixed: Subgraph;
let prefixedGateway: Harness;
let urls: { users: string; sharing: string; parties: string; prefixedParties: string };

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
  prefixedGateway = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true, subgraphPrefix: 'Catalog' } });
  harnesses.push(h, prefixedGateway);
  const movies = h.catalog.data.movies;
  const series = h.catalog.data.tvSeries;
  parties = [0, 1, 2].map((i) => ({ id: `p${i}`, name: `Party ${i}`, movieId: movies[i]!.id, seriesId: series[i]!.id }));
  urls = {
    users: await serveSubgraph(USERS_WITH_COMMON_NAMES, usersResolvers),
    sharing: await serveSubgraph(USERS_SHARING, usersResolvers),
    parties: await serveSubgraph(watchParties(''), partiesResolvers('')),
    prefixedParties: await serveSubgraph(watchParties('Catalog'), partiesResolvers('Catalog')),
  };
  plain = await catalogSubgraph(h);
  prefixed = await catalogSubgraph(prefixedGateway);
}, 60_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const harness of harnesses) await harness.close();
});

const users = () => ({ name: 'users', typeDefs: parse(USERS_WITH_COMMON_NAMES), url: urls.users });

describe('SUBGRAPH_PREFIX=Catalog beside a subgraph with every common name', () => {
  it('prefixes every type the subgraph owns and every root field in its `_service` SDL', () => {
    // The SDL as it is, its federation directives unchecked (composition, below, checks them).
    const schema = buildASTSchema(prefixed.typeDefs, { assumeValidSDL: true });
    const owned = Object.keys(schema.getTypeMap()).filter(
      // CacheControlScope is `@cacheControl`'s, composed by its name (src/schema/entity/cache-hints.ts).
      (name) =>
        !name.startsWith('__') && !['Query', 'Mutation', 'String', 'Int', 'Float', 'Boolean', 'ID', 'CacheControlScope'].includes(name),
    );
    expect(owned.length).toBeGreaterThan(150);
    expect(owned.filter((name) => !name.startsWith('Catalog'))).toEqual([]);
    const roots = [...Object.keys(schema.getQueryType()!.getFields()), ...Object.keys(schema.getMutationType()!.getFields())];
    expect(roots.filter((name) => !name.startsWith('catalog'))).toEqual([]);
    expect(roots).toEqual(expect.arrayContaining(['catalogMovie', 'catalogSearch', 'catalogViewer', 'catalogCreateSession']));
    expect(prefixed.typeDefs.loc?.source.body).toMatch(/type CatalogMovie\s+@key\(fields: "databaseId"\)/);
  });

  it('estimates the cost of a query as without the prefix (the cost tables know the declared names)', async () => {
    const post = async (harness: Harness, query: string) => {
      const response = await fetch(harness.url.replace(/\/graphql$/, '/subgraph'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    };
    // 20 series × an aggregate cast of about 100 people, each with a details call: over MAX_COST.
    const selection = '{ edges { node { aggregateCredits { cast { person { birthday } } } } } }';
    const plainAnswer = await post(h, `{ popularTVSeries ${selection} }`);
    const prefixedAnswer = await post(prefixedGateway, `{ catalogPopularTVSeries ${selection} }`);
    expect(plainAnswer.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost' });
    expect(prefixedAnswer.errors?.[0]?.extensions).toEqual(plainAnswer.errors?.[0]?.extensions);
  });

  it('without the prefix the same graph does not compose, with either composer', () => {
    const { apollo, hive } = compose([plain, users(), { name: 'parties', typeDefs: parse(watchParties('')), url: urls.parties }]);
    expect(apollo.errors).toEqual(expect.arrayContaining(['FIELD_TYPE_MISMATCH', 'INVALID_FIELD_SHARING']));
    expect(hive.errors).toEqual(expect.arrayContaining(['FIELD_TYPE_MISMATCH', 'INVALID_FIELD_SHARING']));
  });

  for (const composer of ['apollo', 'hive'] as const) {
    it(`composes with ${composer === 'apollo' ? '@apollo/composition' : 'Hive’s composer'} and answers through Hive Gateway`, async () => {
      const composed = compose([
        prefixed,
        users(),
        { name: 'parties', typeDefs: parse(watchParties('Catalog')), url: urls.prefixedParties },
      ])[composer];
      expect(composed.errors).toBeUndefined();
      const query = await routerOf(composed.supergraph!);
      const movie = h.catalog.data.movies[0]!;
      const series = h.catalog.data.tvSeries[0]!;

      // The watch-party subgraph's references, resolved by the catalog under their prefixed names.
      const party = await query('{ watchParties { name movie { databaseId title genres { name } } series { databaseId name } } }');
      expect(party.errors).toBeUndefined();
      expect(party.data.watchParties[0]).toEqual({
        name: 'Party 0',
        movie: { databaseId: movie.id, title: movie.title, genres: expect.any(Array) },
        series: { databaseId: series.id, name: series.name },
      });

      // Each subgraph's roots side by side, the catalog's extended by the watch parties.
      const both = await query(`{
        catalogMovie(id: ${movie.id}) { title watchParties { name } }
        catalogSearch { movies(query: ${JSON.stringify(movie.title.slice(0, 4))}) { totalCount } }
        search(text: "kim") { text }
        viewer { email company { name } avatar { url } }
        node(id: "a1") { id ... on Account { email } }
        review(id: "r1") { body stars }
        languages { code }
      }`);
      expect(both.errors).toBeUndefined();
      expect(both.data).toMatchObject({
        catalogMovie: { title: movie.title, watchParties: [{ name: 'Party 0' }] },
        search: [{ text: 'hit' }],
        viewer: { email: 'kim@example.com', company: { name: 'Acme' }, avatar: { url: 'https://img/kim.png' } },
        node: { id: 'a1', email: 'kim@example.com' },
        review: { body: 'Great', stars: 5 },
        languages: [{ code: 'fr' }],
      });
      expect(both.data.catalogSearch.movies.totalCount).toBeGreaterThan(0);

      // The catalog's errors keep their codes under the prefix.
      const missing = await query('{ catalogMovie(id: 2000000000) { title watchParties { name } } }');
      expect(missing.data?.catalogMovie).toBeNull();
      expect(missing.errors?.map((error) => error.extensions?.code)).toEqual(['NOT_FOUND']);
    });
  }
});

describe('no prefix, beside a subgraph with names of its own, shared value types and a Relay `Node { id }`', () => {
  for (const composer of ['apollo', 'hive'] as const) {
    it(`composes with ${composer === 'apollo' ? '@apollo/composition' : 'Hive’s composer'} and answers through Hive Gateway`, async () => {
      const composed = compose([
        plain,
        { name: 'users', typeDefs: parse(USERS_SHARING), url: urls.sharing },
        { name: 'parties', typeDefs: parse(watchParties('')), url: urls.parties },
      ])[composer];
      expect(composed.errors).toBeUndefined();
      const query = await routerOf(composed.supergraph!);
      const movie = h.catalog.data.movies[1]!;
      const answer = await query(`{
        movie(id: ${movie.id}) { title genres { id: databaseId name } spokenLanguages { languageCode } watchParties { name } }
        me { email favoriteGenres { name } speaks { englishName } }
        node(id: "m1") { id ... on Member { email } }
        watchParties { series { name } }
      }`);
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toMatchObject({
        movie: { title: movie.title, watchParties: [{ name: 'Party 1' }] },
        me: { email: 'kim@example.com', favoriteGenres: [{ name: 'Drama' }], speaks: [{ englishName: 'French' }] },
        node: { id: 'm1', email: 'kim@example.com' },
      });
      expect(answer.data.movie.genres.length).toBeGreaterThan(0);
      expect(answer.data.watchParties.map((party: { series: { name: string } }) => party.series.name)).toEqual(
        [0, 1, 2].map((i) => h.catalog.data.tvSeries[i]!.name),
      );
    });
  }
});
