import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 31, "also seen": Content-Language named the request's language (Accept-Language, else
 * en-US) even when a `language` argument put the answer's texts in another: a Spanish title
 * came labelled `en-US`. It now names the languages the answer's fields resolved in; an answer
 * mixing several lists them, sorted. A whole-response cache hit says the same as the miss.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024 } });
});
afterAll(() => h?.close());

/** A movie the catalog has Spanish and German texts of, and those texts. */
function translatedMovie() {
  const { movies, movieExtras } = h.catalog.data;
  const movie = movies.find((m) => {
    const codes = new Set(movieExtras.get(m.id)?.translations.map((t) => t.iso_639_1));
    return m.original_language === 'en' && codes.has('es') && codes.has('de');
  })!;
  const text = (code: string) => movieExtras.get(movie.id)!.translations.find((t) => t.iso_639_1 === code)!.data;
  return { movie, text };
}

async function ask(query: string, acceptLanguage?: string) {
  const response = await fetch(h.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    body: JSON.stringify({ query }),
  });
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return { data: body.data, contentLanguage: response.headers.get('content-language') };
}

describe('Content-Language', () => {
  it('names the language a `language` argument chose, not the catalog’s default', async () => {
    const { movie, text } = translatedMovie();
    const { data, contentLanguage } = await ask(`{ movie(id: ${movie.id}, language: "es-ES") { title } }`);
    expect(data.movie.title).toBe(text('es').title);
    expect(contentLanguage).toBe('es-ES');
  });

  it('names the argument’s language, not the request’s, when every text is in the former', async () => {
    const { movie, text } = translatedMovie();
    const { data, contentLanguage } = await ask(`{ movie(id: ${movie.id}, language: "es-ES") { title overview } }`, 'de-DE');
    expect(data.movie.title).toBe(text('es').title);
    expect(contentLanguage).toBe('es-ES');
  });

  it('lists every language of an answer that mixes them, sorted', async () => {
    const { movie, text } = translatedMovie();
    const query = `{ spanish: movie(id: ${movie.id}, language: "es-ES") { title } german: movie(id: ${movie.id}) { title } }`;
    const { data, contentLanguage } = await ask(query, 'de-DE');
    expect([data.spanish.title, data.german.title]).toEqual([text('es').title, text('de').title]);
    expect(contentLanguage).toBe('de-DE, es-ES');
    // Without Accept-Language the rest is in the catalog's default.
    expect((await ask(query)).contentLanguage).toBe('en-US, es-ES');
  });

  it('a whole-response cache hit carries the miss’s Content-Language', async () => {
    const { movie } = translatedMovie();
    const query = `query SpanishAgain { movie(id: ${movie.id}, language: "es-ES") { title } }`;
    const miss = await ask(query, 'de-DE');
    const hits = h.responseCache!.stats.hits;
    const hit = await ask(query, 'de-DE');
    expect(h.responseCache!.stats.hits).toBe(hits + 1);
    expect([miss.contentLanguage, hit.contentLanguage]).toEqual(['es-ES', 'es-ES']);
  });

  it('without a `language` argument, the request’s language as before', async () => {
    const { movie } = translatedMovie();
    expect((await ask(`{ movie(id: ${movie.id}) { title } }`, 'de-DE')).contentLanguage).toBe('de-DE');
    expect((await ask(`{ movie(id: ${movie.id}) { title } }`)).contentLanguage).toBe('en-US');
  });
});
