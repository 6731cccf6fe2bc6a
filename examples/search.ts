import type { Client } from '@urql/core';
import { graphql } from './gql/index.ts';

/** The search box: movies, series, people and collections in one list, best matches first. */
export const SearchQuery = graphql(`
  query Search($query: String!, $after: String) {
    search {
      id
      multi(query: $query, first: 20, after: $after) {
        id
        totalCount
        pageInfo {
          id
          hasNextPage
          endCursor
        }
        edges {
          id
          node {
            __typename
            ... on Movie {
              databaseId
              id
              databaseId
              title
              releaseDate
            }
            ... on TVSeries {
              databaseId
              id
              databaseId
              name
              firstAirDate
            }
            ... on Person {
              databaseId
              id
              databaseId
              name
              knownForDepartment
            }
            ... on Collection {
              databaseId
              id
              databaseId
              name
            }
            ... on OtherMedia {
              id
              databaseId
              databaseId
              mediaType
            }
          }
        }
      }
    }
  }
`);

export interface SearchHit {
  /** `other`: a kind the gateway does not know yet (OtherMedia), labelled by the kind the catalog named. */
  kind: 'movie' | 'series' | 'person' | 'collection' | 'other';
  id: number;
  label: string;
}

/**
 * Runs a search (the 20 hits after the cursor `after`, from the start without it) and flattens the
 * union into labelled hits (exhaustive: a member added to the union fails tsc).
 */
export async function search(
  client: Client,
  query: string,
  after?: string,
): Promise<{ hits: SearchHit[]; totalCount: number; endCursor: string | null }> {
  const result = await client.query(SearchQuery, { query, after }).toPromise();
  if (result.error) throw result.error;
  const found = result.data?.search?.multi;
  const hits = (found?.edges ?? []).map(({ node: hit }): SearchHit => {
    switch (hit.__typename) {
      case 'Movie':
        return { kind: 'movie', id: hit.databaseId, label: `${hit.title} (${hit.releaseDate?.slice(0, 4) ?? '?'})` };
      case 'TVSeries':
        return { kind: 'series', id: hit.databaseId, label: `${hit.name} (${hit.firstAirDate?.slice(0, 4) ?? '?'})` };
      case 'Person':
        return { kind: 'person', id: hit.databaseId, label: `${hit.name}, ${hit.knownForDepartment ?? 'unknown'}` };
      case 'Collection':
        return { kind: 'collection', id: hit.databaseId, label: hit.name };
      case 'OtherMedia':
        return { kind: 'other', id: hit.databaseId, label: hit.mediaType };
      default: {
        // A member added to the union makes `hit` a type other than never here: tsc fails.
        const unhandled: never = hit;
        throw new Error(`unexpected search result ${JSON.stringify(unhandled)}`);
      }
    }
  });
  return { hits, totalCount: found?.totalCount ?? 0, endCursor: found?.pageInfo.endCursor ?? null };
}
