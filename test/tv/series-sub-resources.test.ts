import { describe, expect, it } from 'vitest';
import { TV_CERTIFICATIONS } from '@media-catalog/catalog/data/certifications';
import { addDays } from '@media-catalog/catalog/data/dates';
import * as expected from '../expected.ts';
import { errorCodes, startHarness } from '../helpers.ts';
import { h, SUMMARY_CONNECTION, seriesId, sessionId, useSeriesFixture } from './series-fixture.ts';

useSeriesFixture();

const OFFER_FIELDS = 'providerId providerName logoPath displayPriority';
const offer = expected.offer;
const offers = (list: any[] | undefined) => (list ?? []).map(offer);

describe('TVSeries sub-resources', () => {
  it('answers each sub-resource field by field with one call each, besides the one detail call', async () => {
    const titles = await h.rest(`/tv/${seriesId}/alternative_titles`);
    const ratings = await h.rest(`/tv/${seriesId}/content_ratings`);
    const ids = await h.rest(`/tv/${seriesId}/external_ids`);
    const images = await h.rest(`/tv/${seriesId}/images`);
    const translations = await h.rest(`/tv/${seriesId}/translations`);
    const videos = await h.rest(`/tv/${seriesId}/videos`);
    const providers = await h.rest(`/tv/${seriesId}/watch/providers`);
    h.catalog.resetCalls();

    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { id: databaseId
        alternativeTitles { countryCode title type }
        contentRatings { countryCode rating descriptors }
        externalIds { imdbId wikidataId facebookId instagramId twitterId freebaseId freebaseMid tvdbId tvrageId }
        images { backdrops { ${expected.IMAGE_FIELDS} } logos { ${expected.IMAGE_FIELDS} } posters { ${expected.IMAGE_FIELDS} } }
        translations { countryCode languageCode name englishName data { name overview tagline homepage title } }
        videos { id: databaseId key name site size type official publishedAt languageCode countryCode }
        watchProvidersByCountry { countryCode link flatrate { ${OFFER_FIELDS} } free { ${OFFER_FIELDS} } ads { ${OFFER_FIELDS} } buy { ${OFFER_FIELDS} } }
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
          name: t.data.name ?? null,
          overview: t.data.overview ?? null,
          tagline: t.data.tagline ?? null,
          homepage: t.data.homepage ?? null,
          title: null,
        },
      })),
    );
    expect(s.translations.find((t: any) => t.languageCode === 'en').data.name).toBe(details.name);
    expect(s.videos).toEqual(videos.results.map(expected.video));
    expect(s.watchProvidersByCountry).toEqual(
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
    // The details call, which tells that the series exists.
    expect(h.callsTo(`/tv/${seriesId}`)).toBe(1);
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
      `query($id: Int!, $s: Date, $e: Date) { tvSeries(id: $id) { changes(startDate: $s, endDate: $e) { key items { id: databaseId action time value } } } }`,
      { id: withChanges.id, s: start, e: h.catalog.data.today },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.changes).toEqual(
      rest.changes.map((g: any) => ({
        key: g.key,
        items: g.items.map((i: any) => ({
          id: i.id,
          action: expected.enumName(i.action),
          time: new Date(i.time.replace(' UTC', 'Z').replace(' ', 'T')).toISOString(),
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
      `query($id: Int!) { tvSeries(id: $id) { recommendations { ${SUMMARY_CONNECTION} } similar(${expected.pageWindow('TVSeries.similar', 2)}) { ${SUMMARY_CONNECTION} } } }`,
      { id: seriesId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.recommendations).toEqual(
      expected.connection(recommendations, recommendations.results.map(expected.tvSummary)),
    );
    expect(body.data.tvSeries.similar).toEqual(expected.connection(similar, similar.results.map(expected.tvSummary)));
    const mine = new Set(h.catalog.data.tvSeries.find((s) => s.id === seriesId)!.genres.map((g) => g.id));
    const all = [...recommendations.results, ...similar.results];
    expect(all.length).toBeGreaterThan(0);
    for (const item of all) {
      expect(item.id).not.toBe(seriesId);
      expect(item.genre_ids.some((g: number) => mine.has(g))).toBe(true);
    }
    const popularity = recommendations.results.map((r: any) => r.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    // Summaries were carried: no detail call for any listed series (the asked series' own tells that it exists).
    expect(h.catalog.calls.filter((c) => /^\/tv\/\d+$/.test(c.path)).map((c) => c.path)).toEqual([`/tv/${seriesId}`]);
  });

  it('pages the reviews of a series from the catalog reviews', async () => {
    const reviewed = h.catalog.data.reviews.find((r) => r.media_type === 'tv')!;
    const rest = await h.rest(`/tv/${reviewed.media_id}/reviews`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { reviews { ${expected.CONNECTION(expected.REVIEW_FIELDS)} } } }`,
      {
        id: reviewed.media_id,
      },
    );
    expect(body.errors).toBeUndefined();
    expect(rest.results.length).toBeGreaterThan(0);
    expect(body.data.tvSeries.reviews).toEqual(expected.connection(rest, rest.results.map(expected.review)));
    expect(rest.results.map((r: any) => r.id)).toContain(reviewed.id);
    expect(h.callsTo(`/tv/${reviewed.media_id}/reviews`)).toBe(1);
  });

  it('rejects bad arguments before any call of theirs', async () => {
    for (const [query, argument] of [
      [`{ tvSeries(id: ${seriesId}) { alternativeTitles(country: "USA") { title } } }`, 'country'],
      [`{ tvSeries(id: ${seriesId}) { similar(first: 0) { totalCount } } }`, 'first'],
      [`{ tvSeries(id: ${seriesId}) { recommendations(language: "english") { totalCount } } }`, 'language'],
      [`{ tvSeries(id: ${seriesId}) { changes(startDate: "2026-10-10", endDate: "2026-10-01") { key } } }`, 'endDate'],
      [`{ tvSeries(id: ${seriesId}) { videos(includeVideoLanguages: ["xx-yy"]) { key } } }`, 'includeVideoLanguages'],
      [`{ tvSeries(id: ${seriesId}) { reviews(first: 101) { totalCount } } }`, 'first'],
      [`mutation { rateTVSeries(input: { seriesId: ${seriesId}, value: 7.3 }) { tvSeries { id: databaseId } } }`, 'input.value'],
      [`mutation { rateTVSeries(input: { seriesId: 0, value: 7 }) { tvSeries { id: databaseId } } }`, 'input.seriesId'],
    ]) {
      const response = await h.query(query, undefined, { 'x-session-id': sessionId });
      expect(errorCodes(response), query).toEqual(['BAD_USER_INPUT']);
      const { argument: named, field } = response.body.errors![0].extensions!;
      expect(field === undefined ? named : `${named}.${field}`, query).toBe(argument);
    }
    // Only the series' details, which tell that it exists.
    expect(new Set(h.catalog.calls.map((c) => c.path))).toEqual(new Set([`/tv/${seriesId}`]));
  });

  it('answers an unknown series null, with one NOT_FOUND at the series', async () => {
    const { body } = await h.query('{ tvSeries(id: 2147483000) { contentRatings { rating } } }');
    expect(body.data.tvSeries).toBeNull();
    expect(body.errors!.map((e) => [e.extensions!.code, e.path])).toEqual([['NOT_FOUND', ['tvSeries']]]);
  });
});

describe('append_to_response merging', () => {
  it('answers a series with its sub-resources from one call, identical to the separate calls', async () => {
    const merged = await startHarness({ config: { appendToResponse: true } });
    try {
      const query = `query($id: Int!) { tvSeries(id: $id) { name
        alternativeTitles { countryCode title } contentRatings { countryCode rating } externalIds { imdbId tvdbId }
        images { posters { filePath } } translations { languageCode data { name } } videos { key }
        watchProvidersByCountry { countryCode flatrate { providerId } } similar { totalCount edges { node { id: databaseId name } } }
        recommendations { edges { node { id: databaseId } } } reviews { totalCount } } }`;
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
