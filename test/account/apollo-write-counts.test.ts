import '../clients/apollo-dev.ts';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { possibleTypes } from '../../schema/client-cache.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 33 item 4 with the real Apollo Client (InMemoryCache with the generated
 * schema/client-cache.ts): the account page shows its watchlist count; `setMovieWatchlist`
 * answers the movie, and through `accountStates { account }` the account with its new count, so
 * the cached account page shows it with no refetch and no updater. Before, the account was stored
 * inside its parent (no `nodeId`) and no write answer reached it: the page kept the old count.
 */
let h: Harness;
let apollo: ApolloClient;
let sessionId: string;

beforeAll(async () => {
  h = await startHarness();
  sessionId = await createUserSession(h);
  apollo = new ApolloClient({
    link: new HttpLink({ uri: h.url, headers: { 'x-session-id': sessionId } }),
    cache: new InMemoryCache({ possibleTypes }),
  });
});
afterAll(() => h.close());

const ACCOUNT_PAGE = gql`
  query AccountPage {
    viewer {
      nodeId: id
      id: databaseId
      watchlistMovies {
        totalCount
      }
    }
  }
`;

describe("a mark's write updates the account's counts in the Apollo cache", () => {
  it('setMovieWatchlist: the cached account page shows the watchlist one longer, no refetch', async () => {
    const movie = h.catalog.data.movies[42]!;
    // Off the watchlist first (over plain HTTP, past the Apollo cache), so the write adds one.
    const off = await h.query(
      `mutation($id: Int!) { setMovieWatchlist(input: { movieId: $id, watchlist: false }) { movie { id: databaseId } } }`,
      { id: movie.id },
      {
        'x-session-id': sessionId,
      },
    );
    expect(off.body.errors).toBeUndefined();
    const before = ((await apollo.query({ query: ACCOUNT_PAGE })).data as any).viewer.watchlistMovies.totalCount;

    const written = await apollo.mutate({
      mutation: gql`
        mutation Watch($id: Int!) {
          setMovieWatchlist(input: { movieId: $id, watchlist: true }) {
            movie {
              nodeId: id
              accountStates {
                watchlist
                account {
                  nodeId: id
                  watchlistMovies {
                    totalCount
                  }
                }
              }
            }
          }
        }
      `,
      variables: { id: movie.id },
    });
    expect(written.error).toBeUndefined();

    const served = h.served();
    const after = await apollo.query({ query: ACCOUNT_PAGE });
    expect((after.data as any).viewer.watchlistMovies.totalCount).toBe(before + 1);
    expect(h.served()).toBe(served);
  });
});
