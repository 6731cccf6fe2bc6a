import { describe, expect, it } from 'vitest';
import { errorCodes } from '../helpers.ts';
import { h, movieId, sessionId, useMovieFixture } from './fixture.ts';
import * as expected from '../expected.ts';

useMovieFixture();

describe('rating a movie', () => {
  it('writes a rating visible in accountStates and the account rated movies, and deletes it', async () => {
    const accountId = h.catalog.data.account.id;
    const target = h.catalog.data.movies.find(
      (m) => m.release_date && h.catalog.data.ratings.ratingOf('movie', m.id, `account:${accountId}` as any) === undefined,
    )!;
    const headers = { 'x-session-id': sessionId };
    const before = await h.query(`{ movie(id: ${target.id}) { accountStates { rating favorite watchlist } } }`, undefined, headers);
    expect(before.body.data.movie.accountStates.rating).toBeNull();

    h.catalog.resetCalls();
    const rated = await h.query(
      `mutation { rateMovie(input: { movieId: ${target.id}, value: 7.5 }) { movie { id: databaseId title accountStates { rating } } } }`,
      undefined,
      headers,
    );
    expect(rated.body.errors).toBeUndefined();
    expect(rated.body.data.rateMovie.movie).toEqual({ id: target.id, title: target.title, accountStates: { rating: 7.5 } });
    const post = h.catalog.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/movie/${target.id}/rating`);
    expect(post.query).toMatchObject({ session_id: sessionId });

    const list = await h.query(
      `{ account(id: ${accountId}) { ratedMovies(sortBy: CREATED_AT_DESC) { edges { node { movie { id: databaseId accountStates { rating } } } } } } }`,
      undefined,
      headers,
    );
    expect(expected.nodes(list.body.data.account.ratedMovies)[0]).toEqual({ movie: { id: target.id, accountStates: { rating: 7.5 } } });

    const again = await h.query(
      `mutation { rateMovie(input: { movieId: ${target.id}, value: 9 }) { movie { accountStates { rating } } } }`,
      undefined,
      headers,
    );
    expect(again.body.data.rateMovie.movie.accountStates.rating).toBe(9);

    const deleted = await h.query(
      `mutation { deleteMovieRating(input: { movieId: ${target.id} }) { movie { accountStates { rating } } } }`,
      undefined,
      headers,
    );
    expect(deleted.body.errors).toBeUndefined();
    expect(deleted.body.data.deleteMovieRating.movie.accountStates.rating).toBeNull();
    const after = await h.query(
      `{ account(id: ${accountId}) { ratedMovies(sortBy: CREATED_AT_DESC) { edges { node { movie { id: databaseId } } } } } }`,
      undefined,
      headers,
    );
    expect(expected.nodes(after.body.data.account.ratedMovies).map((r: any) => r.movie.id)).not.toContain(target.id);
  });

  it('accepts a guest session, kept apart from the account', async () => {
    const guest = await h.rest('/authentication/guest_session/new');
    const headers = { 'x-guest-session-id': guest.guest_session_id };
    const target = h.catalog.data.movies[3];
    const { body } = await h.query(
      `mutation { rateMovie(input: { movieId: ${target.id}, value: 3.5 }) { movie { accountStates { rating favorite watchlist } } } }`,
      undefined,
      headers,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.rateMovie.movie.accountStates).toEqual({ rating: 3.5, favorite: false, watchlist: false });
    expect(h.catalog.calls.find((c) => c.method === 'POST')?.query).toMatchObject({ guest_session_id: guest.guest_session_id });
    const states = await h.rest(`/movie/${target.id}/account_states?guest_session_id=${guest.guest_session_id}`);
    expect(states.rated).toEqual({ value: 3.5 });
  });

  it('rejects a value off the 0.5 grid and a missing session before any call of theirs', async () => {
    const bad = await h.query(
      `mutation { rateMovie(input: { movieId: ${movieId}, value: 7.3 }) { movie { id: databaseId } } }`,
      undefined,
      {
        'x-session-id': sessionId,
      },
    );
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT']);
    const anonymous = await h.query(`mutation { rateMovie(input: { movieId: ${movieId}, value: 7 }) { movie { id: databaseId } } }`);
    expect(errorCodes(anonymous)).toEqual(['UNAUTHENTICATED']);
    const states = await h.query(`{ movie(id: ${movieId}) { id: databaseId accountStates { rating } } }`);
    expect(states.body.data.movie).toEqual({ id: movieId, accountStates: null });
    expect(errorCodes(states)).toEqual(['UNAUTHENTICATED']);
    // Only the movie's details, which tell that it exists.
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/movie/${movieId}`]);
  });

  it('answers 400 code 18 at the catalog for a value out of range', async () => {
    const response = await fetch(`${h.catalog.baseUrl}/movie/${movieId}/rating?session_id=${sessionId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.catalog.demoToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ value: 10.5 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status_code: 18, status_message: 'Validation failed.' });
  });
});
