import { describe, expect, it } from 'vitest';
import { errorCodes, startHarness } from '../helpers.ts';
import {
  CHANGES,
  changed,
  changeGroups,
  countryOffers,
  end,
  episodeNumber,
  h,
  IMAGE,
  OFFER,
  seasonNumber,
  seriesId,
  start,
  TRANSLATION,
  translation,
  useSeasonFixture,
  VIDEO,
  video,
} from './season-fixture.ts';

useSeasonFixture();

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
        translations { ${TRANSLATION} } videos { ${VIDEO} } watchProvidersByCountry { countryCode link flatrate { ${OFFER} } rent { ${OFFER} } buy { ${OFFER} } free { ${OFFER} } ads { ${OFFER} } }
        again: videos { id: databaseId } } } }`,
      { id: seriesId, n: seasonNumber },
    );
    expect(body.errors).toBeUndefined();
    const season = body.data.tvSeries.season;
    expect(season.translations).toEqual(translations.translations.map(translation));
    expect(season.videos).toEqual(videos.results.map(video));
    expect(season.watchProvidersByCountry).toEqual(countryOffers(providers.results));
    expect(season.watchProvidersByCountry.length).toBeGreaterThan(0);
    // Besides the series' and the season's details, which tell that both exist.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual(
      [`/tv/${seriesId}`, base, `${base}/translations`, `${base}/videos`, `${base}/watch/providers`].sort(),
    );
  });

  it('narrows watch providers to one country and videos by language', async () => {
    const providers = await h.rest(`/tv/${seriesId}/season/${seasonNumber}/watch/providers`);
    const country = Object.keys(providers.results)[0];
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $n: Int!, $c: String!) { tvSeries(id: $id) { season(number: $n) {
        watchProviders(country: $c) { countryCode } videos(language: "de") { id: databaseId } } } }`,
      { id: seriesId, n: seasonNumber, c: country.toLowerCase() },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.season.watchProviders).toEqual({ countryCode: country });
    expect(body.data.tvSeries.season.videos).toEqual([]); // every generated video is English
    expect(h.catalog.calls.find((c) => c.path.endsWith('/videos'))?.query).toMatchObject({ language: 'de' });
  });

  it('answers changes by the season id: from the carried id without a season detail call', async () => {
    const up = await h.rest(`/tv/season/${changed.seasonId}/changes?start_date=${start}&end_date=${end}`);
    expect(up.changes.length).toBeGreaterThan(0);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $s: Date, $e: Date) { tvSeries(id: $id) { seasons { id: databaseId seasonNumber changes(startDate: $s, endDate: $e) { ${CHANGES} } } } }`,
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
      `query($id: Int!, $n: Int!, $s: Date) { tvSeries(id: $id) { season(number: $n) { id: databaseId changes(startDate: $s) { key } } } }`,
      { id: changed.seriesId, n: changed.seasonNumber, s: start },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.season.id).toBe(changed.seasonId);
    expect(h.callsTo(`/tv/${changed.seriesId}/season/${changed.seasonNumber}`)).toBe(1);
    expect(h.callsTo(`/tv/season/${changed.seasonId}/changes`)).toBe(1);
  });

  it('rejects bad change windows before any call of theirs', async () => {
    for (const [args, argument] of [
      ['startDate: "2026-10-10", endDate: "2026-10-01"', 'endDate'],
      ['page: 0', 'page'],
    ]) {
      const response = await h.query(`{ tvSeries(id: ${seriesId}) { season(number: ${seasonNumber}) { changes(${args}) { key } } } }`);
      expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions!.argument).toBe(argument);
    }
    // Only the details of the series and the season, which tell that they exist.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual(
      [`/tv/${seriesId}`, `/tv/${seriesId}/season/${seasonNumber}`].flatMap((p) => [p, p]),
    );
  });
});

describe('append_to_response merging', () => {
  it('merges season and episode sub-resources into one detail call each, with the same answers', async () => {
    const merged = await startHarness({ config: { appendToResponse: true } });
    try {
      const query = `query($id: Int!, $n: Int!, $e: Int!) { tvSeries(id: $id) { season(number: $n) {
        translations { ${TRANSLATION} } videos { ${VIDEO} } watchProvidersByCountry { countryCode link flatrate { ${OFFER} } }
        episode(number: $e) { externalIds { imdbId tvdbId } images { stills { ${IMAGE} } } translations { ${TRANSLATION} } videos { ${VIDEO} } } } } }`;
      const vars = { id: seriesId, n: seasonNumber, e: episodeNumber };
      const plain = await h.query(query, vars);
      const { body } = await merged.query(query, vars);
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual(plain.body.data);
      const paths = merged.catalog.calls.map((c) => c.path).sort();
      expect(paths).toEqual([
        `/tv/${seriesId}`,
        `/tv/${seriesId}/season/${seasonNumber}`,
        `/tv/${seriesId}/season/${seasonNumber}/episode/${episodeNumber}`,
      ]);
    } finally {
      await merged.close();
    }
  });
});
