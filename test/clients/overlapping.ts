import { format } from 'node:util';
import { vi } from 'vitest';
import type { Harness } from '../helpers.ts';

/**
 * Pairs of queries that two components of one page would send about the same object: the
 * second selects other sub-fields of the same value objects (credits, image sets, a review
 * page, a review's author, a season's credits, the configuration), which a cache that stored them
 * inside their parent would replace, losing the first query's fields, and warn about.
 * Every object selects `id`, the key a normalising client stores it under with its defaults.
 */
export const MOVIE_DETAIL = /* GraphQL */ `
  query MovieDetail($id: Int!) {
    movie(id: $id) {
      id
      databaseId
      title
      credits { id cast { id character person { id databaseId name } } }
      images { id posters { id filePath } }
      reviews { id totalCount edges { id node { id databaseId author authorDetails { id rating } } } }
    }
  }
`;

export const MOVIE_MORE = /* GraphQL */ `
  query MovieMore($id: Int!) {
    movie(id: $id) {
      id
      databaseId
      overview
      credits { id crew { id job person { id databaseId name } } }
      images { id backdrops { id filePath width } logos { id } }
      reviews { id edges { id node { id databaseId content authorDetails { id username } } } }
    }
  }
`;

export const SERIES_DETAIL = /* GraphQL */ `
  query SeriesDetail($id: Int!) {
    tvSeries(id: $id) {
      id
      databaseId
      name
      images { id posters { id filePath } }
      season(number: 1) {
        id
        databaseId
        name
        images { id posters { id filePath } }
        credits { id cast { id character person { id databaseId name } } }
        episodes { id databaseId episodeNumber name }
        episode(number: 1) { id databaseId name credits { id cast { id character } } }
      }
    }
  }
`;

export const SERIES_MORE = /* GraphQL */ `
  query SeriesMore($id: Int!) {
    tvSeries(id: $id) {
      id
      databaseId
      overview
      images { id backdrops { id filePath } }
      season(number: 1) {
        id
        databaseId
        airDate
        externalIds { id tvdbId }
        credits { id crew { id job } }
        episodes { id databaseId airDate runtime }
        episode(number: 1) { id databaseId overview credits { id crew { id job } guestStars { id character } } externalIds { id imdbId } }
      }
    }
  }
`;

/** Value objects straight under Query: namespaces (search) and singletons (configuration). */
export const ROOT_FIRST = /* GraphQL */ `
  query RootFirst($query: String!) {
    configuration { id images { id secureBaseUrl posterSizes } }
    search { id movies(query: $query) { id totalCount edges { id node { id databaseId title } } } }
  }
`;

export const ROOT_SECOND = /* GraphQL */ `
  query RootSecond($query: String!) {
    configuration { id images { id backdropSizes } changeKeys }
    search { id tvSeries(query: $query) { id totalCount edges { id node { id databaseId name } } } movies(query: $query) { id totalCount } }
  }
`;

/** Fragments on a union and on an interface (Node): matched exactly only with possibleTypes (Apollo) or the schema (urql). */
export const REVIEW_FIRST = /* GraphQL */ `
  query ReviewFirst($id: ID!) {
    review(id: $id) { id databaseId author media { ...MediaHeading } }
  }
  fragment MediaHeading on ReviewMedia {
    __typename
    ... on Node { id }
    ... on Movie { databaseId id title }
    ... on TVSeries { databaseId id name }
  }
`;

export const REVIEW_SECOND = /* GraphQL */ `
  query ReviewSecond($id: ID!) {
    review(id: $id) { id databaseId content authorDetails { id name } media { ...MediaMore } }
  }
  fragment MediaMore on ReviewMedia {
    ... on Node { id }
    ... on Movie { databaseId id overview }
    ... on TVSeries { databaseId id overview }
  }
`;

/** A movie with cast, crew, posters, backdrops and reviews, and a series with a season 1. */
export function pickSubjects(h: Harness): { movieId: number; seriesId: number; word: string; reviewId: string } {
  const reviewed = new Set(h.catalog.data.reviews.filter((review) => review.media_type === 'movie').map((review) => review.media_id));
  const movie = h.catalog.data.movies.find(
    (one) => reviewed.has(one.id) && (h.catalog.data.movieImages.get(one.id)?.backdrops.length ?? 0) > 0,
  );
  const series = h.catalog.data.tvSeries.find((one) => h.catalog.data.seasons.get(one.id)?.some((season) => season.season_number === 1));
  if (!movie || !series) throw new Error('the catalog has no movie with reviews and backdrops, or no series with a season 1');
  const review = h.catalog.data.reviews.find((one) => one.media_id === movie.id)!;
  // The title's longest word: distinctive enough for the movie to be on the first page of results.
  const word = movie.title.split(' ').reduce((longest, one) => (one.length > longest.length ? one : longest));
  return { movieId: movie.id, seriesId: series.id, word, reviewId: review.id };
}

/**
 * Every console.warn and console.error while `run` runs, plus what a client hands its own
 * logger (`logged`): the tests expect none of them with the generated configuration.
 */
export function captureWarnings(): { messages: string[]; logged: (severity: string, message: string) => void; restore: () => void } {
  const messages: string[] = [];
  // console's own formatting, so that a printf-style warning reads as it would on screen.
  const record =
    (kind: string) =>
    (...args: unknown[]) =>
      messages.push(`${kind}: ${format(...args)}`);
  const warn = vi.spyOn(console, 'warn').mockImplementation(record('console.warn'));
  const error = vi.spyOn(console, 'error').mockImplementation(record('console.error'));
  return {
    messages,
    // graphcache also logs cache misses at 'debug' level: normal, not a warning.
    logged: (severity, message) => {
      if (severity !== 'debug') messages.push(`${severity}: ${message}`);
    },
    restore: () => {
      warn.mockRestore();
      error.mockRestore();
    },
  };
}
