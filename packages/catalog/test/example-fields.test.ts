/**
 * The catalog sends the fields of the real service's published examples (tmdb-openapi.json), with
 * the examples' shapes, and values that agree with the rest of the catalog: linked ids exist,
 * nested credits are the ones the credits endpoints serve.
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

const keys = (record: object) => Object.keys(record).sort();
const sorted = (...names: string[]) => [...names].sort();
const PERSON = ['adult', 'gender', 'id', 'known_for_department', 'name', 'original_name', 'popularity', 'profile_path'];
const EPISODE_SUMMARY = sorted(
  ...['id', 'name', 'overview', 'vote_average', 'vote_count', 'air_date', 'episode_number', 'production_code', 'runtime'],
  ...['season_number', 'show_id', 'still_path'],
);
const CREW = sorted(...PERSON, 'credit_id', 'department', 'job');
const GUEST = sorted(...PERSON, 'character', 'credit_id', 'order');

describe('movie details', () => {
  it('carry production_countries and spoken_languages shaped as in the example', async () => {
    for (const movie of catalog.data.movies.slice(0, 20)) {
      const body = await get(`/movie/${movie.id}`);
      expect(body.production_countries.length).toBeGreaterThan(0);
      for (const c of body.production_countries) expect(keys(c)).toEqual(['iso_3166_1', 'name']);
      for (const l of body.spoken_languages) expect(keys(l)).toEqual(['english_name', 'iso_639_1', 'name']);
      expect(body.spoken_languages.map((l: any) => l.iso_639_1)).toContain(body.original_language);
    }
  });
});

describe('series details', () => {
  it('carry countries, languages, run times, and the last and next episodes of their own seasons', async () => {
    const { data } = catalog;
    const picks = [...data.tvSeries.filter((s) => s.next_episode_to_air).slice(0, 5), ...data.tvSeries.slice(0, 10)];
    for (const { id } of picks) {
      const body = await get(`/tv/${id}`);
      for (const c of body.production_countries) expect(keys(c)).toEqual(['iso_3166_1', 'name']);
      for (const l of body.spoken_languages) expect(keys(l)).toEqual(['english_name', 'iso_639_1', 'name']);
      expect(body.languages).toEqual([body.original_language]);
      expect(body.episode_run_time.every((n: unknown) => typeof n === 'number')).toBe(true);

      const regular = data.seasons.get(id)!.filter((s) => s.season_number > 0);
      const aired = regular.flatMap((s) => s.episodes).filter((e) => e.air_date <= data.today);
      const upcoming = regular.flatMap((s) => s.episodes).filter((e) => e.air_date > data.today);
      const last = body.last_episode_to_air;
      expect(keys(last)).toEqual(EPISODE_SUMMARY);
      const lastSeason = regular.filter((s) => s.episodes.some((e) => e.air_date <= data.today)).at(-1)!;
      const episode = await get(`/tv/${id}/season/${last.season_number}/episode/${last.episode_number}`);
      expect(last).toMatchObject({ id: episode.id, air_date: episode.air_date, show_id: id, season_number: lastSeason.season_number });
      expect(last.id).toBe(aired.at(-1)!.id);
      expect(body.last_air_date).toBe(last.air_date);
      if (upcoming.length === 0) expect(body.next_episode_to_air).toBeNull();
      else {
        expect(keys(body.next_episode_to_air)).toEqual(EPISODE_SUMMARY);
        expect(body.next_episode_to_air).toMatchObject({ id: upcoming[0].id, air_date: upcoming[0].air_date, show_id: id });
        expect(body.next_episode_to_air.air_date > data.today).toBe(true);
      }
    }
  });
});

describe('season and episode details', () => {
  it("season details carry the series' networks, and episodes whose crew and guest stars are their credits", async () => {
    for (const series of catalog.data.tvSeries.slice(0, 8)) {
      const details = await get(`/tv/${series.id}`);
      const season = await get(`/tv/${series.id}/season/1`);
      expect(season.networks).toEqual(details.networks);
      for (const n of season.networks) expect(keys(n)).toEqual(['id', 'logo_path', 'name', 'origin_country']);
      for (const ep of season.episodes) {
        for (const c of ep.crew) expect(keys(c)).toEqual(CREW);
        for (const g of ep.guest_stars) expect(keys(g)).toEqual(GUEST);
        const credits = await get(`/tv/${series.id}/season/1/episode/${ep.episode_number}/credits`);
        expect(credits.crew).toEqual(ep.crew);
        expect(credits.guest_stars).toEqual(ep.guest_stars);
        const standalone = await get(`/tv/${series.id}/season/1/episode/${ep.episode_number}`);
        expect(standalone.crew).toEqual(ep.crew);
        expect(standalone.guest_stars).toEqual(ep.guest_stars);
      }
    }
  });
});

describe('people in credits and lists', () => {
  it('every cast and crew entry carries original_name', async () => {
    const { data } = catalog;
    const series = data.tvSeries[3];
    const bodies = [
      await get(`/movie/${data.movies[0].id}/credits`),
      await get(`/tv/${series.id}/credits`),
      await get(`/tv/${series.id}/aggregate_credits`),
      await get(`/tv/${series.id}/season/1/credits`),
      await get(`/tv/${series.id}/season/1/aggregate_credits`),
      await get(`/tv/${series.id}/season/1/episode/1/credits`),
    ];
    for (const body of bodies) {
      const people = [...body.cast, ...body.crew, ...(body.guest_stars ?? [])];
      expect(people.length).toBeGreaterThan(0);
      for (const p of people) expect(typeof p.original_name).toBe('string');
    }
  });

  it('search and trending people carry original_name; popular people do not, as in their examples', async () => {
    const term = catalog.data.people.details[0].name.split(' ')[0];
    for (const path of [`/search/person?query=${encodeURIComponent(term)}`, '/trending/person/week']) {
      for (const p of (await get(path)).results) expect(p.original_name).toBe(p.name);
    }
    for (const p of (await get('/person/popular')).results) expect(p).not.toHaveProperty('original_name');
  });
});

describe('other fields of the examples', () => {
  it('each release of a movie carries descriptors', async () => {
    const movie = catalog.data.movies.find((m) => (catalog.data.movieExtras.get(m.id)?.releaseDates.length ?? 0) > 1)!;
    const body = await get(`/movie/${movie.id}/release_dates`);
    for (const country of body.results) {
      for (const release of country.release_dates) expect(Array.isArray(release.descriptors)).toBe(true);
    }
  });

  it('company and network logos carry a string id and a file type', async () => {
    const { data } = catalog;
    const company = [...data.companyLogos].find(([, logos]) => logos.length > 0)![0];
    const network = [...data.networkLogos].find(([, logos]) => logos.length > 0)![0];
    for (const path of [`/company/${company}/images`, `/network/${network}/images`]) {
      const body = await get(path);
      expect(body.logos.length).toBeGreaterThan(0);
      for (const logo of body.logos) {
        expect(logo.id).toMatch(/^[0-9a-f]{24}$/);
        expect(['.png', '.svg']).toContain(logo.file_type);
      }
    }
  });

  it('list_type on the lists of a movie and of the account, not on list details nor the lists of a series (as in the examples)', async () => {
    const { data } = catalog;
    const movieId = [...data.listsOfMovie.keys()][0];
    const movieLists = await get(`/movie/${movieId}/lists`);
    for (const list of movieLists.results) expect(list.list_type).toBe('movie');
    const details = await get(`/list/${movieLists.results[0].id}`);
    expect(details).not.toHaveProperty('list_type');
    const { request_token } = await get('/authentication/token/new');
    catalog.approveRequestToken(request_token);
    const created = await fetch(`${catalog.baseUrl}/authentication/session/new`, {
      method: 'POST',
      headers: { authorization: `Bearer ${catalog.demoToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ request_token }),
    });
    const { session_id } = await created.json();
    const own = await get(`/account/${data.account.id}/lists?session_id=${session_id}`);
    expect(own.results.length).toBeGreaterThan(0);
    for (const list of own.results) expect(['movie', 'tv']).toContain(list.list_type);
    const seriesId = [...data.listsOfSeries.keys()][0];
    for (const list of (await get(`/tv/${seriesId}/lists`)).results) expect(list).not.toHaveProperty('list_type');
  });

  it('collections found by search carry adult', async () => {
    const name = catalog.data.collections[0].name.split(' ')[0];
    const body = await get(`/search/collection?query=${encodeURIComponent(name)}`);
    expect(body.results.length).toBeGreaterThan(0);
    for (const c of body.results) expect(c.adult).toBe(false);
  });

  it('episodes of an episode group carry their order within the group', async () => {
    const [id] = [...catalog.data.episodeGroups.keys()];
    const body = await get(`/tv/episode_group/${id}`);
    for (const group of body.groups)
      expect(group.episodes.map((e: any) => e.order)).toEqual(group.episodes.map((_: unknown, i: number) => i));
  });
});
