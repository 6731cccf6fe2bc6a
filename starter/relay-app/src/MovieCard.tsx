import { graphql, useFragment } from 'react-relay';
import type { MovieCard_movie$key } from './__generated__/MovieCard_movie.graphql';

export function MovieCard({ movie }: { movie: MovieCard_movie$key }) {
  const data = useFragment(
    graphql`
      fragment MovieCard_movie on Movie {
        databaseId
        id
        title
        releaseDate
      }
    `,
    movie,
  );
  return (
    <li className="movie-card">
      <a href={`#/movie/${data.databaseId}`}>{data.title}</a> <small>{data.releaseDate?.slice(0, 4)}</small>
    </li>
  );
}
