import './apollo-dev.ts';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { cacheExchange } from '@urql/exchange-graphcache';
import { Client, fetchExchange } from '@urql/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedFiles } from '../contract/recorded.ts';
import { type ReplayServer, startReplayServer } from '../contract/replay-server.ts';
import { startContractGateway } from '../contract/run.ts';
import { captureWarnings } from './overlapping.ts';

/**
 * Real Apollo Client and urql graphcache over the gateway, which reads a movie's credits as the
 * real service sent them in 2014 (recorded, see test/contract/recorded/): no credit ids. Each
 * credit still has an id (owned by its movie's credits: src/schema/relay/value-ids.ts), so both
 * clients' defaults keep it as a record and read it back whole, without a warning.
 */
let server: ReplayServer;
let gateway: Awaited<ReturnType<typeof startContractGateway>>;
const file = recordedFiles.find((f) => f.file === 'php-movie-87421-append.json')!;
const recordedCast = (file.body.credits as { cast: Array<{ character: string }> }).cast;
const QUERY = gql`
  query Cast {
    movie(id: 87421) {
      databaseId
      id
      credits {
        id
        cast {
          id
          creditId
          character
          person {
            databaseId
            id
            name
          }
        }
      }
    }
  }
`;

beforeAll(async () => {
  server = await startReplayServer();
  gateway = await startContractGateway(server.baseUrl);
  server.replay(file, []);
});
afterAll(async () => {
  await gateway?.close();
  await server?.close();
});

const characters = (data: any) => data.movie.credits.cast.map((c: { character: string }) => c.character);

describe('credits without a credit id (2014) in client caches', () => {
  it('the gateway gives each one an id of its own all the same (its movie, the field, its place), and a null creditId', async () => {
    const apollo = new ApolloClient({ link: new HttpLink({ uri: gateway.url }), cache: new InMemoryCache() });
    const { data, error } = await apollo.query({ query: QUERY });
    expect(error).toBeUndefined();
    expect(characters(data)).toEqual(recordedCast.map((c) => c.character));
    const cast: Array<{ id: unknown; creditId: unknown }> = (data as any).movie.credits.cast;
    expect(cast.every((c) => typeof c.id === 'string' && c.creditId === null)).toBe(true);
    expect(new Set(cast.map((c) => c.id)).size).toBe(cast.length);
  });

  it("Apollo's default cache keeps each one as a record and reads them all back", async () => {
    const cache = new InMemoryCache();
    const apollo = new ApolloClient({ link: new HttpLink({ uri: gateway.url }), cache });
    await apollo.query({ query: QUERY });
    expect(Object.keys(cache.extract()).filter((key) => key.startsWith('CastCredit:'))).toHaveLength(recordedCast.length);
    expect(characters(apollo.readQuery({ query: QUERY }))).toEqual(recordedCast.map((c) => c.character));
  });

  it("urql graphcache's default reads every one back without a warning", async () => {
    const capture = captureWarnings();
    try {
      const client = new Client({ url: gateway.url, exchanges: [cacheExchange({ logger: capture.logged }), fetchExchange] });
      const first = await client.query(QUERY, {}).toPromise();
      expect(first.error).toBeUndefined();
      const cached = await client.query(QUERY, {}, { requestPolicy: 'cache-only' }).toPromise();
      expect(characters(cached.data)).toEqual(recordedCast.map((c) => c.character));
      expect(capture.messages).toEqual([]);
    } finally {
      capture.restore();
    }
  });
});
