import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postQuery, startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/**
 * One language per request, reaching every upstream call: the entity roots' `language`
 * argument, the Accept-Language header, nested detail loads and per-item loads of lists, each
 * call counted at the catalog with the language it carried; the embedded catalog answers from
 * its translations data.
 */
let h: Harness;
let merged: Harness;

beforeAll(async () => {
  [h, merged] = await Promise.all([startHarness(), startHarness({ config: { appendToResponse: true } })]);
});
afterAll(async () => {
  await Promise.all([h.close(), merged.close()]);
});
beforeEach(() => {
  h.catalog.resetCalls();
  merged.catalog.resetCalls();
});

/** A movie the catalog has French, German and Spanish texts of, with similar movies and recommendations. */
function movieIn(harness: Harness, languages: string[]) {
  const movie = harness.catalog.data.movies.find((m) => {
    const codes = new Set(harness.catalog.data.movieExtras.get(m.id)?.translations.map((t) => t.iso_639_1));
    return m.original_language === 'en' && languages.every((code) => codes.has(code)) && m.genres.length > 0;
  });
  if (!movie) throw new Error(`no movie translated into ${languages.join(', ')}`);
  const translations = harness.catalog.data.movieExtras.get(movie.id)!.translations;
  const text = (code: string) => translations.find((t) => t.iso_639_1 === code)!.data;
  return { movie, text };
}

/** Each call the catalog received for `path`, with the language it carried. */
const languagesOf = (harness: Harness, path: RegExp) =>
  harness.catalog.calls.filter((call) => path.test(call.path)).map((call) => `${call.path} ${call.query.language ?? '-'}`);

describe('the embedded catalog answers in the language asked, from its translations data', () => {
  it('French, German and Spanish titles and overviews; no translation falls back to the original', async () => {
    const { movie, text } = movieIn(h, ['fr']);
    for (const code of ['fr', 'de', 'es']) {
      const answer = await h.rest(`/movie/${movie.id}?language=${code}-${code.toUpperCase()}`);
      const translated = h.catalog.data.movieExtras.get(movie.id)!.translations.find((t) => t.iso_639_1 === code)?.data;
      expect(answer.title).toBe(translated?.title || movie.original_title);
      expect(answer.overview).toBe(translated?.overview || movie.overview);
    }
    expect((await h.rest(`/movie/${movie.id}?language=fr-FR`)).title).toBe(text('fr').title);
    expect((await h.rest(`/movie/${movie.id}?language=en-US`)).title).toBe(movie.title);
    const genres = (await h.rest(`/movie/${movie.id}?language=de-DE`)).genres;
    expect(genres.map((g: any) => g.id)).toEqual(movie.genres.map((g) => g.id));
    expect((await h.rest('/genre/movie/list?language=fr-FR')).genres).toContainEqual({ id: 35, name: 'Comédie' });
    expect((await h.rest('/genre/movie/list?language=es-ES')).genres).toContainEqual({ id: 35, name: 'Comedia' });
  });
});

describe('a language argument on the entity roots', () => {
  it('a French root with English, German and Spanish children in one query: each upstream call carries its own', async () => {
    const { movie, text } = movieIn(h, ['fr']);
    const { body } = await h.query(
      `query($id: Int!) {
        movie(id: $id, language: "fr-FR") {
          title overview genres { id: databaseId name }
          similar(language: "en-US") { edges { node { id: databaseId title tagline } } }
          recommendations(language: "de-DE") { edges { node { id: databaseId title } } }
          reviews(language: "es-ES") { totalCount }
          credits { cast { person { name } } }
          collection { id: databaseId }
        }
      }`,
      { id: movie.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.title).toBe(text('fr').title);
    expect(body.data.movie.overview).toBe(text('fr').overview || movie.overview);
    expect(body.data.movie.genres).toContainEqual({ id: movie.genres[0]!.id, name: expect.any(String) });
    // The French root's detail, its credits (which take no language) and nothing else in French.
    expect(languagesOf(h, new RegExp(`^/movie/${movie.id}$`))).toEqual([`/movie/${movie.id} fr-FR`]);
    expect(languagesOf(h, /\/similar$/)).toEqual([`/movie/${movie.id}/similar en-US`]);
    expect(languagesOf(h, /\/recommendations$/)).toEqual([`/movie/${movie.id}/recommendations de-DE`]);
    expect(languagesOf(h, /\/reviews$/)).toEqual([`/movie/${movie.id}/reviews es-ES`]);
    // Each similar movie's tagline is a detail load, made in the child's language.
    const similar = expected.nodes(body.data.movie.similar) as Array<{ id: number }>;
    expect(similar.length).toBeGreaterThan(0);
    for (const item of similar) expect(languagesOf(h, new RegExp(`^/movie/${item.id}$`))).toEqual([`/movie/${item.id} en-US`]);
    // The German recommendations are the catalog's German answer.
    const german = await h.rest(`/movie/${movie.id}/recommendations?language=de-DE`);
    expect(expected.nodes(body.data.movie.recommendations).map((r: any) => r.title)).toEqual(german.results.map((r: any) => r.title));
  });

  it('season and episode take one too; a malformed language is BAD_USER_INPUT before any call', async () => {
    const series = h.catalog.data.tvSeries.find((s) => s.number_of_seasons > 0)!;
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id, language: "es-ES") { name season(number: 1, language: "de-DE") { name episode(number: 1, language: "fr-FR") { name } } } }`,
      { id: series.id },
    );
    expect(body.errors).toBeUndefined();
    expect(languagesOf(h, /^\/tv\//)).toEqual([
      `/tv/${series.id} es-ES`,
      `/tv/${series.id}/season/1 de-DE`,
      `/tv/${series.id}/season/1/episode/1 fr-FR`,
    ]);
    h.catalog.resetCalls();
    for (const bad of ['french', 'FR', 'fr_FR', 'fr-fr', '']) {
      const response = await h.query(`query($l: String) { movie(id: 1, language: $l) { title } }`, { l: bad });
      expect(response.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'language' });
    }
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('Accept-Language', () => {
  it('the first acceptable tag by q-value becomes the language of every call; Content-Language and Vary say so', async () => {
    const { movie, text } = movieIn(h, ['fr']);
    const response = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-Hant-TW, de-CH;q=0.5, fr-FR;q=0.9, *;q=0.8, en;q=0' },
      body: JSON.stringify({ query: `{ movie(id: ${movie.id}) { title images { posters { filePath } } } }` }),
    });
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.title).toBe(text('fr').title);
    expect(response.headers.get('content-language')).toBe('fr-FR');
    expect(response.headers.get('vary')).toMatch(/\bAccept-Language\b/);
    const images = h.catalog.calls.find((call) => call.path.endsWith('/images'))!;
    expect(images.query).toMatchObject({ language: 'fr-FR', include_image_language: 'fr,null' });
    expect(languagesOf(h, new RegExp(`^/movie/${movie.id}$`))).toEqual([`/movie/${movie.id} fr-FR`]);
  });

  it('without the header, or with none acceptable: the calls are as before (no language), Content-Language en-US', async () => {
    const movie = h.catalog.data.movies[0]!;
    for (const header of [undefined, '*', 'zh-Hant, x-klingon;q=0.9']) {
      h.catalog.resetCalls();
      const response = await fetch(h.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(header ? { 'accept-language': header } : {}) },
        body: JSON.stringify({ query: `{ movie(id: ${movie.id}) { title } }` }),
      });
      expect((await response.json()).data.movie.title).toBe(movie.title);
      expect(response.headers.get('content-language')).toBe('en-US');
      expect(h.catalog.calls.map((call) => call.query.language)).toEqual([undefined]);
    }
  });

  it('a language argument wins over the header for its subtree', async () => {
    const { movie } = movieIn(h, ['fr']);
    const { body } = await postQuery(
      h.url,
      `{ movie(id: ${movie.id}, language: "es-ES") { title } other: movie(id: ${movie.id}) { title } }`,
      undefined,
      { 'accept-language': 'de-DE' },
    );
    expect(body.errors).toBeUndefined();
    expect(languagesOf(h, new RegExp(`^/movie/${movie.id}$`)).sort()).toEqual([`/movie/${movie.id} de-DE`, `/movie/${movie.id} es-ES`]);
  });
});

describe('calls per query unchanged for a single language', () => {
  const DETAIL = `query($id: Int!) {
    movie(id: $id) {
      title tagline genres { name }
      credits { cast { character } }
      images { posters { filePath } }
      videos { key }
      externalIds { imdbId }
      translations { languageCode }
      similar { edges { node { title } } }
    }
  }`;

  it.each([
    ['separate calls', () => h],
    ['merged calls (append_to_response)', () => merged],
  ])('%s: French costs as many calls as the default, and the merged call carries the language once', async (_, harness) => {
    const target = harness();
    const { movie } = movieIn(target, ['fr']);
    const plain = await postQuery(target.url, DETAIL, { id: movie.id });
    expect(plain.body.errors).toBeUndefined();
    const defaultCalls = target.catalog.calls.length;
    target.catalog.resetCalls();
    const french = await postQuery(target.url, DETAIL, { id: movie.id }, { 'accept-language': 'fr-FR' });
    expect(french.body.errors).toBeUndefined();
    expect(target.catalog.calls.length).toBe(defaultCalls);
    expect(french.body.data.movie.title).not.toBe(plain.body.data.movie.title);
    // Every call whose endpoint takes a language carried French.
    for (const call of target.catalog.calls) {
      if (/\/(external_ids|translations|credits|videos)$/.test(call.path)) continue;
      expect(call.query.language, call.path).toBe('fr-FR');
    }
    if (target === merged) expect(target.catalog.calls.length).toBeLessThan(3);
  });
});

describe('caches never mix languages', () => {
  it('the HTTP cache and the whole-response cache keep each language apart', async () => {
    const cached = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
    try {
      const { movie, text } = movieIn(cached, ['fr', 'de']);
      const ask = async (language: string) => {
        const response = await fetch(cached.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': language },
          body: JSON.stringify({ query: `{ movie(id: ${movie.id}) { title } }` }),
        });
        return { title: (await response.json()).data.movie.title, language: response.headers.get('content-language') };
      };
      expect(await ask('fr-FR')).toEqual({ title: text('fr').title, language: 'fr-FR' });
      const calls = cached.catalog.calls.length;
      // The same request again: the whole-response cache answers, no call.
      expect(await ask('fr-FR')).toEqual({ title: text('fr').title, language: 'fr-FR' });
      expect(cached.catalog.calls.length).toBe(calls);
      // Same body, another language: neither cache answers with French.
      expect(await ask('de-DE')).toEqual({ title: text('de').title, language: 'de-DE' });
      expect(cached.catalog.calls.length).toBe(calls + 1);
      expect(await ask('en-US')).toEqual({ title: movie.title, language: 'en-US' });
      expect(cached.responseCache?.stats.hits).toBe(1);
    } finally {
      await cached.close();
    }
  });
});

describe("the bench's queries in one language", () => {
  // The three queries of bench/run.ts, as connections (the shape of 1.0).
  const BENCH = {
    '(a) configuration': () => '{ configuration { changeKeys images { secureBaseUrl posterSizes } } }',
    '(b) one movie': (id: number) => `{ movie(id: ${id}) { title overview alternativeTitles { countryCode title type }
      images { posters { filePath width height } } reviews { totalCount edges { node { id: databaseId author content } } }
      lists { totalCount edges { node { id: databaseId name } } } } }`,
    '(c) 20 upcoming': () => `{ upcomingMovies { edges { node { id: databaseId title posterPath alternativeTitles { title type }
      reviews { totalCount edges { node { id: databaseId author } } } } } } }`,
  };

  it.each([
    ['separate calls', () => h],
    ['merged calls', () => merged],
  ])('%s: as many upstream calls in French as in the default', async (mode, harness) => {
    const target = harness();
    const movieId = target.catalog.data.movies.find((m) => (target.catalog.data.movieImages.get(m.id)?.posters.length ?? 0) > 0)!.id;
    const figures: string[] = [];
    for (const [name, query] of Object.entries(BENCH)) {
      const counts: number[] = [];
      for (const headers of [{}, { 'accept-language': 'fr-FR' }] as Record<string, string>[]) {
        target.catalog.resetCalls();
        const { body } = await postQuery(target.url, query(movieId), undefined, headers);
        expect(body.errors).toBeUndefined();
        counts.push(target.catalog.calls.length);
      }
      expect(counts[1], name).toBe(counts[0]);
      figures.push(`${name}: ${counts[0]} default, ${counts[1]} fr-FR`);
    }
    console.info(`upstream calls per query, ${mode}: ${figures.join('; ')}`);
  });
});
