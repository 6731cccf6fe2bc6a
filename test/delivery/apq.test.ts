import { createHash } from 'node:crypto';
import { ApolloClient, gql, HttpLink, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingFetch, type Sent } from '../clients/recording-fetch.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Automatic persisted queries with Apollo Client's own PersistedQueryLink: the first request
 * of a document carries only its hash; the gateway's PersistedQueryNotFound makes the link send
 * the document with the hash, which registers it; later requests carry the hash alone.
 */
let h: Harness;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** One document per test, so that each starts unknown to the gateway. */
const movieQuery = (name: string): TypedDocumentNode<{ movie: { id: number; title: string } | null }, { id: number }> =>
  gql(`query ${name}($id: Int!) { movie(id: $id) { id: databaseId title } }`);

function apollo(useGETForHashedQueries: boolean) {
  const recording = recordingFetch();
  const client = new ApolloClient({
    link: new PersistedQueryLink({ sha256, useGETForHashedQueries }).concat(new HttpLink({ uri: h.url, fetch: recording.fetch })),
    cache: new InMemoryCache(),
  });
  return { client, sent: recording.sent };
}

function extensionsOf(one: Sent): { persistedQuery?: { sha256Hash: string } } {
  if (one.method === 'GET') return JSON.parse(new URL(one.url).searchParams.get('extensions') ?? '{}');
  return JSON.parse(one.body ?? '{}').extensions ?? {};
}
const sentQuery = (one: Sent) => (one.method === 'GET' ? new URL(one.url).searchParams.get('query') : JSON.parse(one.body ?? '{}').query);

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe("Apollo's PersistedQueryLink", () => {
  it.each([
    ['POST', false],
    ['GET', true],
  ])('over %s: hash alone, not found, hash with the document, then the hash alone is enough', async (method, useGET) => {
    const movie = h.catalog.data.movies[useGET ? 3 : 2]!;
    const MOVIE = movieQuery(`ApqMovieOver${method}`);
    const first = apollo(useGET);
    const result = await first.client.query({ query: MOVIE, variables: { id: movie.id } });
    expect(result.data?.movie).toEqual({ __typename: 'Movie', id: movie.id, title: movie.title });
    // The miss: hash only (GET when asked), then the retry with the document, always POST.
    expect(first.sent.map((one) => [one.method, sentQuery(one) ? 'document' : 'hash'])).toEqual([
      [method, 'hash'],
      ['POST', 'document'],
    ]);
    const hash = extensionsOf(first.sent[0]!).persistedQuery?.sha256Hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(extensionsOf(first.sent[1]!).persistedQuery?.sha256Hash).toBe(hash);

    // Another client (a new page load): the hash alone is answered.
    const second = apollo(useGET);
    const again = await second.client.query({ query: MOVIE, variables: { id: movie.id } });
    expect(again.data?.movie?.title).toBe(movie.title);
    expect(second.sent).toHaveLength(1);
    expect(second.sent[0]!.method).toBe(method);
    expect(sentQuery(second.sent[0]!)).toBeFalsy();
  });
});

describe('the protocol over raw HTTP', () => {
  const post = (body: unknown) =>
    fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('an unknown hash answers PersistedQueryNotFound, without any upstream call', async () => {
    const response = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256('{ unknown }') } } });
    const body = await response.json();
    expect(response.status).toBe(404);
    expect(body.errors).toEqual([
      expect.objectContaining({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }),
    ]);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('the same over GET', async () => {
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256('{ alsoUnknown }') } });
    const response = await fetch(`${h.url}?extensions=${encodeURIComponent(extensions)}`);
    expect(response.status).toBe(404);
    expect((await response.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('a document whose hash is not the one sent is refused and not stored', async () => {
    const query = '{ configuration { changeKeys } }';
    const wrong = sha256('{ something else }');
    const refused = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: wrong } } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_MISMATCH');
    const later = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: wrong } } });
    expect((await later.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('a document sent under another version of the extension is not checked, so never stored under that hash', async () => {
    // Stored unchecked, it would answer every later hash-only request for the hash it claims.
    const query = '{ configuration { changeKeys } }';
    const claimed = sha256('{ watchProviderRegions { countryCode } }');
    const ran = await post({ query, extensions: { persistedQuery: { version: 2, sha256Hash: claimed } } });
    expect((await ran.json()).data.configuration.changeKeys.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: claimed } } });
    expect((await later.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('the document with its right hash registers it: the hash alone then runs it', async () => {
    const query = '{ watchProviderRegions { countryCode } }';
    const persistedQuery = { version: 1, sha256Hash: sha256(query) };
    const registered = await (await post({ query, extensions: { persistedQuery } })).json();
    expect(registered.data.watchProviderRegions.length).toBeGreaterThan(0);
    const byHash = await (await post({ extensions: { persistedQuery } })).json();
    expect(byHash).toEqual(registered);
  });
});

describe('the store', () => {
  it('is pluggable: a store given to createGateway is the one used', async () => {
    const kept = new Map<string, string>();
    const store = {
      get: async (key: string) => kept.get(key),
      set: async (key: string, value: string) => void kept.set(key, value),
    };
    const own = await startHarness({ persistedQueryStore: store });
    try {
      const query = '{ configuration { changeKeys } }';
      const persistedQuery = { version: 1, sha256Hash: sha256(query) };
      const send = (body: unknown) =>
        fetch(own.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
          r.json(),
        );
      await send({ query, extensions: { persistedQuery } });
      expect([...kept]).toEqual([[persistedQuery.sha256Hash, query]]);
      // What the store answers is what runs: the gateway keeps no copy of its own.
      kept.set(persistedQuery.sha256Hash, '{ configuration { images { secureBaseUrl } } }');
      const answer = await send({ extensions: { persistedQuery } });
      expect(Object.keys(answer.data.configuration)).toEqual(['images']);
    } finally {
      await own.close();
    }
  });

  it('in memory, stays within its bound', async () => {
    const { createMemoryPersistedQueryStore } = await import('../../src/graphql/persisted-operations.ts');
    const store = createMemoryPersistedQueryStore(64 * 1024);
    for (let i = 0; i < 1000; i++) store.set(`hash-${i}`, `{ movie(id: ${i}) { title overview runtime } }`.padEnd(300));
    expect(store.get('hash-999')).toBeDefined();
    expect(store.get('hash-0')).toBeUndefined();
    let kept = 0;
    for (let i = 0; i < 1000; i++) if (store.get(`hash-${i}`) !== undefined) kept++;
    expect(kept * 300).toBeLessThanOrEqual(64 * 1024);
    expect(kept).toBeGreaterThan(50);
  });
});
