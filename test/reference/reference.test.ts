import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('configuration reference lists', () => {
  it('countries, languages, timezones, jobs and primary translations answer field by field, one call each', async () => {
    const [countries, languages, timezones, jobs, primary] = [
      await h.rest('/configuration/countries?language=de'),
      await h.rest('/configuration/languages'),
      await h.rest('/configuration/timezones'),
      await h.rest('/configuration/jobs'),
      await h.rest('/configuration/primary_translations'),
    ];
    h.catalog.resetCalls();
    const { body } = await h.query(`{
      countries(language: "de") { countryCode englishName nativeName }
      languages { languageCode englishName name }
      timezones { countryCode zones }
      jobs { name jobs }
      primaryTranslations
      again: languages { languageCode }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.countries).toEqual(
      countries.map((c: any) => ({ countryCode: c.iso_3166_1, englishName: c.english_name, nativeName: c.native_name })),
    );
    expect(body.data.languages).toEqual(
      languages.map((l: any) => ({ languageCode: l.iso_639_1, englishName: l.english_name, name: l.name })),
    );
    expect(body.data.timezones).toEqual(timezones.map((t: any) => ({ countryCode: t.iso_3166_1, zones: t.zones })));
    expect(body.data.jobs).toEqual(jobs.map((d: any) => ({ name: d.department, jobs: d.jobs })));
    expect(body.data.primaryTranslations).toEqual(primary);
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([
      '/configuration/countries',
      '/configuration/jobs',
      '/configuration/languages',
      '/configuration/primary_translations',
      '/configuration/timezones',
    ]);
    expect(h.catalog.calls.find((c) => c.path === '/configuration/countries')!.query).toEqual({ language: 'de' });
  });

  it('the lists look like the real ones', async () => {
    const { body } = await h.query(
      '{ countries { countryCode } languages { languageCode name } timezones { countryCode zones } primaryTranslations }',
    );
    expect(body.data.countries.length).toBeGreaterThan(200);
    expect(body.data.countries.map((c: any) => c.countryCode)).toContain('US');
    expect(body.data.languages).toContainEqual({ languageCode: 'de', name: 'Deutsch' });
    expect(body.data.languages.some((l: any) => l.name === '')).toBe(true); // the service sends "" for some, passed through as text
    expect(body.data.timezones).toContainEqual({ countryCode: 'DE', zones: ['Europe/Berlin', 'Europe/Zurich'] });
    expect(body.data.primaryTranslations).toContain('en-US');
  });

  it('every crew credit of the catalog names a department and job from Query.jobs', async () => {
    const { body } = await h.query('{ jobs { name jobs } }');
    const jobs = new Map<string, string[]>(body.data.jobs.map((d: any) => [d.name, d.jobs]));
    for (const seasons of h.catalog.data.seasons.values()) {
      for (const season of seasons) {
        for (const episode of season.episodes) {
          for (const credit of episode.crew) expect(jobs.get(credit.department)).toContain(credit.job);
        }
      }
    }
  });

  it('rejects a bad language before any call', async () => {
    const response = await h.query('{ countries(language: "german") { countryCode } }');
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors![0].extensions!.argument).toBe('language');
    expect(h.catalog.calls).toHaveLength(0);
  });
});
