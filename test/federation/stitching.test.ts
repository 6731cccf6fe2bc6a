import { buildHTTPExecutor } from '@graphql-tools/executor-http';
import { stitchSchemas } from '@graphql-tools/stitch';
import { schemaFromExecutor } from '@graphql-tools/wrap';
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
        id: Int!
      }
    `,
    resolvers: {
      Query: {
        watchHistory: () => history,
        brokenEntry: () => ({ id: 'broken', movieId: MISSING }),
      },
      WatchEntry: { movie: (entry: { movieId: number }) => ({ id: entry.movieId }) },
    },
  });
  stitched = stitchSchemas({
    subschemas: [
      {
        schema: catalog,
        executor,
        merge: {
          Movie: { selectionSet: '{ id }', fieldName: 'movies', key: ({ id }: { id: number }) => id, argsFromKeys: (ids) => ({ ids }) },
        },
      },
      { schema: local },
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
    const result = await run('{ watchHistory { id movie { title voteAverage reviews { totalResults } } } }');
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
