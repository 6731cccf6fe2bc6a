import './apollo-dev.ts';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { cacheExchange } from '@urql/exchange-graphcache';
import { Client, fetchExchange } from '@urql/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apolloTypePolicies, possibleTypes, urqlKeys, urqlSchema } from '../../schema/client-cache.ts';
import { recordedFiles } from '../contract/recorded.ts';
import { type ReplayServer, startReplayServer } from '../contract/replay-server.ts';
import { startContractGateway } from '../contract/run.ts';
import { captureWarnings } from './overlapping.ts';

/**
 * Real Apollo Client and urql graphcache over the gateway, which reads a movie's credits as the
 * real service sent them in 2014 (recorded, see test/contract/recorded/): no credit ids. Each
 * credit stays inside its parent and reads back whole: the generated configuration stores every
 * type that is no `Node` so, with an id or without (without it, graphcache warns of every credit
 * without a key).
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
  it('the gateway gives them with a null id, every one of them', async () => {
    const apollo = new ApolloClient({ link: new HttpLink({ uri: gateway.url }), cache: new InMemoryCache() });
    const { data, error } = await apollo.query({ query: QUERY });
    expect(error).toBeUndefined();
    expect(characters(data)).toEqual(recordedCast.map((c) => c.character));
    expect((data as any).movie.credits.cast.every((c: { id: unknown; creditId: unknown }) => c.id === null && c.creditId === null)).toBe(
      true,
    );
  });

  it('Apollo, with the generated type policies, keeps each one inside the movie', async () => {
    const cache = new InMemoryCache({ typePolicies: apolloTypePolicies, possibleTypes });
    const apollo = new ApolloClient({ link: new HttpLink({ uri: gateway.url }), cache });
    await apollo.query({ query: QUERY });
    expect(Object.keys(cache.extract()).filter((key) => key.startsWith('CastCredit'))).toEqual([]);
    expect(characters(apollo.readQuery({ query: QUERY }))).toEqual(recordedCast.map((c) => c.character));
  });

  it('urql graphcache with the generated keys reads every one back without a warning; without them it warns', async () => {
    const run = async (keys: typeof urqlKeys | undefined) => {
      const capture = captureWarnings();
      try {
        const client = new Client({
          url: gateway.url,
          exchanges: [cacheExchange({ keys, schema: urqlSchema, logger: capture.logged }), fetchExchange],
        });
        const first = await client.query(QUERY, {}).toPromise();
        expect(first.error).toBeUndefined();
        const cached = await client.query(QUERY, {}, { requestPolicy: 'cache-only' }).toPromise();
        return { characters: characters(cached.data), warnings: [...capture.messages] };
      } finally {
        capture.restore();
      }
    };
    const generated = await run(urqlKeys);
    expect(generated.characters).toEqual(recordedCast.map((c) => c.character));
    expect(generated.warnings).toEqual([]);
    const bare = await run(undefined);
    expect(bare.warnings.some((w) => /CastCredit/.test(w))).toBe(true);
  });
});
