import { graphql } from '../fixtures/graphql.ts';

/**
 * Overlapping queries a page would send, each selecting `id` and nothing else for identity: the
 * same documents run through Apollo Client, urql graphcache and relay-runtime with their
 * defaults (test/clients/default-caches.test.ts, test/browser/default-caches.test.ts). Two of
 * them select different sub-fields of the same value objects (a movie's credits, images,
 * videos, reviews, genres), the same movie comes again in a list and in French, a person's page
 * names the movie through a credit, a season lists its episodes. Names start with the module's
 * name and end in Query, as relay-compiler wants.
 */
export const moviePage = graphql`
  query DefaultCachesMoviePageQuery($id: Int!, $language: String) {
    movie(id: $id, language: $language) {
      id
      databaseId
      title
      genres {
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
      images {
        id
        posters {
          id
          filePath
        }
      }
      videos {
        id
        name
      }
      reviews(first: 5) {
        id
        totalCount
        edges {
          id
          node {
            id
            author
            authorDetails {
              id
              rating
            }
          }
        }
      }
    }
  }
`;

export const movieMore = graphql`
  query DefaultCachesMovieMoreQuery($id: Int!, $language: String) {
    movie(id: $id, language: $language) {
      id
      overview
      genres {
        id
        databaseId
      }
      credits {
        id
        crew {
          id
          job
          person {
            id
            name
          }
        }
        cast {
          id
          order
        }
      }
      images {
        id
        backdrops {
          id
          filePath
          width
        }
      }
      videos {
        id
        key
        site
      }
      reviews(first: 5) {
        id
        edges {
          id
          cursor
          node {
            id
            content
            authorDetails {
              id
              username
            }
          }
        }
      }
    }
  }
`;

export const movieList = graphql`
  query DefaultCachesMovieListQuery($ids: [Int!]!) {
    movies(ids: $ids) {
      id
      databaseId
      title
      voteAverage
      genres {
        id
        name
      }
    }
  }
`;

export const personPage = graphql`
  query DefaultCachesPersonPageQuery($id: Int!) {
    person(id: $id) {
      id
      name
      movieCredits {
        id
        cast {
          id
          character
          movie {
            id
            title
          }
        }
      }
    }
  }
`;

export const seasonPage = graphql`
  query DefaultCachesSeasonPageQuery($id: Int!) {
    tvSeries(id: $id) {
      id
      name
      season(number: 1) {
        id
        name
        episodes {
          id
          episodeNumber
          name
        }
        credits {
          id
          cast {
            id
            character
          }
        }
      }
    }
  }
`;
