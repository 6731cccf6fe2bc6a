import { graphql } from '../fixtures/graphql.ts';

/** A movie's similar movies, paginated both ways (usePaginationFragment: loadNext and loadPrevious).
 * `first` has no default here: relay-runtime replaces a null variable by its default, so a default
 * `first` would be sent beside loadPrevious' `last`, which the gateway refuses (one direction per request). */
export const similarMoviesFragment = graphql`
  fragment SimilarMovies_movie on Movie
  @refetchable(queryName: "SimilarMoviesPaginationQuery")
  @argumentDefinitions(
    first: { type: "Int" }
    after: { type: "String" }
    last: { type: "Int" }
    before: { type: "String" }
  ) {
    title
    similar(first: $first, after: $after, last: $last, before: $before)
      @connection(key: "SimilarMovies_similar") {
      totalCount
      edges {
        node {
          id
          title
        }
      }
    }
  }
`;

export const similarMoviesQuery = graphql`
  query SimilarMoviesQuery($id: Int!) {
    movie(id: $id) {
      ...SimilarMovies_movie @arguments(first: 5)
    }
  }
`;
