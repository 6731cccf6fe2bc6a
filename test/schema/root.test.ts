import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('catalog-wide fields', () => {
  it('configuration answers field by field from GET /configuration', async () => {
    const up = await h.rest('/configuration');
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ configuration { changeKeys images { baseUrl secureBaseUrl backdropSizes logoSizes posterSizes profileSizes stillSizes } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.configuration).toEqual({
      changeKeys: up.change_keys,
      images: {
        baseUrl: up.images.base_url,
        secureBaseUrl: up.images.secure_base_url,
        backdropSizes: up.images.backdrop_sizes,
        logoSizes: up.images.logo_sizes,
        posterSizes: up.images.poster_sizes,
        profileSizes: up.images.profile_sizes,
        stillSizes: up.images.still_sizes,
      },
    });
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/configuration']);
  });

  it('authentication checks the credential with GET /authentication', async () => {
    const { body } = await h.query(`{ authentication { success statusCode statusMessage } }`);
    expect(body.data.authentication).toEqual({ success: true, statusCode: 1, statusMessage: 'Success.' });
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/authentication']);
  });

  it('watchProviderRegions answers field by field, ordered by country code', async () => {
    const up = await h.rest('/watch/providers/regions?language=fr-FR');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ watchProviderRegions(language: "fr-FR") { countryCode englishName nativeName } }`);
    expect(body.data.watchProviderRegions).toEqual(
      up.results.map((r: any) => ({ countryCode: r.iso_3166_1, englishName: r.english_name, nativeName: r.native_name })),
    );
    const codes = body.data.watchProviderRegions.map((r: any) => r.countryCode);
    expect(codes).toEqual([...codes].sort());
    expect(h.catalog.calls[0].query).toEqual({ language: 'fr-FR' });
  });

  it('tvWatchProviders passes language and watch_region and answers field by field', async () => {
    const up = await h.rest('/watch/providers/tv?language=en-US&watch_region=DE');
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ tvWatchProviders(language: "en-US", watchRegion: "DE") { providerId providerName logoPath displayPriority displayPriorities { countryCode priority } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvWatchProviders).toEqual(
      up.results.map((p: any) => ({
        providerId: p.provider_id,
        providerName: p.provider_name,
        logoPath: p.logo_path,
        displayPriority: p.display_priority,
        displayPriorities: Object.entries(p.display_priorities)
          .map(([countryCode, priority]) => ({ countryCode, priority }))
          .sort((a, b) => a.countryCode.localeCompare(b.countryCode)),
      })),
    );
    expect(body.data.tvWatchProviders.length).toBeGreaterThan(0);
    expect(body.data.tvWatchProviders.every((p: any) => p.displayPriorities.some((d: any) => d.countryCode === 'DE'))).toBe(true);
    expect(h.catalog.calls[0].query).toEqual({ language: 'en-US', watch_region: 'DE' });
  });

  it('serves GraphiQL to a browser at /graphql', async () => {
    const response = await fetch(h.url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('GraphiQL');
  });
});
