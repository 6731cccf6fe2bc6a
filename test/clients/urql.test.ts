import { Client, cacheExchange, fetchExchange } from '@urql/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { recordingFetch, type Sent } from './recording-fetch.ts';

/**
 * urql as an app sets it up, nothing changed: its fetch exchange sends a query over GET while
 * the URL stays within 2048 characters (`preferGetMethod: 'within-url-limit'`, urql 4 onwards),
 * with no header a CSRF check would ask for.
 */
let h: Harness;
let sent: Sent[];
let client: Client;

beforeAll(async () => {
  h = await startHarness();
  const recording = recordingFetch();
  sent = recording.sent;
  client = new Client({ url: h.url, exchanges: [cacheExchange, fetchExchange], fetch: recording.fetch });
});
afterAll(() => h.close());
beforeEach(() => {
  sent.length = 0;
  h.catalog.resetCalls();
});

describe('urql with its defaults', () => {
  it('gets a movie over GET, with no CSRF header', async () => {
    const movie = h.catalog.data.movies[0]!;
    const result = await client
      .query('query Movie($id: Int!) { movie(id: $id) { databaseId id title releaseDate } }', { id: movie.id })
      .toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({
      movie: { __typename: 'Movie', databaseId: movie.id, id: expect.any(String), title: movie.title, releaseDate: movie.release_date },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('GET');
    expect(new URL(sent[0]!.url).searchParams.get('operationName')).toBe('Movie');
    expect(Object.keys(sent[0]!.headers)).not.toContain('x-graphql-yoga-csrf');
    expect(h.callsTo(`/movie/${movie.id}`)).toBe(1);
  });

  it('sends a mutation with POST, and it runs', async () => {
    const result = await client.mutation('mutation { createRequestToken { requestToken { requestToken } } }', {}).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data.createRequestToken.requestToken.requestToken).toMatch(/^[0-9a-f]{40}$/);
    expect(sent.map((one) => one.method)).toEqual(['POST']);
    expect(h.callsTo('/authentication/token/new')).toBe(1);
  });

  it('reads a field error of the gateway as a typed CombinedError', async () => {
    const result = await client.query('{ movie(id: 999999999) { id title } }', {}).toPromise();
    expect(sent[0]!.method).toBe('GET');
    expect(result.error?.graphQLErrors.map((error) => error.extensions.code)).toEqual(['NOT_FOUND']);
  });
});
