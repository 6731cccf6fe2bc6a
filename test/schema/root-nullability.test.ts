import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

/**
 * One failure costs its own field, never the rest of the answer (issue 45, item 4): every root
 * field and every mutation is nullable, as GitHub's are, so a refused argument or a failed call
 * of one root field answers null there with its error, and the other root fields still answer.
 * Non-null, the error went up to `data` and took every other field with it (`data: null`); a
 * failed mutation stopped the mutations after it. Over real HTTP against the gateway.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const movie = () => h.catalog.data.movies.find((m) => m.id === 494) ?? h.catalog.data.movies[0]!;

describe('root fields: one failure, one null', () => {
  it('popularMovies(first: 500) beside movie(id:): the movie, and the connection null with its BAD_USER_INPUT', async () => {
    const { id, title } = movie();
    const response = await h.query(`{ popularMovies(first: 500) { totalCount } movie(id: ${id}) { title } }`);
    expect(response.body.data).toEqual({ popularMovies: null, movie: { title } });
    expect(response.body.errors?.map((error) => [error.extensions?.code, error.path])).toEqual([['BAD_USER_INPUT', ['popularMovies']]]);
  });

  it('a batch root with a bad id beside movie(id:): the movie, and the batch null', async () => {
    const { id, title } = movie();
    const response = await h.query(`{ movies(ids: [${id}, -1]) { id: databaseId } movie(id: ${id}) { title } }`);
    expect(response.body.data).toEqual({ movies: null, movie: { title } });
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
  });

  it('a reference list whose call fails beside movie(id:): the movie, and the list null with its upstream error', async () => {
    const { id, title } = movie();
    h.catalog.setFaults([{ path: '^/genre/movie/list$', status: 500 }]);
    try {
      const response = await h.query(`{ movieGenres { name } movie(id: ${id}) { title } }`);
      expect(response.body.data).toEqual({ movieGenres: null, movie: { title } });
      expect(response.body.errors?.map((error) => error.path)).toEqual([['movieGenres']]);
    } finally {
      h.catalog.setFaults([]);
    }
  });

  it('a namespace beside a failing root: search answers though a batch was refused', async () => {
    const response = await h.query(`{ people(ids: [0]) { id: databaseId } search { movies(query: "the", first: 1) { totalCount } } }`);
    expect(response.body.data.people).toBeNull();
    expect(response.body.data.search.movies.totalCount).toBeGreaterThan(0);
  });
});

describe('mutations: one failure, one null', () => {
  it('a refused rating does not stop the watchlist write after it, and both answers say so', async () => {
    const sessionId = await createUserSession(h);
    const target = h.catalog.data.movies.find((m) => !h.catalog.data.accountMedia.has('watchlist', 'movie', m.id))!;
    const response = await h.query(
      `mutation { a: rateMovie(input: { movieId: ${target.id}, value: 11 }) { movie { id: databaseId } } b: setMovieWatchlist(input: { movieId: ${target.id}, watchlist: true }) { movie { id: databaseId accountStates { watchlist } } } }`,
      undefined,
      { 'x-session-id': sessionId },
    );
    expect(response.body.data).toEqual({ a: null, b: { movie: { id: target.id, accountStates: { watchlist: true } } } });
    expect(response.body.errors?.map((error) => [error.extensions?.code, error.path])).toEqual([['BAD_USER_INPUT', ['a']]]);
  });
});

describe('the schema', () => {
  it('types every root field and every mutation nullable', async () => {
    const { body } = await h.query(`{
      query: __type(name: "Query") { fields { name type { kind } } }
      mutation: __type(name: "Mutation") { fields { name type { kind } } }
    }`);
    const nonNull = [...body.data.query.fields, ...body.data.mutation.fields].filter((field: any) => field.type.kind === 'NON_NULL');
    expect(nonNull.map((field: any) => field.name)).toEqual([]);
  });
});
