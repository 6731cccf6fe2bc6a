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
 * counter proves none was made).
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
          rateMovie(movieId: $id, value: $value) {
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
      `,
      variables: { id: movie.id, value: rating },
    });
    expect(rated.error).toBeUndefined();
    const afterRating = apollo.readQuery({ query: MOVIE, variables: { id: movie.id } }) as any;
    expect(afterRating.movie.accountStates.rating).toBe(rating);

    await apollo.mutate({
      mutation: gql`
        mutation Watch($id: Int!) {
          setMovieWatchlist(movieId: $id, watchlist: true) {
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
          createList(name: "Apollo cache") {
            id
            listId
          }
        }
      `,
    });
    const listId = (created.data as any).createList.listId;
    const before = await apollo.query({ query: LIST, variables: { id: listId } });
    expect((before.data as any).list).toMatchObject({ itemCount: 0, items: { edges: [] } });

    const movie = h.catalog.data.movies[41]!;
    await apollo.mutate({
      mutation: gql`
        mutation Add($list: ID!, $movie: Int!) {
          addMovieToList(userListId: $list, movieId: $movie) {
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
});
