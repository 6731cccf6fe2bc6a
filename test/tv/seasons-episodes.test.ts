import * as expected from '../expected.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/catalog/data/dates.ts';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let sessionId: string;
let guestSessionId: string;
/** A series and season with videos, several translations and providers, and an episode with stills. */
let seriesId: number;
let seasonNumber: number;
let seasonId: number;
let episodeNumber: number;
let episodeId: number;
/** A season and an episode with edits in the last 14 days, and that window. */
let changed: { seriesId: number; seasonNumber: number; seasonId: number; episodeSeason: number; episodeNumber: number; episodeId: number };
let start: string;
let end: string;

const user = () => ({ 'x-session-id': sessionId });
const guest = () => ({ 'x-guest-session-id': guestSessionId });

const VIDEO = 'id key name site size type official publishedAt languageCode countryCode';
const TRANSLATION = 'countryCode languageCode name englishName data { title name overview tagline homepage biography runtime }';
const IMAGE = 'filePath width height aspectRatio languageCode voteAverage voteCount';
const OFFER = 'providerId providerName logoPath displayPriority';
const CHANGES = 'key items { id action time countryCode languageCode value originalValue }';

const video = (v: any) => ({
  id: v.id,
  key: v.key,
  name: v.name,
  site: v.site,
  size: v.size,
  type: v.type,
  official: v.official,
  publishedAt: v.published_at,
  languageCode: v.iso_639_1,
  countryCode: v.iso_3166_1,
});
const translation = (t: any) => ({
  countryCode: t.iso_3166_1,
  languageCode: t.iso_639_1,
  name: t.name,
  englishName: t.english_name,
  data: {
    title: t.data.title || null,
    name: t.data.name || null,
    overview: t.data.overview || null,
    tagline: t.data.tagline || null,
    homepage: t.data.homepage || null,
    biography: t.data.biography || null,
    runtime: t.data.runtime || null,
  },
});
const image = (i: any) => ({
  filePath: i.file_path,
  width: i.width,
  height: i.height,
  aspectRatio: i.aspect_ratio,
  languageCode: i.iso_639_1,
  voteAverage: i.vote_average,
  voteCount: i.vote_count,
});
const offer = expected.offer;
const countryOffers = (results: Record<string, any>) =>
  Object.keys(results)
    .sort()
    .map((code) => ({
      countryCode: code,
      link: results[code].link,
      flatrate: (results[code].flatrate ?? []).map(offer),
      rent: (results[code].rent ?? []).map(offer),
      buy: (results[code].buy ?? []).map(offer),
      free: (results[code].free ?? []).map(offer),
      ads: (results[code].ads ?? []).map(offer),
    }));
const isoTime = (time: string) => time.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/, '$1T$2Z');
const changeGroups = (body: any) =>
  body.changes.map((group: any) => ({
    key: group.key,
    items: group.items.map((item: any) => ({
      id: item.id,
      action: item.action,
      time: isoTime(item.time),
      countryCode: item.iso_3166_1 || null,
      languageCode: item.iso_639_1 || null,
      value: item.value ?? null,
      originalValue: item.original_value ?? null,
    })),
  }));

beforeAll(async () => {
  h = await startHarness();
  sessionId = await createUserSession(h);
  guestSessionId = (await h.rest('/authentication/guest_session/new')).guest_session_id;
  const { data } = h.catalog;
  end = data.today;
  start = addDays(end, -14);
  const inWindow = (changes: Array<{ item: { time: string } }>) =>
    changes.some(({ item }) => item.time.slice(0, 10) >= start && item.time.slice(0, 10) <= end);
  outer: for (const series of data.tvSeries) {
    const providers = data.tvSeriesExtras.get(series.id)?.watchProviders ?? {};
    if (Object.keys(providers).length === 0) continue;
    for (const season of data.seasons.get(series.id) ?? []) {
      const extras = data.seasonExtras.get(season.id)!;
      if (season.air_date === '' || season.air_date > data.today || extras.videos.length === 0 || extras.translations.length < 3) continue;
      const episode = season.episodes.find((ep) => {
        const e = data.episodeExtras.get(ep.id)!;
        return e.stills.length > 1 && e.videos.length > 0 && e.externalIds.imdb_id !== null;
      });
      if (!episode) continue;
      [seriesId, seasonNumber, seasonId, episodeNumber, episodeId] = [
        series.id,
        season.season_number,
        season.id,
        episode.episode_number,
        episode.id,
      ];
      break outer;
    }
  }
  if (!seriesId) throw new Error('no season with videos, translations and providers and an episode with stills and videos');
  const seasonWithChanges = [...data.seasonExtras].find(([, extras]) => inWindow(extras.changes));
  const episodeWithChanges = [...data.episodeExtras].find(([, extras]) => inWindow(extras.changes));
  if (!seasonWithChanges || !episodeWithChanges) throw new Error('no season or episode with recent changes');
  const [changedSeasonId, seasonExtras] = seasonWithChanges;
  const [changedEpisodeId, episodeExtras] = episodeWithChanges;
  changed = {
    seriesId: seasonExtras.seriesId,
    seasonNumber: seasonExtras.seasonNumber,
    seasonId: changedSeasonId,
    episodeSeason: episodeExtras.seasonNumber,
    episodeNumber: episodeExtras.episodeNumber,
    episodeId: changedEpisodeId,
  };
  // The episode's series, for the episode query below.
  (changed as any).episodeSeriesId = episodeExtras.seriesId;
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('Season sub-resources', () => {
  it('answers translations, videos and watch providers field by field, one call each', async () => {
    const base = `/tv/${seriesId}/season/${seasonNumber}`;
    const [translations, videos, providers] = [
      await h.rest(`${base}/translations`),
      await h.rest(`${base}/videos`),
      await h.rest(`${base}/watch/providers`),
    ];
    // The season's offers are the series' own once it has aired.
    expect(providers.results).toEqual((await h.rest(`/tv/${seriesId}/watch/providers`)).results);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $n: Int!) { tvSeries(id: $id) { season(number: $n) {
        translations { ${TRANSLATION} } videos { ${VIDEO} } watchProviders { countryCode link flatrate { ${OFFER} } rent { ${OFFER} } buy { ${OFFER} } free { ${OFFER} } ads { ${OFFER} } }
        again: videos { id } } } }`,
      { id: seriesId, n: seasonNumber },
    );
    expect(body.errors).toBeUndefined();
    const season = body.data.tvSeries.season;
    expect(season.translations).toEqual(translations.translations.map(translation));
    expect(season.videos).toEqual(videos.results.map(video));
    expect(season.watchProviders).toEqual(countryOffers(providers.results));
    expect(season.watchProviders.length).toBeGreaterThan(0);
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`${base}/translations`, `${base}/videos`, `${base}/watch/providers`].sort());
  });

  it('narrows watch providers to one country and videos by language', async () => {
    const providers = await h.rest(`/tv/${seriesId}/season/${seasonNumber}/watch/providers`);
    const country = Object.keys(providers.results)[0];
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $n: Int!, $c: String) { tvSeries(id: $id) { season(number: $n) {
        watchProviders(country: $c) { countryCode } videos(language: "de") { id } } } }`,
      { id: seriesId, n: seasonNumber, c: country.toLowerCase() },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.season.watchProviders).toEqual([{ countryCode: country }]);
    expect(body.data.tvSeries.season.videos).toEqual([]); // every generated video is English
    expect(h.catalog.calls.find((c) => c.path.endsWith('/videos'))?.query).toMatchObject({ language: 'de' });
  });

  it('answers changes by the season id: from the carried id without a season detail call', async () => {
    const up = await h.rest(`/tv/season/${changed.seasonId}/changes?start_date=${start}&end_date=${end}`);
    expect(up.changes.length).toBeGreaterThan(0);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $s: String, $e: String) { tvSeries(id: $id) { seasons { id seasonNumber changes(startDate: $s, endDate: $e) { ${CHANGES} } } } }`,
      { id: changed.seriesId, s: start, e: end },
    );
    expect(body.errors).toBeUndefined();
    const season = body.data.tvSeries.seasons.find((s: any) => s.id === changed.seasonId);
    expect(season.seasonNumber).toBe(changed.seasonNumber);
    expect(season.changes).toEqual(changeGroups(up));
    const paths = h.catalog.calls.map((c) => c.path);
    expect(paths.filter((p) => /\/season\/\d+$/.test(p))).toEqual([]);
    expect(paths.filter((p) => p === `/tv/season/${changed.seasonId}/changes`)).toHaveLength(1);
  });

  it('loads the season id once when the season was reached by number', async () => {
    const { body } = await h.query(
      `query($id: Int!, $n: Int!, $s: String) { tvSeries(id: $id) { season(number: $n) { id changes(startDate: $s) { key } } } }`,
      { id: changed.seriesId, n: changed.seasonNumber, s: start },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.season.id).toBe(changed.seasonId);
    expect(h.callsTo(`/tv/${changed.seriesId}/season/${changed.seasonNumber}`)).toBe(1);
    expect(h.callsTo(`/tv/season/${changed.seasonId}/changes`)).toBe(1);
  });

  it('rejects bad change windows before any call', async () => {
    for (const [args, argument] of [
      ['startDate: "2026-13-01"', 'startDate'],
      ['startDate: "2026-10-10", endDate: "2026-10-01"', 'endDate'],
      ['page: 0', 'page'],
    ]) {
      const response = await h.query(`{ tvSeries(id: ${seriesId}) { season(number: ${seasonNumber}) { changes(${args}) { key } } } }`);
      expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions!.argument).toBe(argument);
    }
    expect(h.catalog.calls).toHaveLength(0);
  });
});

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
    expect(english.data).toMatchObject({ name: details.name, overview: details.overview || null });
    expect(episode.videos).toEqual(videos.results.map(video));
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual(
      [`${base}/external_ids`, `${base}/images`, `${base}/translations`, `${base}/videos`].sort(),
    );
  });

  it('answers changes by the episode id carried by the season list, without an episode detail call', async () => {
    const up = await h.rest(`/tv/episode/${changed.episodeId}/changes?start_date=${start}&end_date=${end}`);
    expect(up.changes.length).toBeGreaterThan(0);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $n: Int!, $s: String, $e: String) { tvSeries(id: $id) { season(number: $n) { episodes { id changes(startDate: $s, endDate: $e) { ${CHANGES} } } } } }`,
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
    rateEpisode(seriesId: $id, seasonNumber: $n, episodeNumber: $e, value: $v) { id accountStates { rating favorite watchlist } season { accountStates { id episodeNumber rating episode { episodeNumber } } } } }`;
  const DELETE = `mutation($id: Int!, $n: Int!, $e: Int!) {
    deleteEpisodeRating(seriesId: $id, seasonNumber: $n, episodeNumber: $e) { accountStates { rating } season { accountStates { id rating } } } }`;

  it.each([
    ['user', user],
    ['guest', guest],
  ] as const)('a %s rating shows in Episode.accountStates and Season.accountStates, and goes away', async (_, headers) => {
    const vars = { id: seriesId, n: seasonNumber, e: episodeNumber };
    const rated = await h.query(RATE, { ...vars, v: 7.5 }, headers());
    expect(rated.body.errors).toBeUndefined();
    const episode = rated.body.data.rateEpisode;
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
    expect(deleted.body.data.deleteEpisodeRating.accountStates.rating).toBeNull();
    expect(deleted.body.data.deleteEpisodeRating.season.accountStates.find((s: any) => s.id === episodeId).rating).toBeNull();
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
    for (const [v, argument] of [
      [11, 'value'],
      [7.3, 'value'],
      [0, 'value'],
    ] as const) {
      const response = await h.query(RATE, { id: seriesId, n: seasonNumber, e: episodeNumber, v }, user());
      expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions!.argument).toBe(argument);
    }
    const badNumber = await h.query(RATE, { id: seriesId, n: -1, e: episodeNumber, v: 5 }, user());
    expect(badNumber.body.errors![0].extensions!.argument).toBe('seasonNumber');
    const anonymous = await h.query(RATE, { id: seriesId, n: seasonNumber, e: episodeNumber, v: 5 });
    expect(anonymous.body.data).toBeNull();
    expect(anonymous.body.errors).toHaveLength(1);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('Season.accountStates needs a session: null with an error, the rest intact', async () => {
    const { body } = await h.query(`{ tvSeries(id: ${seriesId}) { season(number: ${seasonNumber}) { id accountStates { rating } } } }`);
    expect(body.data.tvSeries.season.id).toBe(seasonId);
    expect(body.data.tvSeries.season.accountStates).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(h.callsTo(/account_states$/)).toBe(0);
  });
});

describe('Query.changes', () => {
  const LIST = (field: string, link: string) =>
    `query($s: String, $e: String, $p: Int) { changes { ${field}(startDate: $s, endDate: $e, page: $p) { page totalPages totalResults results { id adult ${link} } } } }`;

  it('movies: the ids edited in the window, each with an entry in its own change log, linking to Movie', async () => {
    const window = { s: addDays(end, -3), e: end, p: 2 };
    const up = await h.rest(`/movie/changes?start_date=${window.s}&end_date=${window.e}&page=2`);
    h.catalog.resetCalls();
    const { body } = await h.query(LIST('movies', 'movie { id }'), window);
    expect(body.errors).toBeUndefined();
    const page = body.data.changes.movies;
    expect(page).toMatchObject({ page: up.page, totalPages: up.total_pages, totalResults: up.total_results });
    expect(page.results).toEqual(up.results.map((r: any) => ({ id: r.id, adult: r.adult, movie: { id: r.id } })));
    expect(h.catalog.calls.map((c) => [c.path, c.query])).toEqual([
      ['/movie/changes', { start_date: window.s, end_date: window.e, page: '2' }],
    ]);
    // Consistent with the per-movie logs: every listed movie changed in the window, and no other did.
    const listed = new Set<number>();
    for (let p = 1; p <= up.total_pages; p++) {
      for (const r of (await h.rest(`/movie/changes?start_date=${window.s}&end_date=${window.e}&page=${p}`)).results) listed.add(r.id);
    }
    expect(listed.size).toBe(up.total_results);
    const unlisted = h.catalog.data.movies.filter((movie) => !listed.has(movie.id)).slice(0, 60);
    for (const id of [...listed, ...unlisted.map((movie) => movie.id)]) {
      const log = await h.rest(`/movie/${id}/changes?start_date=${window.s}&end_date=${window.e}`);
      expect(log.changes.length > 0).toBe(listed.has(id));
    }
  });

  it('movies by default: the last day, linked to the movie details', async () => {
    const up = await h.rest('/movie/changes');
    const first = up.results[0];
    const movie = await h.rest(`/movie/${first.id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(LIST('movies', 'movie { title changes { key } }'), {});
    expect(body.errors).toBeUndefined();
    expect(body.data.changes.movies.results[0]).toMatchObject({ id: first.id, movie: { title: movie.title } });
    expect(body.data.changes.movies.results[0].movie.changes.length).toBeGreaterThan(0);
  });

  it('tvSeries and people: field by field, series linking to TVSeries', async () => {
    const upTv = await h.rest('/tv/changes?page=1');
    const upPeople = await h.rest('/person/changes');
    const series = await h.rest(`/tv/${upTv.results[0].id}`);
    const person = await h.rest(`/person/${upPeople.results[0].id}`);
    h.catalog.resetCalls();
    const tv = await h.query(LIST('tvSeries', 'series { id name }'), { p: 1 });
    const people = await h.query(LIST('people', 'person { id name }'), {});
    expect(tv.body.errors).toBeUndefined();
    expect(people.body.errors).toBeUndefined();
    expect(tv.body.data.changes.tvSeries.results[0]).toEqual({
      id: series.id,
      adult: upTv.results[0].adult,
      series: { id: series.id, name: series.name },
    });
    expect(tv.body.data.changes.tvSeries.results.map((r: any) => r.id)).toEqual(upTv.results.map((r: any) => r.id));
    expect(people.body.data.changes.people).toEqual({
      page: upPeople.page,
      totalPages: upPeople.total_pages,
      totalResults: upPeople.total_results,
      results: upPeople.results.map((r: any) => ({ id: r.id, adult: r.adult, person: { id: r.id, name: expect.any(String) } })),
    });
    expect(people.body.data.changes.people.results[0].person.name).toBe(person.name);
    // Each listed person's own change log has an entry in the same (default) window.
    const log = await h.rest(`/person/${upPeople.results[0].id}/changes`);
    expect(log.changes.length).toBeGreaterThan(0);
    // Every series listed changed in the window: itself, a season or an episode.
    const { data } = h.catalog;
    const day = (time: string) => time.slice(0, 10);
    const inDay = (changes: Array<{ item: { time: string } }> | undefined) =>
      (changes ?? []).some((c) => day(c.item.time) >= addDays(end, -1));
    for (const { id } of upTv.results) {
      const own = inDay(data.tvSeriesExtras.get(id)?.changes);
      const seasons = (data.seasons.get(id) ?? []).some(
        (s) => inDay(data.seasonExtras.get(s.id)!.changes) || s.episodes.some((e) => inDay(data.episodeExtras.get(e.id)!.changes)),
      );
      expect(own || seasons).toBe(true);
    }
  });

  it('rejects bad windows before any call', async () => {
    const bad = await h.query(LIST('people', ''), { s: '2026-02-30' });
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT']);
    const reversed = await h.query(LIST('movies', ''), { s: '2026-10-10', e: '2026-10-01' });
    expect(errorCodes(reversed)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('a window longer than 14 days is the catalog error, on that field only', async () => {
    const { body } = await h.query(`{ changes { movies(startDate: "2026-09-01", endDate: "2026-10-30") { page } people { page } } }`);
    expect(body.data.changes.movies).toBeNull();
    expect(body.data.changes.people.page).toBe(1);
    expect(body.errors).toHaveLength(1);
  });
});

describe('append_to_response merging', () => {
  it('merges season and episode sub-resources into one detail call each, with the same answers', async () => {
    const merged = await startHarness({ config: { appendToResponse: true } });
    try {
      const query = `query($id: Int!, $n: Int!, $e: Int!) { tvSeries(id: $id) { season(number: $n) {
        translations { ${TRANSLATION} } videos { ${VIDEO} } watchProviders { countryCode link flatrate { ${OFFER} } }
        episode(number: $e) { externalIds { imdbId tvdbId } images { stills { ${IMAGE} } } translations { ${TRANSLATION} } videos { ${VIDEO} } } } } }`;
      const vars = { id: seriesId, n: seasonNumber, e: episodeNumber };
      const plain = await h.query(query, vars);
      const { body } = await merged.query(query, vars);
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual(plain.body.data);
      const paths = merged.catalog.calls.map((c) => c.path).sort();
      expect(paths).toEqual([`/tv/${seriesId}/season/${seasonNumber}`, `/tv/${seriesId}/season/${seasonNumber}/episode/${episodeNumber}`]);
    } finally {
      await merged.close();
    }
  });
});
