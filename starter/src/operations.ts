import { graphql } from './gql/index.ts';

/**
 * A movie page: details, the first of its cast, and its genres. Typed by `npm run codegen`.
 * Every object selects `id`: the caches key it by that with their defaults (one record per
 * language).
 */
export const MoviePageQuery = graphql(`
  query MoviePage($id: Int!) {
    movie(id: $id) {
      id
      databaseId
      title
      genres {
        databaseId
        id
        name
      }
      credits {
        id
        cast {
          id
          character
          person {
            id
            databaseId
            name
          }
        }
      }
    }
  }
`);

/** Search across movies, series and people: a union, matched through the cache's possible types. */
export const SearchQuery = graphql(`
  query Search($query: String!) {
    search {
      id
      multi(query: $query, first: 20) {
        id
        edges {
          id
          node {
            __typename
            ... on Movie {
              id
              databaseId
              title
            }
            ... on TVSeries {
              id
              databaseId
              name
            }
            ... on Person {
              id
              databaseId
              name
            }
          }
        }
      }
    }
  }
`);

/** A search hit as a line: a movie by its title, a series or a person by its name. */
export function labelHit(hit: { __typename?: string; title?: string; name?: string }): string {
  return hit.__typename === 'Movie' ? `movie: ${hit.title}` : `${hit.__typename}: ${hit.name}`;
}
