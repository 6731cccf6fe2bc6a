import { graphql } from './gql/index.ts';

/** A movie page: details, the first of its cast, and its genres. Typed by `npm run codegen`. */
export const MoviePageQuery = graphql(`
  query MoviePage($id: Int!) {
    movie(id: $id) {
      id
      title
      genres {
        id
        name
      }
      credits {
        cast {
          id
          character
          person {
            id
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
      multi(query: $query) {
        results {
          __typename
          ... on Movie {
            id
            title
          }
          ... on TVSeries {
            id
            name
          }
          ... on Person {
            id
            name
          }
        }
      }
    }
  }
`);
