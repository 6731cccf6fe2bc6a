import type { Client } from '@urql/core';
import { graphql } from './gql/index.ts';

/** Everything a movie page shows, in one request: details, cast, posters, the first reviews. */
export const MoviePageQuery = graphql(`
  query MoviePage($id: Int!) {
    movie(id: $id) {
      databaseId
      id
      databaseId
      title
      tagline
      overview
      releaseDate
      runtime
      voteAverage
      posterUrl(size: W342)
      genres {
        id
        databaseId
        databaseId
        name
      }
      credits {
        id
        cast {
          id
          character
          order
          person {
            databaseId
            id
            databaseId
            name
            profileUrl(size: W185)
          }
        }
        crew {
          id
          job
          person {
            databaseId
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
          width
          height
        }
      }
      reviews(first: 20) {
        id
        totalCount
        edges {
          id
          node {
            databaseId
            id
            databaseId
            author
            content
            authorDetails {
              id
              rating
            }
          }
        }
      }
    }
  }
`);

export interface MoviePage {
  title: string;
  year: string | undefined;
  genres: string[];
  topCast: { name: string; character: string }[];
  directors: string[];
  posters: number;
  reviews: { author: string; rating: number | null }[];
}

/** Loads a movie page and shapes it for display; null when the movie does not exist. */
export async function loadMoviePage(client: Client, id: number): Promise<MoviePage | null> {
  const result = await client.query(MoviePageQuery, { id }).toPromise();
  if (result.error) throw result.error;
  const movie = result.data?.movie;
  if (!movie) return null;
  return {
    title: movie.title,
    year: movie.releaseDate?.slice(0, 4),
    genres: (movie.genres ?? []).map((genre) => genre.name),
    topCast: (movie.credits?.cast ?? []).slice(0, 5).map((credit) => ({ name: credit.person.name, character: credit.character })),
    directors: (movie.credits?.crew ?? []).filter((credit) => credit.job === 'Director').map((credit) => credit.person.name),
    posters: movie.images?.posters.length ?? 0,
    reviews: (movie.reviews?.edges ?? []).map(({ node }) => ({ author: node.author, rating: node.authorDetails?.rating ?? null })),
  };
}
