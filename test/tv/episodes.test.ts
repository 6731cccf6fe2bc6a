import { describe, expect, it } from 'vitest';
import { errorCodes } from '../helpers.ts';
import {
  CHANGES,
  changed,
  changeGroups,
  end,
  episodeId,
  episodeNumber,
  guest,
  guestSessionId,
  h,
  IMAGE,
  image,
  seasonId,
  seasonNumber,
  seriesId,
  sessionId,
  start,
  TRANSLATION,
  translation,
  useSeasonFixture,
  user,
  VIDEO,
  video,
} from './season-fixture.ts';

useSeasonFixture();

describe('Episode sub-resources', () => {
  it('answers external ids, stills, translations and videos field by field', async () => {
    const base = `/tv/${seriesId}/season/${seasonNumber}/episode/${episodeNumber}`;
    const [ids, images, translations, videos, details] = [
      await h.rest(`${base}/external_ids`),
      await h.rest(`${base}/images`),
      await h.rest(`${base}/translations`),
      await h.rest(`${base}/videos`),
      await h.rest(base),
    ];
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $n: Int!, $e: Int!) { tvSeries(id: $id) { season(number: $n) { episode(number: $e) {
        externalIds { imdbId tvdbId tvrageId wikidataId freebaseId freebaseMid facebookId }
        images { stills { ${IMAGE} } } translations { ${TRANSLATION} } videos { ${VIDEO} } } } } }`,
      { id: seriesId, n: seasonNumber, e: episodeNumber },
    );
    expect(body.errors).toBeUndefined();
    const episode = body.data.tvSeries.season.episode;
    expect(episode.externalIds).toEqual({
      imdbId: ids.imdb_id,
      tvdbId: ids.tvdb_id,
      tvrageId: ids.tvrage_id,
      wikidataId: ids.wikidata_id,
      freebaseId: ids.freebase_id,
      freebaseMid: ids.freebase_mid,
      facebookId: null,
    });
    expect(ids.id).toBe(episodeId);
    expect(episode.images.stills).toEqual(images.stills.map(image));
    expect(episode.images.stills[0].filePath).toBe(details.still_path);
    expect(episode.translations).toEqual(translations.translations.map(translation));
    const english = episode.translations.find((t: any) => t.languageCode === 'en');
    expect(english.data).toMatchObject({ name: details.name, overview: details.overview });
    expect(episode.videos).toEqual(videos.results.map(video));
    // Besides the details of the series, the season and the episode, which tell that they exist.
    const existence = [`/tv/${seriesId}`, `/tv/${seriesId}/season/${seasonNumber}`, base];
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual(
      [...existence, `${base}/external_ids`, `${base}/images`, `${base}/translations`, `${base}/videos`].sort(),
    );
  });

  it('answers changes by the episode id carried by the season list, without an episode detail call', async () => {
    const up = await h.rest(`/tv/episode/${changed.episodeId}/changes?start_date=${start}&end_date=${end}`);
    expect(up.changes.length).toBeGreaterThan(0);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $n: Int!, $s: Date, $e: Date) { tvSeries(id: $id) { season(number: $n) { episodes { id: databaseId changes(startDate: $s, endDate: $e) { ${CHANGES} } } } } }`,
      { id: (changed as any).episodeSeriesId, n: changed.episodeSeason, s: start, e: end },
    );
    expect(body.errors).toBeUndefined();
    const episode = body.data.tvSeries.season.episodes.find((e: any) => e.id === changed.episodeId);
    expect(episode.changes).toEqual(changeGroups(up));
    expect(h.catalog.calls.filter((c) => /\/episode\/\d+$/.test(c.path))).toHaveLength(0);
    expect(h.callsTo(`/tv/episode/${changed.episodeId}/changes`)).toBe(1);
  });
});

describe('Rating episodes', () => {
  const RATE = `mutation($id: Int!, $n: Int!, $e: Int!, $v: Float!) {
    rateEpisode(input: { seriesId: $id, seasonNumber: $n, episodeNumber: $e, value: $v }) { episode { id: databaseId accountStates { rating favorite watchlist } season { accountStates { id: databaseId episodeNumber rating episode { episodeNumber } } } } } }`;
  const DELETE = `mutation($id: Int!, $n: Int!, $e: Int!) {
    deleteEpisodeRating(input: { seriesId: $id, seasonNumber: $n, episodeNumber: $e }) { episode { accountStates { rating } season { accountStates { id: databaseId rating } } } } }`;

  it.each([
    ['user', user],
    ['guest', guest],
  ] as const)('a %s rating shows in Episode.accountStates and Season.accountStates, and goes away', async (_, headers) => {
    const vars = { id: seriesId, n: seasonNumber, e: episodeNumber };
    const rated = await h.query(RATE, { ...vars, v: 7.5 }, headers());
    expect(rated.body.errors).toBeUndefined();
    const episode = rated.body.data.rateEpisode.episode;
    expect(episode.id).toBe(episodeId);
    expect(episode.accountStates.rating).toBe(7.5);
    const mine = episode.season.accountStates.find((s: any) => s.id === episodeId);
    expect(mine).toEqual({ id: episodeId, episodeNumber, rating: 7.5, episode: { episodeNumber } });
    expect(h.catalog.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.status])).toEqual([
      [`/tv/${seriesId}/season/${seasonNumber}/episode/${episodeNumber}/rating`, 201],
    ]);

    // The season list agrees with the catalog's own answer, episode by episode.
    const query = headers === user ? `session_id=${sessionId}` : `guest_session_id=${guestSessionId}`;
    const up = await h.rest(`/tv/${seriesId}/season/${seasonNumber}/account_states?${query}`);
    expect(episode.season.accountStates.map((s: any) => [s.id, s.episodeNumber, s.rating])).toEqual(
      up.results.map((r: any) => [r.id, r.episode_number, r.rated ? r.rated.value : null]),
    );

    const deleted = await h.query(DELETE, vars, headers());
    expect(deleted.body.errors).toBeUndefined();
    expect(deleted.body.data.deleteEpisodeRating.episode.accountStates.rating).toBeNull();
    expect(deleted.body.data.deleteEpisodeRating.episode.season.accountStates.find((s: any) => s.id === episodeId).rating).toBeNull();
  });

  it('a guest rating is not the account rating', async () => {
    const vars = { id: seriesId, n: seasonNumber, e: episodeNumber };
    await h.query(RATE, { ...vars, v: 3 }, guest());
    const { body } = await h.query(
      `query($id: Int!, $n: Int!, $e: Int!) { tvSeries(id: $id) { season(number: $n) { episode(number: $e) { accountStates { rating } } } } }`,
      vars,
      user(),
    );
    const account = h.catalog.data.ratings.ratingOf('episode', episodeId, `account:${h.catalog.data.account.id}` as never);
    expect(body.data.tvSeries.season.episode.accountStates.rating).toBe(account ?? null);
    await h.query(DELETE, vars, guest());
  });

  it('rejects a bad value or number before any call, and needs a session', async () => {
    for (const v of [11, 7.3, 0]) {
      const response = await h.query(RATE, { id: seriesId, n: seasonNumber, e: episodeNumber, v }, user());
      expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions).toMatchObject({ argument: 'input', field: 'value' });
    }
    const badNumber = await h.query(RATE, { id: seriesId, n: -1, e: episodeNumber, v: 5 }, user());
    expect(badNumber.body.errors![0].extensions).toMatchObject({ argument: 'input', field: 'seasonNumber' });
    const anonymous = await h.query(RATE, { id: seriesId, n: seasonNumber, e: episodeNumber, v: 5 });
    expect(anonymous.body.data).toEqual({ rateEpisode: null });
    expect(anonymous.body.errors).toHaveLength(1);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('Season.accountStates needs a session: null with an error, the rest intact', async () => {
    const { body } = await h.query(
      `{ tvSeries(id: ${seriesId}) { season(number: ${seasonNumber}) { id: databaseId accountStates { rating } } } }`,
    );
    expect(body.data.tvSeries.season.id).toBe(seasonId);
    expect(body.data.tvSeries.season.accountStates).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(h.callsTo(/account_states$/)).toBe(0);
  });
});
