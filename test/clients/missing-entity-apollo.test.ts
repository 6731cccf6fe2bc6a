import { ApolloClient, gql, HttpLink, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * A missing movie as Apollo Client 4 reads it (a client we did not write): under errorPolicy
 * 'all', `movie: null` and one NOT_FOUND at ["movie"], which the app can place on the movie it
 * asked for; the normalized cache keeps the null for the root field, not a Movie of nulls.
 */
let h: Harness;
let apollo: ApolloClient;
beforeAll(async () => {
  h = await startHarness({ config: { appendToResponse: true } });
  apollo = new ApolloClient({ link: new HttpLink({ uri: h.url }), cache: new InMemoryCache() });
});
afterAll(() => h.close());

type MoviePage = {
  movie: { __typename: 'Movie'; id: string; databaseId: number; title: string; overview: string | null; releaseDate: string | null } | null;
};

const MOVIE_PAGE: TypedDocumentNode<MoviePage, { id: number }> = gql`
  query MoviePage($id: Int!) {
    movie(id: $id) {
      databaseId
      id
      title
      overview
      releaseDate
    }
  }
`;

describe('a missing movie read by Apollo Client 4', () => {
  it("errorPolicy 'all': movie null, one NOT_FOUND placed at the movie", async () => {
    const result = await apollo.query({ query: MOVIE_PAGE, variables: { id: 2_000_000_000 }, errorPolicy: 'all' });
    expect(result.data).toEqual({ movie: null });
    expect(CombinedGraphQLErrors.is(result.error)).toBe(true);
    const errors = (result.error as CombinedGraphQLErrors).errors;
    // Before: three errors, at ["movie", "title"], ["movie", "overview"] and ["movie", "releaseDate"].
    expect(errors.map((error) => [error.extensions?.code, error.path])).toEqual([['NOT_FOUND', ['movie']]]);
    const stored = apollo.cache.extract() as Record<string, Record<string, unknown>>;
    expect(stored.ROOT_QUERY).toMatchObject({ 'movie({"id":2000000000})': null });
  });

  it('a movie that exists, alongside, is answered whole', async () => {
    const movie = h.catalog.data.movies[0]!;
    const result = await apollo.query({ query: MOVIE_PAGE, variables: { id: movie.id }, errorPolicy: 'all' });
    expect(result.error).toBeUndefined();
    expect(result.data?.movie).toMatchObject({ __typename: 'Movie', databaseId: movie.id, title: movie.title });
  });
});
