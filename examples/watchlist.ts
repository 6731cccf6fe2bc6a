import type { Client } from '@urql/core';
import { graphql } from './gql/index.ts';

/** The signed-in user's watchlist of movies (`viewer` is the session's account: see createClient's sessionId). */
export const WatchlistQuery = graphql(`
  query Watchlist($first: Int) {
    viewer {
      id
      databaseId
      databaseId
      username
      watchlistMovies(first: $first, sortBy: CREATED_AT_DESC) {
        id
        totalCount
        edges {
          id
          node {
            databaseId
            id
            databaseId
            title
            releaseDate
            accountStates {
              id
              watchlist
              rating
            }
          }
        }
      }
    }
  }
`);

/** The "add to watchlist" button: returns the movie, so its account states update in the cache. */
export const SetWatchlistMutation = graphql(`
  mutation SetWatchlist($accountId: Int!, $movieId: Int!, $watchlist: Boolean!) {
    setMovieWatchlist(input: { accountId: $accountId, movieId: $movieId, watchlist: $watchlist }) {
      movie {
        id
        databaseId
        title
        accountStates {
          id
          watchlist
        }
      }
    }
  }
`);

/** Adds a movie to the watchlist, or removes it; answers whether it is on the watchlist now. */
export async function setWatchlist(client: Client, accountId: number, movieId: number, watchlist: boolean): Promise<boolean> {
  const result = await client.mutation(SetWatchlistMutation, { accountId, movieId, watchlist }).toPromise();
  if (result.error) throw result.error;
  return result.data?.setMovieWatchlist?.movie.accountStates?.watchlist ?? false;
}

export interface Watchlist {
  /** The account, which the watchlist mutation names. */
  accountId: number;
  username: string | null;
  titles: string[];
}

/** The watchlist, newest first; from the network, since a mutation may have changed it. */
export async function loadWatchlist(client: Client): Promise<Watchlist | null> {
  const result = await client.query(WatchlistQuery, {}, { requestPolicy: 'network-only' }).toPromise();
  if (result.error) throw result.error;
  const viewer = result.data?.viewer;
  if (!viewer) return null;
  return {
    accountId: viewer.databaseId,
    username: viewer.username ?? null,
    titles: (viewer.watchlistMovies?.edges ?? []).map(({ node }) => node.title),
  };
}
