import './apollo-dev.ts';
import { ApolloClient, gql, HttpLink, InMemoryCache, type OperationVariables } from '@apollo/client';
import { loadDevMessages, loadErrorMessages } from '@apollo/client/dev';
import type { DocumentNode } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { possibleTypes } from '../../schema/client-cache.ts';
import { startHarness, type Harness } from '../helpers.ts';
import {
  captureWarnings,
  MOVIE_DETAIL,
  MOVIE_MORE,
  pickSubjects,
  REVIEW_FIRST,
  REVIEW_SECOND,
  ROOT_FIRST,
  ROOT_SECOND,
  SERIES_DETAIL,
  SERIES_MORE,
} from './overlapping.ts';
import * as expected from '../expected.ts';

/**
 * Real Apollo Client over real HTTP, its InMemoryCache with the generated `possibleTypes` only
 * (no type policies: every object's `id` is its key): two queries selecting different sub-fields
 * of the same value objects leave no warning, and the first still reads back whole from the
 * cache. Without possibleTypes, the same holds except for fragments on a union or an interface.
 */
let h: Harness;
let subjects: ReturnType<typeof pickSubjects>;
let capture: ReturnType<typeof captureWarnings>;

// Apollo's warnings say which field loses data only with its messages loaded.
loadDevMessages();
loadErrorMessages();

beforeAll(async () => {
  h = await startHarness();
  subjects = pickSubjects(h);
});
afterAll(() => h.close());
afterEach(() => capture?.restore());

function client(cache: InMemoryCache) {
  return new ApolloClient({ link: new HttpLink({ uri: h.url }), cache });
}

/** Runs `first` then `second` on one client; answers both results and what the cache reads back. */
async function overlap(apollo: ApolloClient, first: DocumentNode, second: DocumentNode, variables: OperationVariables) {
  const one = await apollo.query({ query: first, variables });
  const two = await apollo.query({ query: second, variables });
  expect(one.error).toBeUndefined();
  expect(two.error).toBeUndefined();
  return {
    first: one.data,
    second: two.data,
    firstCached: apollo.readQuery({ query: first, variables }),
    secondCached: apollo.readQuery({ query: second, variables }),
  };
}

const cases = [
  ['a movie: credits, images, a review page, review authors', MOVIE_DETAIL, MOVIE_MORE, () => ({ id: subjects.movieId })],
  ['a series, a season, its episodes and an episode', SERIES_DETAIL, SERIES_MORE, () => ({ id: subjects.seriesId })],
  ['Query.configuration and Query.search', ROOT_FIRST, ROOT_SECOND, () => ({ query: subjects.word })],
] as const;
const union = [
  "fragments on a union and on Node (a review's movie)",
  REVIEW_FIRST,
  REVIEW_SECOND,
  () => ({ id: subjects.reviewId }),
] as const;

// The configured cache runs first: Apollo warns once per Type.field per process, so a default
// cache run before it would hide a warning the configured cache caused.
describe('Apollo InMemoryCache with the generated possibleTypes', () => {
  it.each([...cases, union])('%s: no warning, and both queries read back whole', async (_, first, second, variables) => {
    capture = captureWarnings();
    const apollo = client(new InMemoryCache({ possibleTypes }));
    const result = await overlap(apollo, gql(first), gql(second), variables());
    expect(capture.messages).toEqual([]);
    expect(result.firstCached).toEqual(result.first);
    expect(result.secondCached).toEqual(result.second);
  });

  it("the answers are real: cast, crew, posters, backdrops, reviews, episodes, the review's movie", async () => {
    const apollo = client(new InMemoryCache({ possibleTypes }));
    const movie = (await apollo.query({ query: gql(MOVIE_DETAIL), variables: { id: subjects.movieId } })).data as any;
    const more = (await apollo.query({ query: gql(MOVIE_MORE), variables: { id: subjects.movieId } })).data as any;
    const series = (await apollo.query({ query: gql(SERIES_DETAIL), variables: { id: subjects.seriesId } })).data as any;
    expect(movie.movie.credits.cast.length).toBeGreaterThan(0);
    expect(movie.movie.credits.cast[0].person.name).toEqual(expect.any(String));
    expect(movie.movie.images.posters.length).toBeGreaterThan(0);
    expect(expected.nodes(movie.movie.reviews).length).toBeGreaterThan(0);
    expect(more.movie.credits.crew.length).toBeGreaterThan(0);
    expect(more.movie.images.backdrops.length).toBeGreaterThan(0);
    expect(series.tvSeries.season.episodes.length).toBeGreaterThan(0);
    expect(series.tvSeries.season.episode.id).toBe(series.tvSeries.season.episodes[0].id);
    const review = (await apollo.query({ query: gql(REVIEW_FIRST), variables: { id: subjects.reviewId } })).data as any;
    expect(review.review.media).toEqual({
      __typename: 'Movie',
      id: expect.any(String),
      databaseId: subjects.movieId,
      title: expect.any(String),
    });
  });
});

describe('the same queries with a default InMemoryCache (no options at all: every object selects its `id`)', () => {
  it.each(cases)('%s: no warning, and both queries read back whole', async (_, first, second, variables) => {
    capture = captureWarnings();
    const result = await overlap(client(new InMemoryCache()), gql(first), gql(second), variables());
    expect(capture.messages).toEqual([]);
    expect(result.firstCached).toEqual(result.first);
    expect(result.secondCached).toEqual(result.second);
  });

  it('without possibleTypes, fragments on a union or an interface match nothing: the movie comes back as its __typename alone', async () => {
    capture = captureWarnings();
    const apollo = client(new InMemoryCache());
    const review = (await apollo.query({ query: gql(REVIEW_FIRST), variables: { id: subjects.reviewId } })).data as any;
    expect(review.review.media).toEqual({ __typename: 'Movie' });
    expect(capture.messages.join('\n')).toMatch(/Cannot match fragment `MediaHeading` on `ReviewMedia` against `Movie`/);
  });
});
