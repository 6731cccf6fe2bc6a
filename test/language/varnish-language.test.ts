import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVarnish, type RunningVarnish } from '../delivery/varnish.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * A real shared cache never mixes languages: Debian's Varnish with its default VCL, which knows
 * nothing of ours and obeys only Cache-Control and Vary, keeps one copy per Accept-Language
 * because the gateway's answers say `Vary: Accept-Language`.
 */
let h: Harness;
let varnish: RunningVarnish;

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024 } });
  varnish = await startVarnish(Number(new URL(h.url).port));
}, 30_000);
afterAll(async () => {
  await varnish?.close();
  await h?.close();
});

const isHit = (response: Response) => (response.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;

describe('Varnish in front of the gateway, in several languages', () => {
  it('keeps a copy per Accept-Language: a French answer never reaches a German reader', async () => {
    const movie = h.catalog.data.movies.find((m) => {
      const codes = new Set(h.catalog.data.movieExtras.get(m.id)?.translations.map((t) => t.iso_639_1));
      return m.original_language === 'en' && codes.has('fr') && codes.has('de');
    })!;
    const text = (code: string) => h.catalog.data.movieExtras.get(movie.id)!.translations.find((t) => t.iso_639_1 === code)!.data;
    const url = `${varnish.url}/graphql?query=${encodeURIComponent(`{ movie(id: ${movie.id}) { title } }`)}`;
    const ask = (language: string) => fetch(url, { headers: { 'accept-language': language } });

    const french = await ask('fr-FR');
    expect(french.headers.get('vary')).toMatch(/\bAccept-Language\b/);
    expect(french.headers.get('content-language')).toBe('fr-FR');
    expect((await french.json()).data.movie.title).toBe(text('fr').title);
    const served = h.served();
    const german = await ask('de-DE');
    expect(isHit(german)).toBe(false);
    expect((await german.json()).data.movie.title).toBe(text('de').title);
    expect(h.served()).toBe(served + 1);
    // Each language is now a hit of its own copy.
    const frenchAgain = await ask('fr-FR');
    expect(isHit(frenchAgain)).toBe(true);
    expect((await frenchAgain.json()).data.movie.title).toBe(text('fr').title);
    expect(h.served()).toBe(served + 1);
  });
});
