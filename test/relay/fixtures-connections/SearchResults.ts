import { graphql } from '../fixtures/graphql.ts';

/** Search as you type over the mixed results, paginated both ways from the root. */
export const searchResultsFragment = graphql`
  fragment SearchResults_query on Query
  @refetchable(queryName: "SearchResultsPaginationQuery")
  @argumentDefinitions(
    query: { type: "String!" }
    first: { type: "Int" }
    after: { type: "String" }
    last: { type: "Int" }
    before: { type: "String" }
  ) {
    search {
      multi(query: $query, first: $first, after: $after, last: $last, before: $before)
        @connection(key: "SearchResults_multi") {
        edges {
          node {
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
  }
`;

export const searchResultsQuery = graphql`
  query SearchResultsQuery($query: String!) {
    ...SearchResults_query @arguments(query: $query, first: 10)
  }
`;
