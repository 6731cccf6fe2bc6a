import './apollo-dev.ts';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { possibleTypes } from '../../schema/client-cache.ts';
import { type ExampleServer, startExampleServer } from '../contract/example-server.ts';
import { example } from '../contract/examples.ts';
import { startContractGateway } from '../contract/run.ts';
import * as expected from '../expected.ts';

/**
 * The real Apollo Client, its InMemoryCache configured with the generated client-cache file,
 * over the gateway in front of the real service's published examples: a list is one cache
 * object wherever it is reached, and a person's credits (an interface of movie and series
 * credits) read back whole from the cache through the generated possibleTypes.
 */
let server: ExampleServer;
let gateway: Awaited<ReturnType<typeof startContractGateway>>;

beforeAll(async () => {
  server = await startExampleServer();
  gateway = await startContractGateway(server.baseUrl);
});
afterAll(async () => {
  await gateway?.close();
  await server?.close();
});

const client = () =>
  new ApolloClient({
    link: new HttpLink({ uri: gateway.url }),
    cache: new InMemoryCache({ possibleTypes }),
  });

describe('Apollo Client with the generated cache configuration', () => {
  it("one list, one cache object: a movie's lists and the list by id normalise to the same UserList", async () => {
    const apollo = client();
    const listId = example('movie-lists').results[0].id;
    const fromMovie = await apollo.query({
      query: gql`{ movie(id: 550) { id databaseId lists { id edges { id node { id databaseId name itemCount } } } } }`,
    });
    expect(fromMovie.error).toBeUndefined();
    const byId = await apollo.query({
      query: gql`query($id: ID!) { list(listId: $id) { id databaseId name createdBy } }`,
      variables: { id: listId },
    });
    expect(byId.error).toBeUndefined();
    const list = (byId.data as any).list;
    const key = apollo.cache.identify(list)!;
    expect(expected.nodes((fromMovie.data as any).movie.lists).map((one: any) => apollo.cache.identify(one))).toContain(key);
    const store = apollo.cache.extract() as Record<string, Record<string, unknown>>;
    expect(Object.keys(store).filter((one) => one.startsWith('UserList:'))).toContain(key);
    const entry = store[key];
    // Fields from both places on one object: the summary's itemCount and the details' createdBy.
    expect(entry).toMatchObject({ itemCount: example('movie-lists').results[0].item_count, createdBy: example('list-details').created_by });
  });

  it("a person's credits, movie and series credits behind one interface, read back whole from the cache", async () => {
    const apollo = client();
    const query = gql`{ person(id: 31) { id databaseId credits(sortBy: RELEASE_DATE_DESC) { id cast { id character
      ... on PersonMovieCastCredit { id movie { id databaseId title } } ... on PersonTVCastCredit { id series { id databaseId name } } } } } }`;
    const result = await apollo.query({ query });
    expect(result.error).toBeUndefined();
    const cast = (result.data as any).person.credits.cast;
    expect(cast).toHaveLength(example('person-combined-credits').cast.length);
    expect(cast.some((c: any) => c.__typename === 'PersonTVCastCredit' && c.series.name)).toBe(true);
    expect(cast.some((c: any) => c.__typename === 'PersonMovieCastCredit' && c.movie.title)).toBe(true);
    expect(apollo.readQuery({ query })).toEqual(result.data);
  });
});
