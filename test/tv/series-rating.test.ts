import { describe, expect, it } from 'vitest';
import { errorCodes } from '../helpers.ts';
import { guestSessionId, h, seriesId, sessionId, useSeriesFixture } from './series-fixture.ts';

useSeriesFixture();

describe('TVSeries account states and rating', () => {
  const STATES = `query($id: Int!) { tvSeries(id: $id) { accountStates { favorite watchlist rating } } }`;

  it('reads the account states with the user session, matching the catalog', async () => {
    const [rated] = h.catalog.data.ratings.ratedBy(`account:${h.catalog.data.account.id}` as any, 'tv');
    const { body } = await h.query(STATES, { id: rated.id }, { 'x-session-id': sessionId });
    expect(body.errors).toBeUndefined();
    const rest = await fetch(`${h.catalog.baseUrl}/tv/${rated.id}/account_states?session_id=${sessionId}`, {
      headers: { authorization: `Bearer ${h.catalog.demoToken}` },
    }).then((r) => r.json());
    expect(body.data.tvSeries.accountStates).toEqual({ favorite: rest.favorite, watchlist: rest.watchlist, rating: rest.rated.value });
    expect(rest.rated.value).toBe(rated.value);
  });

  it('needs a session', async () => {
    const response = await h.query(STATES, { id: seriesId });
    expect(response.body.data.tvSeries.accountStates).toBeNull();
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    // No call of its own; only the series' details, which tell that it exists.
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/tv/${seriesId}`]);
  });

  it('rates and un-rates a series for the user, visible in accountStates of the returned series', async () => {
    const unrated = h.catalog.data.tvSeries.find(
      (s) => h.catalog.data.ratings.ratingOf('tv', s.id, `account:${h.catalog.data.account.id}` as any) === undefined,
    )!;
    const user = { 'x-session-id': sessionId };
    const rate = await h.query(
      `mutation($id: Int!) { rateTVSeries(input: { seriesId: $id, value: 8.5 }) { tvSeries { id: databaseId name accountStates { rating } } } }`,
      { id: unrated.id },
      user,
    );
    expect(rate.body.errors).toBeUndefined();
    expect(rate.body.data.rateTVSeries.tvSeries).toEqual({ id: unrated.id, name: unrated.name, accountStates: { rating: 8.5 } });
    const post = h.catalog.calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: `/tv/${unrated.id}/rating`, status: 201 });
    expect(post.query.session_id).toBe(sessionId);

    const again = await h.query(STATES, { id: unrated.id }, user);
    expect(again.body.data.tvSeries.accountStates.rating).toBe(8.5);

    const removed = await h.query(
      `mutation($id: Int!) { deleteTVSeriesRating(input: { seriesId: $id }) { tvSeries { accountStates { rating } } } }`,
      { id: unrated.id },
      user,
    );
    expect(removed.body.errors).toBeUndefined();
    expect(removed.body.data.deleteTVSeriesRating.tvSeries.accountStates.rating).toBeNull();
    expect(h.catalog.calls.filter((c) => c.method === 'DELETE')).toMatchObject([{ path: `/tv/${unrated.id}/rating`, status: 200 }]);
  });

  it('rates for a guest session, which has ratings only', async () => {
    const guest = { 'x-guest-session-id': guestSessionId };
    const favourite = h.catalog.data.accountMedia.ids('favorite', 'tv')[0];
    const rate = await h.query(
      `mutation($id: Int!) { rateTVSeries(input: { seriesId: $id, value: 3 }) { tvSeries { accountStates { favorite watchlist rating } } } }`,
      { id: favourite },
      guest,
    );
    expect(rate.body.errors).toBeUndefined();
    expect(rate.body.data.rateTVSeries.tvSeries.accountStates).toEqual({ favorite: false, watchlist: false, rating: 3 });
    expect(h.catalog.calls.find((c) => c.method === 'POST')!.query.guest_session_id).toBe(guestSessionId);
    const asUser = await h.query(STATES, { id: favourite }, { 'x-session-id': sessionId });
    expect(asUser.body.data.tvSeries.accountStates.favorite).toBe(true);
  });

  it('catalog: validates the rating body and the session like the real service', async () => {
    const post = (query: string, body: unknown) =>
      fetch(`${h.catalog.baseUrl}/tv/${seriesId}/rating${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.catalog.demoToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await post(`?session_id=${sessionId}`, { value: 10.5 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).status_code).toBe(18);
    const noSession = await post('', { value: 5 });
    expect(noSession.status).toBe(401);
    expect((await noSession.json()).status_code).toBe(3);
    const first = await post(`?session_id=${sessionId}`, { value: 5 });
    expect([first.status, (await first.json()).status_code]).toEqual([201, 1]);
    const second = await post(`?session_id=${sessionId}`, { value: 6 });
    expect([second.status, (await second.json()).status_code]).toEqual([201, 12]);
  });
});
