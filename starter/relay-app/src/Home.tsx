import { useEffect, useRef } from 'react';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import type { Home_query$key } from './__generated__/Home_query.graphql';
import type { HomePaginationQuery } from './__generated__/HomePaginationQuery.graphql';
import type { HomeQuery } from './__generated__/HomeQuery.graphql';
import { MovieCard } from './MovieCard.tsx';

/** The popular movies, ten at a time; the next ten load when the end of the list scrolls into view. */
export function HomeScreen() {
  const query = useLazyLoadQuery<HomeQuery>(
    graphql`
      query HomeQuery {
        ...Home_query
      }
    `,
    {},
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<HomePaginationQuery, Home_query$key>(
    graphql`
      fragment Home_query on Query
      @refetchable(queryName: "HomePaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 10 }, after: { type: "String" }) {
        popularMovies(first: $first, after: $after) @connection(key: "Home_popularMovies") {
          id
          edges {
            id
            node {
              id
              ...MovieCard_movie
            }
          }
        }
      }
    `,
    query,
  );
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!end.current || !hasNext || isLoadingNext) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && loadNext(10));
    observer.observe(end.current);
    return () => observer.disconnect();
  }, [hasNext, isLoadingNext, loadNext]);
  return (
    <main>
      <h1>Popular movies</h1>
      <ol className="movies">
        {(data.popularMovies?.edges ?? []).map((edge) => (
          <MovieCard key={edge.node.id} movie={edge.node} />
        ))}
      </ol>
      <div ref={end} className="end">
        {isLoadingNext ? 'Loading more…' : hasNext ? '' : 'The end.'}
      </div>
    </main>
  );
}
