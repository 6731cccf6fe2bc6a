import { ApolloClient, gql, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { recordingFetch, type Sent } from './recording-fetch.ts';

/**
 * Apollo Client with BatchHttpLink at its defaults (batchMax 10, batchInterval 10 ms): the
 * queries a page fires together travel as one JSON array, which MAX_BATCH (default 10) takes whole.
 */
let h: Harness;
let sent: Sent[];
let client: ApolloClient;

const MOVIE: TypedDocumentNode<{ movie: { id: string; databaseId: number; title: string } | null }, { id: number }> = gql`
  query Movie($id: Int!) {
    movie(id: $id) {
      databaseId
      id
      title
    }
  }
`;

beforeAll(async () => {
  h = await startHarness();
  const recording = recordingFetch();
  sent = recording.sent;
  client = new ApolloClient({ link: new BatchHttpLink({ uri: h.url, fetch: recording.fetch }), cache: new InMemoryCache() });
});
afterAll(() => h.close());
beforeEach(async () => {
  await client.clearStore();
  sent.length = 0;
  h.catalog.resetCalls();
});

/** Fires one query per movie at once, as components rendering side by side do. */
function queryAll(ids: number[]) {
  return Promise.all(ids.map((id) => client.query({ query: MOVIE, variables: { id } })));
}

describe('Apollo BatchHttpLink with its defaults', () => {
  it('10 concurrent queries travel in one HTTP request and all 10 come back', async () => {
    const movies = h.catalog.data.movies.slice(0, 10);
    const results = await queryAll(movies.map((movie) => movie.id));
    expect(results.map((result) => result.data)).toEqual(
      movies.map((movie) => ({ movie: { __typename: 'Movie', id: expect.any(String), databaseId: movie.id, title: movie.title } })),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(sent[0]!.body!)).toHaveLength(10);
    expect(h.callsTo(/^\/movie\/\d+$/)).toBe(10);
  });

  it('an 11th query goes in a second request, and every one is answered', async () => {
    const movies = h.catalog.data.movies.slice(10, 21);
    const results = await queryAll(movies.map((movie) => movie.id));
    expect(results.map((result) => result.data?.movie?.title)).toEqual(movies.map((movie) => movie.title));
    expect(sent.map((one) => (JSON.parse(one.body!) as unknown[]).length)).toEqual([10, 1]);
  });
});
