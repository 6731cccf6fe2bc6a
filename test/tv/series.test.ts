import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let seriesId: number;
let screened: { id: number; results: Array<{ id: number; season_number: number; episode_number: number }> };

beforeAll(async () => {
  h = await startHarness();
  const trending = await h.rest('/trending/tv/week');
  for (const s of trending.results) {
    const entries = await h.rest(`/tv/${s.id}/screened_theatrically`);
    const lists = await h.rest(`/tv/${s.id}/lists`);
    if (entries.results.length > 0 && lists.total_results > 0) {
      seriesId = s.id;
      screened = entries;
      break;
    }
  }
  if (!seriesId) throw new Error('no trending series with screened episodes and lists');
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('Trending.tvSeries', () => {
  it.each([
    ['DAY', 'day'],
    ['WEEK', 'week'],
  ])('%s answers the page field by field from GET /trending/tv/%s', async (window, path) => {
    const up = await h.rest(`/trending/tv/${path}?page=2`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ trending { tvSeries(timeWindow: ${window}, ${expected.pageWindow('Trending.tvSeries', 2)}) { ${expected.CONNECTION(expected.TV_SUMMARY_FIELDS)} } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.trending.tvSeries).toEqual(expected.connection(up, up.results.map(expected.tvSummary)));
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/trending/tv/${path}`]);
  });
});

describe('Query.tvSeries', () => {
  it('answers fields from GET /tv/{id} and serves lists and screened episodes', async () => {
    const up = await h.rest(`/tv/${seriesId}`);
    const lists = await h.rest(`/tv/${seriesId}/lists?page=1`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { ${expected.TV_SUMMARY_FIELDS} numberOfSeasons status
        lists { ${expected.CONNECTION(expected.LIST_FIELDS)} }
        screenedTheatrically { id: databaseId seasonNumber episodeNumber episode { id: databaseId episodeNumber seasonNumber name } } } }`,
      { id: seriesId },
    );
    expect(body.errors).toBeUndefined();
    const series = body.data.tvSeries;
    expect(series).toMatchObject({
      ...expected.tvSummary(up),
      numberOfSeasons: up.number_of_seasons,
      status: expected.enumName(up.status),
    });
    expect(series.lists).toEqual(expected.connection(lists, lists.results.map(expected.list)));
    expect(expected.nodes(series.lists).every((l: any) => l.countryCode !== null && l.listType === null)).toBe(true);
    expect(series.screenedTheatrically.map((e: any) => [e.id, e.seasonNumber, e.episodeNumber])).toEqual(
      screened.results.map((e) => [e.id, e.season_number, e.episode_number]),
    );
    for (const entry of series.screenedTheatrically) {
      const episode = await h.rest(`/tv/${seriesId}/season/${entry.seasonNumber}/episode/${entry.episodeNumber}`);
      expect(entry.episode).toEqual({
        id: episode.id,
        episodeNumber: episode.episode_number,
        seasonNumber: episode.season_number,
        name: episode.name,
      });
    }
    expect(h.callsTo(`/tv/${seriesId}`)).toBe(1);
  });

  it('reaches seasons, their images and external ids, and episodes', async () => {
    const up = await h.rest(`/tv/${seriesId}`);
    const seasonNumber = up.seasons.find((s: any) => s.season_number > 0).season_number;
    const season = await h.rest(`/tv/${seriesId}/season/${seasonNumber}`);
    const images = await h.rest(`/tv/${seriesId}/season/${seasonNumber}/images`);
    const ids = await h.rest(`/tv/${seriesId}/season/${seasonNumber}/external_ids`);
    const episode = await h.rest(`/tv/${seriesId}/season/${seasonNumber}/episode/1`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $n: Int!) { tvSeries(id: $id) { season(number: $n) {
        seasonNumber id: databaseId name airDate series { id: databaseId }
        images { posters { ${expected.IMAGE_FIELDS} } }
        externalIds { freebaseId freebaseMid tvdbId tvrageId wikidataId }
        episode(number: 1) { episodeNumber id: databaseId name airDate season { seasonNumber } }
      } } }`,
      { id: seriesId, n: seasonNumber },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.season).toEqual({
      seasonNumber,
      id: season.id,
      name: season.name,
      airDate: season.air_date || null,
      series: { id: seriesId },
      images: { posters: images.posters.map(expected.image) },
      externalIds: {
        freebaseId: ids.freebase_id,
        freebaseMid: ids.freebase_mid,
        tvdbId: ids.tvdb_id,
        tvrageId: ids.tvrage_id,
        wikidataId: ids.wikidata_id,
      },
      episode: { episodeNumber: 1, id: episode.id, name: episode.name, airDate: episode.air_date || null, season: { seasonNumber } },
    });
    // The series' details only tell that it exists: once.
    expect(h.callsTo(`/tv/${seriesId}`)).toBe(1);
    expect(h.callsTo(`/tv/${seriesId}/season/${seasonNumber}`)).toBe(1);
  });

  it('answers episodes of a season from the season call alone', async () => {
    const up = await h.rest(`/tv/${seriesId}`);
    const seasonNumber = up.seasons[up.seasons.length - 1].season_number;
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $n: Int!) { tvSeries(id: $id) { season(number: $n) { episodes { episodeNumber name airDate } } } }`,
      { id: seriesId, n: seasonNumber },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.season.episodes.length).toBeGreaterThan(0);
    // And the series' details, which tell that it exists.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/tv/${seriesId}`, `/tv/${seriesId}/season/${seasonNumber}`]);
  });
});

describe('Episode.accountStates', () => {
  it('needs a session: UNAUTHENTICATED and no call of its own without X-Session-Id', async () => {
    const response = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { season(number: 1) { episode(number: 1) { episodeNumber accountStates { rating } } } } }`,
      { id: seriesId },
    );
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(response.body.data.tvSeries.season.episode).toEqual({ episodeNumber: 1, accountStates: null });
    // Only the details that tell the series, the season and the episode exist.
    expect(h.catalog.calls.every((c) => c.query.session_id === undefined && !c.path.endsWith('/account_states'))).toBe(true);
  });

  it('maps rated {value} to a rating and rated false to null, with session_id', async () => {
    const sessionId = await createUserSession(h);
    // Find, in the catalog's data, one episode the account rated and one it did not.
    const where = new Map<number, { seriesId: number; season: number; episode: number }>();
    for (const [sid, seasons] of h.catalog.data.seasons) {
      for (const season of seasons)
        for (const e of season.episodes) where.set(e.id, { seriesId: sid, season: e.season_number, episode: e.episode_number });
    }
    const [ratedId, ratedState] = [...h.catalog.data.episodeAccountStates].find(([, state]) => state.rated !== false)!;
    const unratedId = [...where.keys()].find((id) => !h.catalog.data.episodeAccountStates.has(id))!;
    for (const [episodeId, rating] of [
      [ratedId, (ratedState.rated as { value: number }).value],
      [unratedId, null],
    ] as const) {
      const at = where.get(episodeId)!;
      h.catalog.resetCalls();
      const { body } = await h.query(
        `query($id: Int!, $s: Int!, $e: Int!) { tvSeries(id: $id) { season(number: $s) { episode(number: $e) { id: databaseId accountStates { favorite watchlist rating } } } } }`,
        { id: at.seriesId, s: at.season, e: at.episode },
        { 'x-session-id': sessionId },
      );
      expect(body.errors).toBeUndefined();
      const up = await h.rest(`/tv/${at.seriesId}/season/${at.season}/episode/${at.episode}/account_states?session_id=${sessionId}`);
      expect(body.data.tvSeries.season.episode).toEqual({
        id: episodeId,
        accountStates: { favorite: up.favorite, watchlist: up.watchlist, rating },
      });
      const call = h.catalog.calls.find((c) => c.path.endsWith('/account_states'));
      expect(call?.query).toEqual({ session_id: sessionId });
    }
  });
});
