import { describe, expect, it } from 'vitest';
import { MOVIE_CERTIFICATIONS } from '@media-catalog/catalog/data/certifications';
import * as expected from '../expected.ts';
import { errorCodes, startHarness } from '../helpers.ts';
import { h, movieId, SUMMARY_CONNECTION, useMovieFixture } from './fixture.ts';

useMovieFixture();

const offer = expected.offer;
const OFFER_FIELDS = 'providerId providerName logoPath displayPriority';

describe('Movie sub-resources', () => {
  it('answers videos, release dates, translations, external ids and watch providers field by field, one call each', async () => {
    const videos = await h.rest(`/movie/${movieId}/videos`);
    const releases = await h.rest(`/movie/${movieId}/release_dates`);
    const translations = await h.rest(`/movie/${movieId}/translations`);
    const ids = await h.rest(`/movie/${movieId}/external_ids`);
    const providers = await h.rest(`/movie/${movieId}/watch/providers`);
    const details = await h.rest(`/movie/${movieId}`);
    h.catalog.resetCalls();

    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) {
        videos { id: databaseId key name site size type official publishedAt languageCode countryCode }
        releaseDates { countryCode releases { certification releaseDate type note languageCode } }
        translations { countryCode languageCode name englishName data { title overview tagline homepage runtime } }
        externalIds { imdbId wikidataId facebookId instagramId twitterId }
        watchProvidersByCountry { countryCode link flatrate { ${OFFER_FIELDS} } rent { ${OFFER_FIELDS} } buy { ${OFFER_FIELDS} } }
      } }`,
      { id: movieId },
    );
    expect(body.errors).toBeUndefined();
    const movie = body.data.movie;
    expect(movie.videos).toEqual(videos.results.map(expected.video));
    const TYPES = ['', 'PREMIERE', 'THEATRICAL_LIMITED', 'THEATRICAL', 'DIGITAL', 'PHYSICAL', 'TV'];
    expect(movie.releaseDates).toEqual(
      releases.results.map((c: any) => ({
        countryCode: c.iso_3166_1,
        releases: c.release_dates.map((r: any) => ({
          certification: r.certification || null,
          releaseDate: r.release_date,
          type: TYPES[r.type],
          note: r.note ?? null,
          languageCode: r.iso_639_1 || null,
        })),
      })),
    );
    expect(movie.translations).toEqual(
      translations.translations.map((t: any) => ({
        countryCode: t.iso_3166_1,
        languageCode: t.iso_639_1,
        name: t.name,
        englishName: t.english_name,
        data: {
          title: t.data.title ?? null,
          overview: t.data.overview ?? null,
          tagline: t.data.tagline ?? null,
          homepage: t.data.homepage ?? null,
          runtime: t.data.runtime ?? null,
        },
      })),
    );
    expect(movie.externalIds).toEqual({
      imdbId: ids.imdb_id,
      wikidataId: ids.wikidata_id,
      facebookId: ids.facebook_id,
      instagramId: ids.instagram_id,
      twitterId: ids.twitter_id,
    });
    expect(movie.externalIds.imdbId).toBe(details.imdb_id);
    expect(movie.watchProvidersByCountry).toEqual(
      Object.keys(providers.results)
        .sort()
        .map((country) => {
          const offers = providers.results[country];
          return {
            countryCode: country,
            link: offers.link,
            flatrate: (offers.flatrate ?? []).map(offer),
            rent: (offers.rent ?? []).map(offer),
            buy: (offers.buy ?? []).map(offer),
          };
        }),
    );
    for (const path of ['videos', 'release_dates', 'translations', 'external_ids', 'watch/providers']) {
      expect(h.callsTo(`/movie/${movieId}/${path}`), path).toBe(1);
    }
    // And the details call, which tells that the movie exists.
    expect(h.callsTo(`/movie/${movieId}`)).toBe(1);
    expect(h.catalog.calls).toHaveLength(6);
  });

  it('keeps the data consistent: certifications come from the country lists, providers from the provider list', async () => {
    const providerIds = new Set(h.catalog.data.watchProviders.map((p) => p.provider_id));
    for (const [, extras] of [...h.catalog.data.movieExtras].slice(0, 200)) {
      for (const country of extras.releaseDates) {
        const allowed = (MOVIE_CERTIFICATIONS[country.iso_3166_1] ?? []).map((c) => c.certification);
        for (const release of country.release_dates) {
          if (release.certification) expect(allowed).toContain(release.certification);
        }
      }
      for (const [country, offers] of Object.entries(extras.watchProviders)) {
        for (const item of [...(offers.flatrate ?? []), ...(offers.rent ?? []), ...(offers.buy ?? [])]) {
          expect(providerIds.has(item.provider_id)).toBe(true);
          const provider = h.catalog.data.watchProviders.find((p) => p.provider_id === item.provider_id)!;
          expect(provider.display_priorities[country]).toBe(item.display_priority);
        }
      }
    }
  });

  it('filters watch providers by country and videos by language', async () => {
    const providers = await h.rest(`/movie/${movieId}/watch/providers`);
    const country = Object.keys(providers.results)[0];
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $c: String!) { movie(id: $id) { watchProviders(country: $c) { countryCode } videos(language: "fr") { key } } }`,
      { id: movieId, c: country.toLowerCase() },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.watchProviders).toEqual({ countryCode: country });
    expect(body.data.movie.videos).toEqual([]);
    expect(h.catalog.calls.find((c) => c.path.endsWith('/videos'))?.query).toMatchObject({ language: 'fr' });
  });

  it('adds the videos of more languages with includeVideoLanguages, as on the series', async () => {
    const all = await h.rest(`/movie/${movieId}/videos`);
    const english = all.results.filter((v: any) => v.iso_639_1 === 'en').map((v: any) => v.key);
    expect(english.length).toBeGreaterThan(0);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) { videos(language: "fr-FR", includeVideoLanguages: ["en"]) { key languageCode } } }`,
      { id: movieId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.videos.map((v: any) => v.key)).toEqual(english);
    expect(h.catalog.calls.find((c) => c.path.endsWith('/videos'))?.query).toMatchObject({
      language: 'fr-FR',
      include_video_language: 'en',
    });
    const bad = await h.query(`{ movie(id: ${movieId}) { videos(includeVideoLanguages: ["xx-yy"]) { key } } }`);
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT']);
    expect(bad.body.errors![0].extensions!.argument).toBe('includeVideoLanguages');
  });

  it('pages similar and recommended movies that share a genre, with their summaries carried (no detail calls)', async () => {
    const similar = await h.rest(`/movie/${movieId}/similar?page=2`);
    const recommended = await h.rest(`/movie/${movieId}/recommendations`);
    const genres = new Set(h.catalog.data.movies.find((m) => m.id === movieId)!.genres.map((g) => g.id));
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) { similar(${expected.pageWindow('Movie.similar', 2)}) { ${SUMMARY_CONNECTION} } recommendations { ${SUMMARY_CONNECTION} } } }`,
      { id: movieId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.similar).toEqual(expected.connection(similar, similar.results.map(expected.movieSummary)));
    expect(body.data.movie.recommendations).toEqual(expected.connection(recommended, recommended.results.map(expected.movieSummary)));
    for (const item of [...similar.results, ...recommended.results]) {
      expect(item.id).not.toBe(movieId);
      expect(item.genre_ids.some((g: number) => genres.has(g))).toBe(true);
    }
    // No listed movie's details; the asked movie's own tell that it exists.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([
      `/movie/${movieId}`,
      `/movie/${movieId}/recommendations`,
      `/movie/${movieId}/similar`,
    ]);
  });

  it('rejects bad arguments before any call of theirs', async () => {
    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) { similar(first: 0) { totalCount } watchProviders(country: "USA") { countryCode } } }`,
      { id: movieId },
    );
    expect(errorCodes({ body } as any)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    // Only the details, which tell that the movie exists.
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/movie/${movieId}`]);
  });
});

describe('append_to_response merging', () => {
  it('answers the movie sub-resources from one call with the same data as separate calls', async () => {
    const merged = await startHarness({ config: { appendToResponse: true } });
    try {
      const query = `query($id: Int!) { movie(id: $id) { title
        videos { key } releaseDates { countryCode releases { certification type } } translations { languageCode data { title } }
        externalIds { imdbId facebookId } watchProvidersByCountry { countryCode buy { providerId } }
        similar { totalCount edges { node { id: databaseId title } } } recommendations { edges { node { id: databaseId } } } } }`;
      const a = await merged.query(query, { id: movieId });
      const b = await h.query(query, { id: movieId });
      expect(a.body.errors).toBeUndefined();
      expect(a.body).toEqual(b.body);
      expect(merged.catalog.calls).toHaveLength(1);
      expect(merged.catalog.calls[0].path).toBe(`/movie/${movieId}`);
      expect(merged.catalog.calls[0].query.append_to_response?.split(',').sort()).toEqual([
        'external_ids',
        'recommendations',
        'release_dates',
        'similar',
        'translations',
        'videos',
        'watch/providers',
      ]);
      expect(h.catalog.calls).toHaveLength(8);
    } finally {
      await merged.close();
    }
  });
});
