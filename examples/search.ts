import type { Client } from '@urql/core';
import { graphql } from './gql/index.ts';

/** The search box: movies, series, people and collections in one list, best matches first. */
export const SearchQuery = graphql(`
  query Search($query: String!, $page: Int) {
    search {
      multi(query: $query, page: $page) {
        page
        totalPages
        totalResults
        results {
          __typename
          ... on Movie {
            nodeId
            id
            title
            releaseDate
          }
          ... on TVSeries {
            nodeId
            id
            name
            firstAirDate
          }
          ... on Person {
            nodeId
            id
            name
            knownForDepartment
          }
          ... on Collection {
            nodeId
            id
            name
          }
          ... on OtherMedia {
            id
            mediaType
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

/** Runs a search and flattens the union into labelled hits (exhaustive: a member added to the union fails tsc). */
export async function search(client: Client, query: string, page = 1): Promise<{ hits: SearchHit[]; totalResults: number }> {
  const result = await client.query(SearchQuery, { query, page }).toPromise();
  if (result.error) throw result.error;
  const found = result.data?.search.multi;
  const hits = (found?.results ?? []).map((hit): SearchHit => {
    switch (hit.__typename) {
      case 'Movie':
        return { kind: 'movie', id: hit.id, label: `${hit.title} (${hit.releaseDate?.slice(0, 4) ?? '?'})` };
      case 'TVSeries':
        return { kind: 'series', id: hit.id, label: `${hit.name} (${hit.firstAirDate?.slice(0, 4) ?? '?'})` };
      case 'Person':
        return { kind: 'person', id: hit.id, label: `${hit.name}, ${hit.knownForDepartment ?? 'unknown'}` };
      case 'Collection':
        return { kind: 'collection', id: hit.id, label: hit.name };
      case 'OtherMedia':
        return { kind: 'other', id: hit.id, label: hit.mediaType };
      default: {
        // A member added to the union makes `hit` a type other than never here: tsc fails.
        const unhandled: never = hit;
        throw new Error(`unexpected search result ${JSON.stringify(unhandled)}`);
      }
    }
  });
  return { hits, totalResults: found?.totalResults ?? 0 };
}
