import './apollo-dev.ts';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { possibleTypes } from '../../schema/client-cache.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';

/**
 * A write's answer updates the real Apollo Client's normalised cache (InMemoryCache with the
 * generated possibleTypes, keyed by each object's `id` with Apollo's default, so each operation
 * selects it): after `rateMovie` the cached movie shows the new rating,
 * after `addMovieToList` the cached list holds the movie, with no refetch (the catalog's call
 * counter proves none was made); `createList` and `deleteUserList` refresh the account's cached
 * lists from their payloads, and `deletedId` is what the app evicts.
 */
let h: Harness;
let apollo: ApolloClient;

beforeAll(async () => {
  h = await startHarness();
  const sessionId = await createUserSession(h);
  apollo = new ApolloClient({
    link: new HttpLink({ uri: h.url, headers: { 'x-session-id': sessionId } }),
    cache: new InMemoryCache({ possibleTypes }),
  });
});
afterAll(() => h.close());

const MOVIE = gql`
  query Movie($id: Int!) {
    movie(id: $id) {
      id
      databaseId
      title
      accountStates {
        id
        rating
        watchlist
        favorite
      }
    }
  }
`;

const LIST = gql`
  query List($id: ID!) {
    list(listId: $id) {
      id
      listId
      name
      itemCount
      items {
        id
        edges { id node {
          ... on Movie {
            id
            databaseId
            title
          }
        } }
      }
    }
  }
`;

describe('a write updates the Apollo cache from its own answer', () => {
  it('rateMovie, then setMovieWatchlist without accountId: the cached movie shows both, no refetch', async () => {
    const movie = h.catalog.data.movies[40]!;
    const first = await apollo.query({ query: MOVIE, variables: { id: movie.id } });
    expect(first.data).toEqual({
      movie: { __typename: 'Movie', id: expect.any(String), databaseId: movie.id, title: movie.title, accountStates: expect.any(Object) },
    });
    const rating = (first.data as any).movie.accountStates.rating === 4.5 ? 6 : 4.5;

    h.catalog.resetCalls();
    const rated = await apollo.mutate({
      mutation: gql`
        mutation Rate($id: Int!, $value: Float!) {
          rateMovie(input: { movieId: $id, value: $value }) {
            movie {
              id
              databaseId
              accountStates {
                id
                rating
                watchlist
                favorite
              }
            }
          }
        }
      `,
      variables: { id: movie.id, value: rating },
    });
    expect(rated.error).toBeUndefined();
    const afterRating = apollo.readQuery({ query: MOVIE, variables: { id: movie.id } }) as any;
    expect(afterRating.movie.accountStates.rating).toBe(rating);

    await apollo.mutate({
      mutation: gql`
        mutation Watch($id: Int!) {
          setMovieWatchlist(input: { movieId: $id, watchlist: true }) {
            movie {
              id
              databaseId
              accountStates {
                id
                rating
                watchlist
                favorite
              }
            }
          }
        }
      `,
      variables: { id: movie.id },
    });
    const cached = apollo.readQuery({ query: MOVIE, variables: { id: movie.id } }) as any;
    expect(cached.movie).toMatchObject({ databaseId: movie.id, title: movie.title, accountStates: { rating, watchlist: true } });
    // The page reads it from the cache: cache-first answers without a request.
    const served = h.served();
    const again = await apollo.query({ query: MOVIE, variables: { id: movie.id } });
    expect((again.data as any).movie.accountStates).toMatchObject({ rating, watchlist: true });
    expect(h.served()).toBe(served);
    // Only the writes and the payloads' own state reads reached the catalog, no detail refetch.
    expect(
      h.catalog.calls
        .map((c) => `${c.method} ${c.path}`)
        .filter((c) => c.startsWith('GET') && !c.endsWith('/account_states') && !c.endsWith('/account/null')),
    ).toEqual([]);
  });

  it('addMovieToList: the cached list holds the movie and its new count, no refetch', async () => {
    const created = await apollo.mutate({
      mutation: gql`
        mutation {
          createList(input: { name: "Apollo cache" }) {
            list {
              id
              listId
            }
          }
        }
      `,
    });
    const listId = (created.data as any).createList.list.listId;
    const before = await apollo.query({ query: LIST, variables: { id: listId } });
    expect((before.data as any).list).toMatchObject({ itemCount: 0, items: { edges: [] } });

    const movie = h.catalog.data.movies[41]!;
    await apollo.mutate({
      mutation: gql`
        mutation Add($list: ID!, $movie: Int!) {
          addMovieToList(input: { userListId: $list, movieId: $movie }) {
            list {
              id
              databaseId
              itemCount
              items {
                id
                edges { id node {
                  ... on Movie {
                    id
                    databaseId
                    title
                  }
                } }
              }
            }
          }
        }
      `,
      variables: { list: listId, movie: movie.id },
    });
    const served = h.served();
    const cached = await apollo.query({ query: LIST, variables: { id: listId } });
    expect(h.served()).toBe(served);
    expect((cached.data as any).list).toMatchObject({
      listId,
      itemCount: 1,
      items: { edges: [{ node: { __typename: 'Movie', id: expect.any(String), databaseId: movie.id, title: movie.title } }] },
    });
  });

  it("createList and deleteUserList: the payloads' account refreshes the cached lists, deletedId evicts the list, no refetch", async () => {
    const LISTS = gql`
      query Lists {
        viewer {
          id
          lists(first: 5) {
            id
            totalCount
            edges { id node { id name } }
          }
        }
      }
    `;
    const lists = `account { id lists(first: 5) { id totalCount edges { id node { id name } } } }`;
    const before = (await apollo.query({ query: LISTS })).data as any;
    const created = await apollo.mutate({
      mutation: gql`
        mutation Create($input: CreateListInput!) {
          createList(input: $input) {
            clientMutationId
            list { id listId name ${lists} }
          }
        }
      `,
      variables: { input: { name: 'Apollo lists', clientMutationId: 'apollo-1' } },
    });
    const made = (created.data as any).createList;
    expect(made.clientMutationId).toBe('apollo-1');
    const served = h.served();
    const grown = apollo.readQuery({ query: LISTS }) as any;
    expect(grown.viewer.lists.totalCount).toBe(before.viewer.lists.totalCount + 1);
    expect(grown.viewer.lists.edges[0].node).toMatchObject({ id: made.list.id, name: 'Apollo lists' });

    const deleted = await apollo.mutate({
      mutation: gql`
        mutation Delete($id: ID!) {
          deleteUserList(input: { userListId: $id }) { deletedId ${lists} }
        }
      `,
      variables: { id: made.list.listId },
    });
    const { deletedId } = (deleted.data as any).deleteUserList;
    expect(deletedId).toBe(made.list.id);
    // The one step the app takes: evict what the payload names.
    apollo.cache.evict({ id: apollo.cache.identify({ __typename: 'UserList', id: deletedId }) });
    apollo.cache.gc();
    const shrunk = apollo.readQuery({ query: LISTS }) as any;
    expect(shrunk.viewer.lists.totalCount).toBe(before.viewer.lists.totalCount);
    expect(shrunk.viewer.lists.edges.map((edge: any) => edge.node.id)).not.toContain(deletedId);
    const cached = apollo.cache.extract() as Record<string, unknown>;
    expect(cached[apollo.cache.identify({ __typename: 'UserList', id: deletedId })!]).toBeUndefined();
    // Only the two writes went out.
    expect(h.served()).toBe(served + 1);
  });
});
