import { Suspense } from 'react';
import { graphql, useFragment, useLazyLoadQuery, useMutation } from 'react-relay';
import type { MoviePage_reviews$key } from './__generated__/MoviePage_reviews.graphql';
import type { MoviePageQuery } from './__generated__/MoviePageQuery.graphql';
import type { MoviePageWatchlistMutation } from './__generated__/MoviePageWatchlistMutation.graphql';

/**
 * A movie in English (the catalog's default) or in French, switched by a link. Each language's
 * page is its own record in the store (its `id` names the language), so switching back and
 * forth never shows one language's title beside the other's genres. The reviews are deferred:
 * the page renders at once and the reviews when their part of the answer arrives.
 */
export function MovieScreen({ id, language, signedIn }: { id: number; language?: string; signedIn: boolean }) {
  const { movie } = useLazyLoadQuery<MoviePageQuery>(
    graphql`
      query MoviePageQuery($id: Int!, $language: String, $signedIn: Boolean!) {
        movie(id: $id, language: $language) {
          databaseId
          id
          title
          overview
          genres {
            id
            name
          }
          credits {
            id
            cast {
              id
              person {
                id
                name
              }
            }
          }
          accountStates @include(if: $signedIn) {
            id
            watchlist
          }
          ...MoviePage_reviews @defer
        }
      }
    `,
    { id, language: language ?? null, signedIn },
  );
  if (!movie) return <p>No such movie.</p>;
  return (
    <main lang={language ?? 'en-US'}>
      <p className="languages">
        <a href={`#/movie/${id}`}>English</a> · <a href={`#/movie/${id}/fr-FR`}>Français</a>
      </p>
      <h1>{movie.title}</h1>
      <ul className="genres">
        {movie.genres?.map((genre) => (
          <li key={genre.name}>{genre.name}</li>
        ))}
      </ul>
      <p>{movie.overview}</p>
      {movie.accountStates && <WatchlistButton movieId={movie.databaseId} watchlist={movie.accountStates.watchlist} />}
      <h2>Cast</h2>
      <ul className="cast">
        {movie.credits?.cast.slice(0, 3).map(({ person }) => (
          <li key={person.id}>
            <a href={`#/person/${encodeURIComponent(person.id)}`}>{person.name}</a>
          </li>
        ))}
      </ul>
      <h2>Reviews</h2>
      <Suspense fallback={<p className="loading-reviews">Loading reviews…</p>}>
        <Reviews movie={movie} />
      </Suspense>
    </main>
  );
}

function Reviews({ movie }: { movie: MoviePage_reviews$key }) {
  const { reviews } = useFragment(
    graphql`
      fragment MoviePage_reviews on Movie {
        id
        reviews(first: 5) {
          id
          totalCount
          edges {
            id
            node {
              id
              author
            }
          }
        }
      }
    `,
    movie,
  );
  return (
    <ul className="reviews" data-total={reviews?.totalCount ?? 0}>
      {(reviews?.edges ?? []).map(({ node }) => (
        <li key={node.id}>{node.author}</li>
      ))}
    </ul>
  );
}

/**
 * The write answers the movie (its `accountStates`) and the session's account with the count the
 * account screen shows (the same fragment), so both update in the store with no updater.
 */
function WatchlistButton({ movieId, watchlist }: { movieId: number; watchlist: boolean }) {
  const [commit, inFlight] = useMutation<MoviePageWatchlistMutation>(graphql`
    mutation MoviePageWatchlistMutation($movieId: Int!, $watchlist: Boolean!) {
      setMovieWatchlist(input: { movieId: $movieId, watchlist: $watchlist }) {
        movie {
          id
          accountStates {
            id
            watchlist
            account {
              id
              ...Account_watchlistCount
            }
          }
        }
      }
    }
  `);
  return (
    <button type="button" disabled={inFlight} onClick={() => commit({ variables: { movieId, watchlist: !watchlist } })}>
      {watchlist ? 'Remove from watchlist' : 'Add to watchlist'}
    </button>
  );
}
