/**
 * Where the real service's examples leave a field out, or send one only in some cases, the catalog
 * does the same: a creator's TV credit, popular people, season and episode change items. Plus the
 * smaller things those examples show: recommendations' media_type, the CA-QC certifications, rentals
 * of series.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog, type RunningCatalog } from '../src/server.ts';

let catalog: RunningCatalog;
beforeAll(async () => {
  catalog = await startCatalog();
});
afterAll(() => catalog.close());

async function get(path: string): Promise<any> {
  const response = await fetch(`${catalog.baseUrl}${path}`, { headers: { authorization: `Bearer ${catalog.demoToken}` } });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** Wide enough for any generated change (they lie in the 30 days before today), in 14-day windows. */
async function changesOf(path: string): Promise<any[]> {
  const items: any[] = [];
  const day = (offset: number) => new Date(Date.parse(`${catalog.data.today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  for (const [start, end] of [
    [day(-31), day(-17)],
    [day(-16), day(-2)],
    [day(-1), day(0)],
  ]) {
    const body = await get(`${path}?start_date=${start}&end_date=${end}`);
    for (const group of body.changes) items.push(...group.items.map((item: any) => ({ key: group.key, ...item })));
  }
  return items;
}

describe("a creator's TV credit", () => {
  it('has department Creator and no episode_count, like the real person-tv-credits example', async () => {
    const series = catalog.data.tvSeries.find((s) => s.created_by.length > 0)!;
    const creator = series.created_by[0];
    for (const path of [`/person/${creator.id}/tv_credits`, `/person/${creator.id}/combined_credits`]) {
      const credit = (await get(path)).crew.find((c: any) => c.credit_id === creator.credit_id);
      expect(credit).toMatchObject({ id: series.id, department: 'Creator', job: 'Creator' });
      expect(credit).not.toHaveProperty('episode_count');
    }
    expect(await get(`/credit/${creator.credit_id}`)).toMatchObject({ department: 'Creator', job: 'Creator' });
  });

  it('other TV crew credits keep their episode_count', async () => {
    const member = [...catalog.data.credits.seriesAggregate.values()][0].crew[0];
    const credits = await get(`/person/${member.id}/tv_credits`);
    const jobs = credits.crew.filter((c: any) => c.job !== 'Creator');
    expect(jobs.length).toBeGreaterThan(0);
    for (const c of jobs) expect(c.episode_count).toBeGreaterThan(0);
  });
});

describe('popular people', () => {
  it('carry no original_name, and their known works no popularity (nor adult for a series)', async () => {
    const body = await get('/person/popular');
    const works = body.results.flatMap((p: any) => p.known_for);
    expect(works.some((w: any) => w.media_type === 'movie')).toBe(true);
    expect(works.some((w: any) => w.media_type === 'tv')).toBe(true);
    for (const work of works) {
      expect(work).not.toHaveProperty('popularity');
      if (work.media_type === 'tv') expect(work).not.toHaveProperty('adult');
      else expect(work.adult).toBe(false);
    }
    const trending = await get('/trending/person/day');
    for (const work of trending.results.flatMap((p: any) => p.known_for)) expect(typeof work.popularity).toBe('number');
  });
});

describe('season and episode change items', () => {
  it('carry no iso_3166_1, iso_639_1 only with a language, and original_value on updates of texts and numbers', async () => {
    const { seasonExtras, episodeExtras } = catalog.data;
    const seasonIds = [...seasonExtras].filter(([, x]) => x.changes.length > 0).map(([id]) => id);
    const episodeIds = [...episodeExtras].filter(([, x]) => x.changes.length > 0).map(([id]) => id);
    const items = [
      ...(await Promise.all(seasonIds.slice(0, 15).map((id) => changesOf(`/tv/season/${id}/changes`)))).flat(),
      ...(await Promise.all(episodeIds.slice(0, 15).map((id) => changesOf(`/tv/episode/${id}/changes`)))).flat(),
    ];
    expect(items.length).toBeGreaterThan(20);
    for (const item of items) {
      expect(item).not.toHaveProperty('iso_3166_1');
      if ('iso_639_1' in item) expect(item.iso_639_1).toMatch(/^[a-z]{2}$/);
      if (item.action === 'updated' && ['overview', 'name', 'runtime'].includes(item.key)) {
        expect(item).toHaveProperty('original_value');
        expect(item.original_value).not.toEqual(item.value);
      }
      if (item.key === 'episode') expect(item).not.toHaveProperty('original_value');
    }
  });

  it('series change items keep both language fields, as in the real tv-series-changes example', async () => {
    const id = [...catalog.data.tvSeriesExtras].find(([, x]) => x.changes.some((c) => c.key === 'overview'))![0];
    const items = await changesOf(`/tv/${id}/changes`);
    for (const item of items) expect(item).toHaveProperty('iso_3166_1');
    const update = items.find((item) => item.key === 'overview')!;
    expect(typeof update.original_value).toBe('string');
    expect(update.original_value).not.toBe(update.value);
  });
});

describe('the latest movie and series', () => {
  it('are their details, less what the real latest examples leave out', async () => {
    const { data } = catalog;
    const movie = await get('/movie/latest');
    expect(movie).not.toHaveProperty('origin_country');
    const { origin_country: _origin, ...details } = await get(`/movie/${movie.id}`);
    expect(movie).toEqual(details);
    const series = await get('/tv/latest');
    expect(series.id).toBe(Math.max(...data.tvSeries.map((s) => s.id)));
    for (const season of series.seasons) expect(season).not.toHaveProperty('vote_average');
    const full = await get(`/tv/${series.id}`);
    expect(series).toEqual({ ...full, seasons: full.seasons.map(({ vote_average: _v, ...season }: any) => season) });
  });
});

describe('release dates', () => {
  it('leave note out of some unrated theatrical releases without one, and only those', async () => {
    const { movieExtras } = catalog.data;
    const releases = [...movieExtras.values()].flatMap((x) => x.releaseDates.flatMap((c) => c.release_dates));
    const noteless = releases.filter((r) => !('note' in r));
    expect(noteless.length).toBeGreaterThan(0);
    for (const r of noteless) expect(r).toMatchObject({ type: 3, certification: '' });
    expect(releases.some((r) => r.type === 3 && r.certification === '' && r.note === '')).toBe(true);
    const [movieId] = [...movieExtras].find(([, x]) => x.releaseDates.some((c) => c.release_dates.some((r) => !('note' in r))))!;
    const body = await get(`/movie/${movieId}/release_dates`);
    expect(body.results.flatMap((c: any) => c.release_dates).some((r: any) => !('note' in r))).toBe(true);
  });
});

describe('smaller things the examples show', () => {
  it('recommended series carry media_type tv; similar series do not', async () => {
    const id = [...catalog.data.tvSeriesExtras].find(([, x]) => x.recommendations.length > 0 && x.similar.length > 0)![0];
    for (const item of (await get(`/tv/${id}/recommendations`)).results) expect(item.media_type).toBe('tv');
    for (const item of (await get(`/tv/${id}/similar`)).results) expect(item).not.toHaveProperty('media_type');
  });

  it('certifications list the province CA-QC, NR first at order 0', async () => {
    for (const kind of ['movie', 'tv']) {
      const { certifications } = await get(`/certification/${kind}/list`);
      expect(certifications['CA-QC'][0]).toMatchObject({ certification: 'NR', order: 0 });
      expect(certifications['CA-QC'].map((c: any) => c.order)).toEqual(certifications['CA-QC'].map((_: unknown, i: number) => i));
    }
  });

  it('some series can be rented somewhere, from providers of that country', async () => {
    const { tvSeriesExtras, watchProviders } = catalog.data;
    const rentals = [...tvSeriesExtras.values()].flatMap((x) =>
      Object.entries(x.watchProviders).flatMap(([country, offers]) => (offers.rent ?? []).map((offer) => ({ country, offer }))),
    );
    expect(rentals.length).toBeGreaterThan(0);
    for (const { country, offer } of rentals) {
      const provider = watchProviders.find((p) => p.provider_id === offer.provider_id)!;
      expect(offer.display_priority).toBe(provider.display_priorities[country]);
    }
  });
});
