import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TV_CERTIFICATIONS } from '../../src/catalog/data/certifications.ts';
import { addDays } from '../../src/catalog/data/dates.ts';
import * as expected from '../expected.ts';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let seriesId: number;
let sessionId: string;
let guestSessionId: string;

const SUMMARY_PAGE = expected.PAGE(expected.TV_SUMMARY_FIELDS);
const OFFER_FIELDS = 'providerId providerName logoPath displayPriority';
const offer = expected.offer;
const offers = (list: any[] | undefined) => (list ?? []).map(offer);

beforeAll(async () => {
  h = await startHarness();
  sessionId = await createUserSession(h);
  guestSessionId = (await h.rest('/authentication/guest_session/new')).guest_session_id;
  // A series with several alternative titles, content ratings, videos, translations and providers.
  const series = h.catalog.data.tvSeries.find((s) => {
    const x = h.catalog.data.tvSeriesExtras.get(s.id)!;
    return (
      x.alternativeTitles.length > 2 &&
      x.contentRatings.length > 1 &&
      x.videos.length > 1 &&
      x.translations.length > 2 &&
      Object.keys(x.watchProviders).length > 1 &&
      x.images.posters.length > 1
    );
  });
  if (!series) throw new Error('no series with all extras');
  seriesId = series.id;
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('TVSeries sub-resources', () => {
  it('answers each sub-resource field by field with one call each and no detail call', async () => {
    const titles = await h.rest(`/tv/${seriesId}/alternative_titles`);
    const ratings = await h.rest(`/tv/${seriesId}/content_ratings`);
    const ids = await h.rest(`/tv/${seriesId}/external_ids`);
    const images = await h.rest(`/tv/${seriesId}/images`);
    const translations = await h.rest(`/tv/${seriesId}/translations`);
    const videos = await h.rest(`/tv/${seriesId}/videos`);
    const providers = await h.rest(`/tv/${seriesId}/watch/providers`);
    h.catalog.resetCalls();

    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { id
        alternativeTitles { countryCode title type }
        contentRatings { countryCode rating descriptors }
        externalIds { imdbId wikidataId facebookId instagramId twitterId freebaseId freebaseMid tvdbId tvrageId }
        images { backdrops { ${expected.IMAGE_FIELDS} } logos { ${expected.IMAGE_FIELDS} } posters { ${expected.IMAGE_FIELDS} } }
        translations { countryCode languageCode name englishName data { name overview tagline homepage title } }
        videos { id key name site size type official publishedAt languageCode countryCode }
        watchProviders { countryCode link flatrate { ${OFFER_FIELDS} } free { ${OFFER_FIELDS} } ads { ${OFFER_FIELDS} } buy { ${OFFER_FIELDS} } }
      } }`,
      { id: seriesId },
    );
    expect(body.errors).toBeUndefined();
    const s = body.data.tvSeries;
    expect(titles.results.length).toBeGreaterThan(2);
    expect(s.alternativeTitles).toEqual(titles.results.map((t: any) => ({ countryCode: t.iso_3166_1, title: t.title, type: t.type })));
    expect(s.contentRatings).toEqual(
      ratings.results.map((r: any) => ({ countryCode: r.iso_3166_1, rating: r.rating, descriptors: r.descriptors })),
    );
    for (const rating of ratings.results) {
      expect(TV_CERTIFICATIONS[rating.iso_3166_1].map((c) => c.certification)).toContain(rating.rating);
    }
    expect(s.externalIds).toEqual({
      imdbId: ids.imdb_id,
      wikidataId: ids.wikidata_id,
      facebookId: ids.facebook_id,
      instagramId: ids.instagram_id,
      twitterId: ids.twitter_id,
      freebaseId: ids.freebase_id,
      freebaseMid: ids.freebase_mid,
      tvdbId: ids.tvdb_id,
      tvrageId: ids.tvrage_id,
    });
    expect(s.images).toEqual({
      backdrops: images.backdrops.map(expected.image),
      logos: images.logos.map(expected.image),
      posters: images.posters.map(expected.image),
    });
    const details = h.catalog.data.tvSeries.find((x) => x.id === seriesId)!;
    if (details.poster_path) expect(s.images.posters[0].filePath).toBe(details.poster_path);
    expect(s.translations).toEqual(
      translations.translations.map((t: any) => ({
        countryCode: t.iso_3166_1,
        languageCode: t.iso_639_1,
        name: t.name,
        englishName: t.english_name,
        data: {
          name: t.data.name || null,
          overview: t.data.overview || null,
          tagline: t.data.tagline || null,
          homepage: t.data.homepage || null,
          title: null,
        },
      })),
    );
    expect(s.translations.find((t: any) => t.languageCode === 'en').data.name).toBe(details.name);
    expect(s.videos).toEqual(
      videos.results.map((v: any) => ({
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
      })),
    );
    expect(s.watchProviders).toEqual(
      Object.keys(providers.results)
        .sort()
        .map((country) => {
          const o = providers.results[country];
          return {
            countryCode: country,
            link: o.link,
            flatrate: offers(o.flatrate),
            free: offers(o.free),
            ads: offers(o.ads),
            buy: offers(o.buy),
          };
        }),
    );
    // Providers come from the catalog's provider list, with that country's display priority.
    for (const [country, o] of Object.entries<any>(providers.results)) {
      for (const p of [...(o.flatrate ?? []), ...(o.buy ?? []), ...(o.free ?? []), ...(o.ads ?? [])]) {
        const known = h.catalog.data.watchProviders.find((w) => w.provider_id === p.provider_id)!;
        expect(known.display_priorities[country]).toBe(p.display_priority);
      }
    }
    for (const path of ['alternative_titles', 'content_ratings', 'external_ids', 'images', 'translations', 'videos', 'watch/providers']) {
      expect(h.callsTo(`/tv/${seriesId}/${path}`), path).toBe(1);
    }
    expect(h.callsTo(`/tv/${seriesId}`)).toBe(0);
  });

  it('filters alternative titles by country and images by language from the same kind of call', async () => {
    const titles = (await h.rest(`/tv/${seriesId}/alternative_titles`)).results;
    const country = titles[0].iso_3166_1;
    const images = await h.rest(`/tv/${seriesId}/images?language=en&include_image_language=null`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $c: String) { tvSeries(id: $id) { alternativeTitles(country: $c) { countryCode title }
        images(language: "en", includeImageLanguages: ["null"]) { posters { filePath languageCode } backdrops { filePath } } } }`,
      { id: seriesId, c: country.toLowerCase() },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.alternativeTitles).toEqual(
      titles.filter((t: any) => t.iso_3166_1 === country).map((t: any) => ({ countryCode: country, title: t.title })),
    );
    expect(body.data.tvSeries.images.posters).toEqual(
      images.posters.map((i: any) => ({ filePath: i.file_path, languageCode: i.iso_639_1 })),
    );
    expect(body.data.tvSeries.images.posters.every((i: any) => i.languageCode === 'en' || i.languageCode === null)).toBe(true);
    const call = h.catalog.calls.find((c) => c.path === `/tv/${seriesId}/images`)!;
    expect(call.query).toMatchObject({ language: 'en', include_image_language: 'null' });
  });

  it('answers changes within the requested window, grouped by key', async () => {
    const withChanges = h.catalog.data.tvSeries.find((s) => h.catalog.data.tvSeriesExtras.get(s.id)!.changes.length > 2)!;
    const start = addDays(h.catalog.data.today, -14);
    const rest = await h.rest(`/tv/${withChanges.id}/changes?start_date=${start}&end_date=${h.catalog.data.today}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $s: String, $e: String) { tvSeries(id: $id) { changes(startDate: $s, endDate: $e) { key items { id action time value } } } }`,
      { id: withChanges.id, s: start, e: h.catalog.data.today },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.changes).toEqual(
      rest.changes.map((g: any) => ({
        key: g.key,
        items: g.items.map((i: any) => ({
          id: i.id,
          action: i.action,
          time: i.time.replace(' UTC', 'Z').replace(' ', 'T'),
          value: i.value,
        })),
      })),
    );
    for (const group of body.data.tvSeries.changes) for (const item of group.items) expect(item.time.slice(0, 10) >= start).toBe(true);
  });

  it('lists recommendations and similar series that share a genre, carrying their summaries', async () => {
    const recommendations = await h.rest(`/tv/${seriesId}/recommendations`);
    const similar = await h.rest(`/tv/${seriesId}/similar?page=2`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { recommendations { ${SUMMARY_PAGE} } similar(page: 2) { ${SUMMARY_PAGE} } } }`,
      { id: seriesId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.recommendations).toEqual(expected.page(recommendations, recommendations.results.map(expected.tvSummary)));
    expect(body.data.tvSeries.similar).toEqual(expected.page(similar, similar.results.map(expected.tvSummary)));
    const mine = new Set(h.catalog.data.tvSeries.find((s) => s.id === seriesId)!.genres.map((g) => g.id));
    const all = [...recommendations.results, ...similar.results];
    expect(all.length).toBeGreaterThan(0);
    for (const item of all) {
      expect(item.id).not.toBe(seriesId);
      expect(item.genre_ids.some((g: number) => mine.has(g))).toBe(true);
    }
    const popularity = recommendations.results.map((r: any) => r.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    // Summaries were carried: no detail call for any listed series.
    expect(h.catalog.calls.filter((c) => /^\/tv\/\d+$/.test(c.path))).toEqual([]);
  });

  it('pages the reviews of a series from the catalog reviews', async () => {
    const reviewed = h.catalog.data.reviews.find((r) => r.media_type === 'tv')!;
    const rest = await h.rest(`/tv/${reviewed.media_id}/reviews`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($id: Int!) { tvSeries(id: $id) { reviews { ${expected.PAGE(expected.REVIEW_FIELDS)} } } }`, {
      id: reviewed.media_id,
    });
    expect(body.errors).toBeUndefined();
    expect(rest.results.length).toBeGreaterThan(0);
    expect(body.data.tvSeries.reviews).toEqual(expected.page(rest, rest.results.map(expected.review)));
    expect(rest.results.map((r: any) => r.id)).toContain(reviewed.id);
    expect(h.callsTo(`/tv/${reviewed.media_id}/reviews`)).toBe(1);
  });

  it('rejects bad arguments before any upstream call', async () => {
    for (const [query, argument] of [
      [`{ tvSeries(id: ${seriesId}) { alternativeTitles(country: "USA") { title } } }`, 'country'],
      [`{ tvSeries(id: ${seriesId}) { similar(page: 0) { page } } }`, 'page'],
      [`{ tvSeries(id: ${seriesId}) { recommendations(language: "english") { page } } }`, 'language'],
      [`{ tvSeries(id: ${seriesId}) { changes(startDate: "2026-02-30") { key } } }`, 'startDate'],
      [`{ tvSeries(id: ${seriesId}) { changes(startDate: "2026-10-10", endDate: "2026-10-01") { key } } }`, 'endDate'],
      [`{ tvSeries(id: ${seriesId}) { videos(includeVideoLanguages: ["xx-yy"]) { key } } }`, 'includeVideoLanguages'],
      [`{ tvSeries(id: ${seriesId}) { reviews(page: 501) { page } } }`, 'page'],
      [`mutation { rateTVSeries(seriesId: ${seriesId}, value: 7.3) { id } }`, 'value'],
      [`mutation { rateTVSeries(seriesId: 0, value: 7) { id } }`, 'seriesId'],
    ]) {
      const response = await h.query(query, undefined, { 'x-session-id': sessionId });
      expect(errorCodes(response), query).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions!.argument, query).toBe(argument);
    }
    expect(h.catalog.calls).toEqual([]);
  });

  it('nulls a sub-resource of an unknown series with NOT_FOUND', async () => {
    const { body } = await h.query('{ tvSeries(id: 2147483000) { contentRatings { rating } } }');
    expect(body.data.tvSeries.contentRatings).toBeNull();
    expect(body.errors![0].extensions!.code).toBe('NOT_FOUND');
  });
});

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
    expect(h.catalog.calls).toEqual([]);
  });

  it('rates and un-rates a series for the user, visible in accountStates of the returned series', async () => {
    const unrated = h.catalog.data.tvSeries.find(
      (s) => h.catalog.data.ratings.ratingOf('tv', s.id, `account:${h.catalog.data.account.id}` as any) === undefined,
    )!;
    const user = { 'x-session-id': sessionId };
    const rate = await h.query(
      `mutation($id: Int!) { rateTVSeries(seriesId: $id, value: 8.5) { id name accountStates { rating } } }`,
      { id: unrated.id },
      user,
    );
    expect(rate.body.errors).toBeUndefined();
    expect(rate.body.data.rateTVSeries).toEqual({ id: unrated.id, name: unrated.name, accountStates: { rating: 8.5 } });
    const post = h.catalog.calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: `/tv/${unrated.id}/rating`, status: 201 });
    expect(post.query.session_id).toBe(sessionId);

    const again = await h.query(STATES, { id: unrated.id }, user);
    expect(again.body.data.tvSeries.accountStates.rating).toBe(8.5);

    const removed = await h.query(
      `mutation($id: Int!) { deleteTVSeriesRating(seriesId: $id) { accountStates { rating } } }`,
      { id: unrated.id },
      user,
    );
    expect(removed.body.errors).toBeUndefined();
    expect(removed.body.data.deleteTVSeriesRating.accountStates.rating).toBeNull();
    expect(h.catalog.calls.filter((c) => c.method === 'DELETE')).toMatchObject([{ path: `/tv/${unrated.id}/rating`, status: 200 }]);
  });

  it('rates for a guest session, which has ratings only', async () => {
    const guest = { 'x-guest-session-id': guestSessionId };
    const favourite = h.catalog.data.accountMedia.ids('favorite', 'tv')[0];
    const rate = await h.query(
      `mutation($id: Int!) { rateTVSeries(seriesId: $id, value: 3) { accountStates { favorite watchlist rating } } }`,
      { id: favourite },
      guest,
    );
    expect(rate.body.errors).toBeUndefined();
    expect(rate.body.data.rateTVSeries.accountStates).toEqual({ favorite: false, watchlist: false, rating: 3 });
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

describe('Series lists', () => {
  const episodeDays = (id: number) =>
    (h.catalog.data.seasons.get(id) ?? []).filter((s) => s.season_number > 0).flatMap((s) => s.episodes.map((e) => e.air_date));

  it('airing today: every series has an episode today, and every such series is listed', async () => {
    const today = h.catalog.data.today;
    const { body } = await h.query(`{ airingTodayTVSeries { ${SUMMARY_PAGE} } }`);
    expect(body.errors).toBeUndefined();
    const rest = await h.rest('/tv/airing_today');
    expect(body.data.airingTodayTVSeries).toEqual(expected.page(rest, rest.results.map(expected.tvSummary)));
    const expectedIds = h.catalog.data.tvSeries
      .filter((s) => episodeDays(s.id).includes(today))
      .map((s) => s.id)
      .sort();
    expect(expectedIds.length).toBeGreaterThan(0);
    expect(rest.results.map((r: any) => r.id).sort()).toEqual(expectedIds);
  });

  it('on the air: episodes in the next 7 days; a far-east time zone is already a day later', async () => {
    const today = h.catalog.data.today;
    const { body } = await h.query(
      `{ utc: onTheAirTVSeries { results { id popularity } } east: onTheAirTVSeries(timezone: "Pacific/Kiritimati") { results { id } } }`,
    );
    expect(body.errors).toBeUndefined();
    const inWindow = (from: string) =>
      h.catalog.data.tvSeries
        .filter((s) => episodeDays(s.id).some((d) => d >= from && d <= addDays(from, 6)))
        .map((s) => s.id)
        .sort();
    expect(body.data.utc.results.map((r: any) => r.id).sort()).toEqual(inWindow(today));
    expect(body.data.east.results.map((r: any) => r.id).sort()).toEqual(inWindow(addDays(today, 1)));
    const popularity = body.data.utc.results.map((r: any) => r.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(h.catalog.calls.find((c) => c.query.timezone)!.query.timezone).toBe('Pacific/Kiritimati');
  });

  it('popular and top rated are really ordered, and page through the whole catalog', async () => {
    const { body } = await h.query(`{ popularTVSeries(page: 2) { page totalResults results { id popularity } }
      topRatedTVSeries { totalResults results { id voteAverage voteCount } } }`);
    expect(body.errors).toBeUndefined();
    const byPopularity = [...h.catalog.data.tvSeries].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    expect(body.data.popularTVSeries.totalResults).toBe(h.catalog.data.tvSeries.length);
    expect(body.data.popularTVSeries.results.map((r: any) => r.id)).toEqual(byPopularity.slice(20, 40).map((s) => s.id));
    const top = body.data.topRatedTVSeries.results;
    expect(top.map((r: any) => r.voteAverage)).toEqual([...top.map((r: any) => r.voteAverage)].sort((a, b) => b - a));
    expect(top.every((r: any) => r.voteCount >= 100)).toBe(true);
  });

  it('latest is the series with the highest id, with its details', async () => {
    const latest = h.catalog.data.tvSeries.reduce((a, b) => (b.id > a.id ? b : a));
    const { body } = await h.query('{ latestTVSeries { id name status numberOfSeasons } }');
    expect(body.data.latestTVSeries).toEqual({
      id: latest.id,
      name: latest.name,
      status: latest.status,
      numberOfSeasons: latest.number_of_seasons,
    });
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/tv/latest']);
  });

  it('rejects a bad time zone, page or language before any call', async () => {
    for (const [query, argument] of [
      ['{ airingTodayTVSeries(timezone: "../etc") { page } }', 'timezone'],
      ['{ popularTVSeries(page: 0) { page } }', 'page'],
      ['{ topRatedTVSeries(language: "EN") { page } }', 'language'],
    ]) {
      const response = await h.query(query);
      expect(response.body.errors![0].extensions, query).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('Search.tv', () => {
  it('matches the name and the original name, names starting with the query first', async () => {
    const foreign = h.catalog.data.tvSeries.find((s) => s.original_name !== s.name && s.original_name.length > 4)!;
    const term = foreign.original_name.slice(0, 4);
    const rest = await h.rest(`/search/tv?query=${encodeURIComponent(term)}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($q: String!) { search { tv(query: $q) { ${SUMMARY_PAGE} } } }`, { q: term });
    expect(body.errors).toBeUndefined();
    expect(body.data.search.tv).toEqual(expected.page(rest, rest.results.map(expected.tvSummary)));
    expect(rest.results.map((r: any) => r.id)).toContain(foreign.id);
    const lower = term.toLowerCase();
    const all = h.catalog.data.tvSeries.filter(
      (s) => s.name.toLowerCase().includes(lower) || s.original_name.toLowerCase().includes(lower),
    );
    expect(rest.total_results).toBe(all.length);
    const ranks = rest.results.map((r: any) =>
      r.name.toLowerCase().startsWith(lower) || r.original_name.toLowerCase().startsWith(lower) ? 0 : 1,
    );
    expect(ranks).toEqual([...ranks].sort());
  });

  it('filters by first air date year and by any air date year', async () => {
    // A series whose first and last air years differ, so both year filters can tell them apart.
    const series = h.catalog.data.tvSeries.find(
      (s) => s.number_of_seasons > 2 && s.name.length > 3 && s.last_air_date?.slice(0, 4) !== s.first_air_date.slice(0, 4),
    )!;
    expect(series).toBeDefined();
    const firstYear = Number(series.first_air_date.slice(0, 4));
    const word = series.name.split(' ').find((w) => w.length > 3) ?? series.name;
    const { body } = await h.query(
      `query($q: String!, $y: Int, $later: Int) { a: search { tv(query: $q, firstAirDateYear: $y) { results { id firstAirDate } } }
        b: search { tv(query: $q, firstAirDateYear: $later) { results { id } } } c: search { tv(query: $q, year: $later) { results { id } } } }`,
      { q: word, y: firstYear, later: Number(series.last_air_date.slice(0, 4)) },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.a.tv.results.every((r: any) => r.firstAirDate.startsWith(String(firstYear)))).toBe(true);
    expect(body.data.a.tv.results.map((r: any) => r.id)).toContain(series.id);
    expect(body.data.b.tv.results.map((r: any) => r.id)).not.toContain(series.id);
    expect(body.data.c.tv.results.map((r: any) => r.id)).toContain(series.id);
    const calls = h.catalog.calls.filter((c) => c.path === '/search/tv');
    expect(calls.some((c) => c.query.first_air_date_year === String(firstYear))).toBe(true);
    expect(calls.some((c) => c.query.year !== undefined)).toBe(true);
  });

  it('rejects an empty query and a bad year before any call', async () => {
    for (const [query, argument] of [
      ['{ search { tv(query: "  ") { page } } }', 'query'],
      ['{ search { tv(query: "a", year: 99) { page } } }', 'year'],
    ]) {
      const response = await h.query(query);
      expect(response.body.errors![0].extensions, query).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('append_to_response merging', () => {
  it('answers a series with its sub-resources from one call, identical to the separate calls', async () => {
    const merged = await startHarness({ config: { appendToResponse: true } });
    try {
      const query = `query($id: Int!) { tvSeries(id: $id) { name
        alternativeTitles { countryCode title } contentRatings { countryCode rating } externalIds { imdbId tvdbId }
        images { posters { filePath } } translations { languageCode data { name } } videos { key }
        watchProviders { countryCode flatrate { providerId } } similar { totalResults results { id name } }
        recommendations { results { id } } reviews { totalResults } } }`;
      const a = await merged.query(query, { id: seriesId });
      const b = await h.query(query, { id: seriesId });
      expect(a.body.errors).toBeUndefined();
      expect(a.body.data).toEqual(b.body.data);
      expect(merged.catalog.calls.map((c) => c.path)).toEqual([`/tv/${seriesId}`]);
      expect(merged.catalog.calls[0].query.append_to_response!.split(',').sort()).toEqual([
        'alternative_titles',
        'content_ratings',
        'external_ids',
        'images',
        'recommendations',
        'reviews',
        'similar',
        'translations',
        'videos',
        'watch/providers',
      ]);
    } finally {
      await merged.close();
    }
  });
});
