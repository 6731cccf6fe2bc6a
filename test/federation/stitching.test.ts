import { buildHTTPExecutor } from '@graphql-tools/executor-http';
import { stitchSchemas } from '@graphql-tools/stitch';
import { RenameRootFields, RenameTypes, schemaFromExecutor } from '@graphql-tools/wrap';
import { graphql, type GraphQLSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';

/**
 * This gateway stitched into a larger graph by @graphql-tools/stitch: its schema fetched over
 * HTTP (introspection through the executor), a local schema of watch-history entries that hold
 * movie ids, and `Movie` merged through the batch root `movies(ids:)`.
 */

let h: Harness;
let stitched: GraphQLSchema;
let prefixed: GraphQLSchema;
let gatewayRequests = 0;
const MISSING = 2_000_000_000;
let history: Array<{ id: string; movieId: number }>;

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
  history = h.catalog.data.movies.slice(0, 100).map((movie, i) => ({ id: `w${i}`, movieId: movie.id }));
  const executor = buildHTTPExecutor({
    endpoint: h.url,
    // Each request the stitched graph makes to this gateway, counted; headers pass through as a
    // platform gateway would forward them.
    fetch: (input: string | URL | Request, init?: RequestInit) => {
      gatewayRequests++;
      return fetch(input, init);
    },
    headers: (request): Record<string, string> => {
      const session = (request?.context as { session?: string } | undefined)?.session;
      return session ? { 'x-session-id': session } : {};
    },
  });
  const catalog = await schemaFromExecutor(executor);
  const local = createSchema({
    typeDefs: /* GraphQL */ `
      type Query {
        "What the user watched, newest first."
        watchHistory: [WatchEntry!]!
        "An entry that points at a movie the catalog lacks."
        brokenEntry: WatchEntry!
      }
      type WatchEntry {
        id: ID!
        movie: Movie
      }
      type Movie {
        databaseId: Int!
      }
    `,
    resolvers: {
      Query: {
        watchHistory: () => history,
        brokenEntry: () => ({ id: 'broken', movieId: MISSING }),
      },
      WatchEntry: { movie: (entry: { movieId: number }) => ({ databaseId: entry.movieId }) },
    },
  });
  stitched = stitchSchemas({
    subschemas: [
      {
        schema: catalog,
        executor,
        merge: {
          Movie: {
            selectionSet: '{ databaseId }',
            fieldName: 'movies',
            key: ({ databaseId }: { databaseId: number }) => databaseId,
            argsFromKeys: (ids) => ({ ids }),
          },
        },
      },
      { schema: local },
    ],
  });
  // The same gateway beside a schema that already has the common names, its types and roots
  // renamed by @graphql-tools/wrap's transforms (docs/composition.md, "Names that fit any graph").
  const upper = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
  const colliding = createSchema({
    typeDefs: /* GraphQL */ `
      interface Node {
        id: ID!
      }
      type Review implements Node {
        id: ID!
        text: String!
      }
      type WatchEntry {
        id: ID!
        movie: CatalogMovie
      }
      type CatalogMovie {
        databaseId: Int!
      }
      type Query {
        search(text: String!): [String!]!
        review(id: ID!): Review
        node(id: ID!): Node
        watchHistory: [WatchEntry!]!
      }
    `,
    resolvers: {
      Query: {
        search: () => ['hit'],
        review: () => ({ id: 'r1', text: 'Great' }),
        node: () => ({ id: 'r1', text: 'Great' }),
        watchHistory: () => history.slice(0, 20),
      },
      Node: { __resolveType: () => 'Review' },
      WatchEntry: { movie: (entry: { movieId: number }) => ({ databaseId: entry.movieId }) },
    },
  });
  prefixed = stitchSchemas({
    subschemas: [
      {
        schema: catalog,
        executor,
        transforms: [new RenameTypes((name) => `Catalog${name}`), new RenameRootFields((_operation, name) => `catalog${upper(name)}`)],
        merge: {
          CatalogMovie: {
            selectionSet: '{ databaseId }',
            fieldName: 'catalogMovies',
            key: ({ databaseId }: { databaseId: number }) => databaseId,
            argsFromKeys: (ids) => ({ ids }),
          },
        },
      },
      { schema: colliding },
    ],
  });
}, 30_000);
afterAll(() => h.close());
beforeEach(() => {
  h.catalog.resetCalls();
  gatewayRequests = 0;
});

async function run(source: string, context: Record<string, unknown> = {}) {
  return graphql({ schema: stitched, source, contextValue: context });
}

describe('stitching with @graphql-tools/stitch', () => {
  it('merges 100 watch-history movies with one request to the gateway', async () => {
    const result = await run('{ watchHistory { id movie { title voteAverage reviews { totalCount } } } }');
    expect(result.errors).toBeUndefined();
    const entries = (result.data as any).watchHistory;
    expect(entries).toHaveLength(100);
    for (const [i, entry] of entries.entries()) expect(entry.movie.title).toBe(h.catalog.data.movies[i]!.title);
    expect(gatewayRequests).toBe(1);
    // One merged upstream call per movie (details and reviews together).
    expect(h.catalog.calls).toHaveLength(100);
  });

  it('passes NOT_FOUND, BAD_USER_INPUT and UNAUTHENTICATED through with their codes', async () => {
    const missing = await run('{ brokenEntry { id movie { title } } }');
    expect((missing.data as any).brokenEntry).toEqual({ id: 'broken', movie: null });
    expect(missing.errors?.map((error) => error.extensions?.code)).toEqual(['NOT_FOUND']);

    const bad = await run('{ movies(ids: [0]) { title } }');
    expect(bad.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_USER_INPUT']);

    const anonymous = await run('{ viewer { username } }');
    expect(anonymous.errors?.map((error) => error.extensions?.code)).toEqual(['UNAUTHENTICATED']);
  });

  it('forwards a session and gets the user’s own data', async () => {
    const session = await createUserSession(h);
    const result = await run('{ viewer { username } }', { session });
    expect(result.errors).toBeUndefined();
    expect((result.data as any).viewer.username).toBe(h.catalog.data.account.username);
  });
});

describe('stitching beside a schema with the same names: RenameTypes and RenameRootFields', () => {
  it('answers both graphs side by side, and merges 20 movies with one request to the gateway', async () => {
    const movie = h.catalog.data.movies[0]!;
    const result = await graphql({
      schema: prefixed,
      source: `{
        search(text: "x")
        review(id: "r1") { text }
        node(id: "r1") { id }
        catalogMovie(id: ${movie.id}) { title }
        catalogNode(id: ${JSON.stringify(Buffer.from(`Movie:${movie.id}`).toString('base64url'))}) { ... on CatalogMovie { title } }
      }`,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      search: ['hit'],
      review: { text: 'Great' },
      node: { id: 'r1' },
      catalogMovie: { title: movie.title },
      catalogNode: { title: movie.title },
    });

    gatewayRequests = 0;
    const merged = await graphql({ schema: prefixed, source: '{ watchHistory { movie { title } } }' });
    expect(merged.errors).toBeUndefined();
    expect((merged.data as any).watchHistory.map((entry: any) => entry.movie.title)).toEqual(
      h.catalog.data.movies.slice(0, 20).map((m) => m.title),
    );
    expect(gatewayRequests).toBe(1);
  });
});
