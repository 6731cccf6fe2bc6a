import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let movieReview: any;
let tvReview: any;

beforeAll(async () => {
  h = await startHarness();
  const reviewIds: string[] = [];
  for (const m of (await h.rest('/movie/upcoming')).results) {
    reviewIds.push(...(await h.rest(`/movie/${m.id}/reviews`)).results.map((r: any) => r.id));
    if (reviewIds.length) break;
  }
  movieReview = await h.rest(`/review/${reviewIds[0]}`);
  tvReview = h.catalog.data.reviews.find((r: any) => r.media_type === 'tv');
  if (!tvReview) throw new Error('the catalog has no TV review');
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('Query.review', () => {
  it('answers every field of GET /review/{id}', async () => {
    const { body } = await h.query(`query($id: ID!) { review(id: $id) { ${expected.REVIEW_FIELDS} } }`, { id: movieReview.id });
    expect(body.errors).toBeUndefined();
    expect(body.data.review).toEqual(expected.review(movieReview));
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/review/${movieReview.id}`]);
  });

  it('links to the movie, using the title it carried without a detail call', async () => {
    const { body } = await h.query(`query($id: ID!) { review(id: $id) { media { __typename ... on Movie { id: databaseId title } } } }`, {
      id: movieReview.id,
    });
    expect(body.data.review.media).toEqual({ __typename: 'Movie', id: movieReview.media_id, title: movieReview.media_title });
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/review/${movieReview.id}`]);
  });

  it('fetches the movie details once when asked for more, shared with a root movie field', async () => {
    const movie = await h.rest(`/movie/${movieReview.media_id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: ID!, $movie: Int!) { review(id: $id) { media { ... on Movie { overview runtime } } } movie(id: $movie) { overview } }`,
      { id: movieReview.id, movie: movieReview.media_id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.review.media).toEqual({ overview: movie.overview, runtime: movie.runtime ?? null });
    expect(body.data.movie.overview).toBe(movie.overview);
    expect(h.callsTo(`/movie/${movieReview.media_id}`)).toBe(1);
  });

  it('links a TV review to its TVSeries', async () => {
    const { body } = await h.query(
      `query($id: ID!) { review(id: $id) { mediaType media { __typename ... on TVSeries { id: databaseId name } } } }`,
      {
        id: tvReview.id,
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.review).toEqual({
      mediaType: 'TV',
      media: { __typename: 'TVSeries', id: tvReview.media_id, name: tvReview.media_title },
    });
  });

  it('returns null with NOT_FOUND for an unknown review', async () => {
    const { body } = await h.query(`{ review(id: "000000000000000000000000") { id: databaseId } }`);
    expect(body.data.review).toBeNull();
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
  });
});
