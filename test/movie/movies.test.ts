import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let movieId: number;

beforeAll(async () => {
  h = await startHarness();
  // A movie that has reviews, lists and images, found through the catalog's own API.
  const upcoming = await h.rest('/movie/upcoming');
  for (const candidate of upcoming.results) {
    const reviews = await h.rest(`/movie/${candidate.id}/reviews`);
    const lists = await h.rest(`/movie/${candidate.id}/lists`);
    if (reviews.total_results > 0 && lists.total_results > 0) {
      movieId = candidate.id;
      break;
    }
  }
  if (!movieId) throw new Error('the catalog has no upcoming movie with reviews and lists');
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('Query.movie', () => {
  it('answers summary and detail fields from GET /movie/{id}, field by field', async () => {
    const up = await h.rest(`/movie/${movieId}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) { ${expected.MOVIE_SUMMARY_FIELDS} runtime budget revenue status tagline homepage imdbId
        genres { id: databaseId name } productionCompanies { id: databaseId name logoPath originCountry } } }`,
      { id: movieId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie).toEqual({
      ...expected.movieSummary(up),
      runtime: up.runtime ?? null,
      budget: up.budget,
      revenue: up.revenue,
      status: expected.enumName(up.status),
      tagline: up.tagline,
      homepage: up.homepage,
      imdbId: up.imdb_id,
      genres: up.genres,
      productionCompanies: up.production_companies.map((c: any) => ({
        id: c.id,
        name: c.name,
        logoPath: c.logo_path,
        originCountry: c.origin_country || null,
      })),
    });
    expect(h.callsTo(`/movie/${movieId}`)).toBe(1);
    expect(h.catalog.calls).toHaveLength(1);
  });

  it('serves lists, alternative titles, reviews and images with their real parameters', async () => {
    const lists = await h.rest(`/movie/${movieId}/lists?page=1&language=en-US`);
    const titles = await h.rest(`/movie/${movieId}/alternative_titles`);
    const country = titles.titles[0]?.iso_3166_1 ?? 'US';
    const titlesInCountry = await h.rest(`/movie/${movieId}/alternative_titles?country=${country}`);
    const reviews = await h.rest(`/movie/${movieId}/reviews?page=1`);
    const images = await h.rest(`/movie/${movieId}/images`);
    h.catalog.resetCalls();

    const { body } = await h.query(
      `query($id: Int!, $country: String) { movie(id: $id) {
        lists(language: "en-US") { ${expected.CONNECTION(expected.LIST_FIELDS)} }
        all: alternativeTitles { countryCode title type }
        some: alternativeTitles(country: $country) { countryCode title type }
        reviews { ${expected.CONNECTION(expected.REVIEW_FIELDS)} }
        images { backdrops { ${expected.IMAGE_FIELDS} } logos { ${expected.IMAGE_FIELDS} } posters { ${expected.IMAGE_FIELDS} } }
      } }`,
      { id: movieId, country },
    );
    expect(body.errors).toBeUndefined();
    const movie = body.data.movie;
    expect(movie.lists).toEqual(expected.connection(lists, lists.results.map(expected.list)));
    const title = (t: any) => ({ countryCode: t.iso_3166_1, title: t.title, type: t.type });
    expect(movie.all).toEqual(titles.titles.map(title));
    expect(movie.some).toEqual(titlesInCountry.titles.map(title));
    expect(movie.some.every((t: any) => t.countryCode === country)).toBe(true);
    expect(movie.reviews).toEqual(expected.connection(reviews, reviews.results.map(expected.review)));
    expect(movie.images).toEqual({
      backdrops: images.backdrops.map(expected.image),
      logos: images.logos.map(expected.image),
      posters: images.posters.map(expected.image),
    });
    expect(h.catalog.calls.find((c) => c.path.endsWith('/alternative_titles') && c.query.country === country)).toBeTruthy();
    // One details call, though no field of the movie itself was asked: it tells that the movie exists.
    expect(h.callsTo(`/movie/${movieId}`)).toBe(1);
  });

  it('serves changes for a date range with start_date and end_date', async () => {
    const end = new Date(`${h.catalog.data.today}T00:00:00Z`);
    const start = new Date(end.getTime() - 13 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    let found: { id: number; changes: any } | undefined;
    const upcoming = await h.rest('/movie/upcoming');
    for (const m of upcoming.results) {
      const changes = await h.rest(`/movie/${m.id}/changes?start_date=${day(start)}&end_date=${day(end)}`);
      if (changes.changes.length > 0) {
        found = { id: m.id, changes };
        break;
      }
    }
    expect(found, 'some upcoming movie has changes in the two weeks before the catalog date').toBeTruthy();
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $s: Date, $e: Date) { movie(id: $id) {
        changes(startDate: $s, endDate: $e) { key items { action id: databaseId countryCode languageCode time value } } } }`,
      { id: found!.id, s: day(start), e: day(end) },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.changes).toEqual(
      found!.changes.changes.map((g: any) => ({
        key: g.key,
        items: g.items.map((i: any) => ({
          action: expected.enumName(i.action),
          id: i.id,
          countryCode: i.iso_3166_1 || null,
          languageCode: i.iso_639_1 || null,
          time: new Date(i.time.replace(/^(\S+) (\S+) UTC$/, '$1T$2Z')).toISOString(),
          value: i.value,
        })),
      })),
    );
    const call = h.catalog.calls.find((c) => c.path === `/movie/${found!.id}/changes`);
    expect(call?.query).toMatchObject({ start_date: day(start), end_date: day(end) });
  });

  it('returns null with NOT_FOUND for an unknown movie, the rest of the response intact', async () => {
    const { body } = await h.query(`{ missing: movie(id: 999999999) { title } configuration { changeKeys } }`);
    expect(body.data.missing).toBeNull();
    expect(body.data.configuration.changeKeys.length).toBeGreaterThan(0);
    expect(errorCodes({ body } as any)).toEqual(['NOT_FOUND']);
    expect(body.errors![0].path).toEqual(['missing']);
  });
});

describe('Query.upcomingMovies', () => {
  it('answers a page field by field, with dates, from one upstream call', async () => {
    const up = await h.rest('/movie/upcoming?page=2&language=en-US');
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ upcomingMovies(${expected.pageWindow('Query.upcomingMovies', 2)}, language: "en-US") { dates { minimum maximum } ${expected.CONNECTION(expected.MOVIE_SUMMARY_FIELDS)} } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.upcomingMovies).toEqual({
      dates: up.dates,
      ...expected.connection(up, up.results.map(expected.movieSummary)),
    });
    expect(expected.nodes(body.data.upcomingMovies).length).toBeGreaterThan(0);
    // The list carried every summary field: no detail call.
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/movie/upcoming']);
    expect(h.catalog.calls[0].query).toMatchObject({ page: '2', language: 'en-US' });
  });

  it('passes the region filter as region', async () => {
    const up = await h.rest('/movie/upcoming?region=US');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ upcomingMovies(region: "US") { totalCount edges { node { id: databaseId } } } }`);
    expect(body.data.upcomingMovies.totalCount).toBe(up.total_results);
    expect(expected.nodes(body.data.upcomingMovies).map((m: any) => m.id)).toEqual(up.results.map((m: any) => m.id));
    expect(h.catalog.calls[0].query.region).toBe('US');
  });

  it('loads details only for the fields the list did not carry', async () => {
    const { body } = await h.query(`{ upcomingMovies { edges { node { id: databaseId title runtime } } } }`);
    expect(body.errors).toBeUndefined();
    const ids = expected.nodes(body.data.upcomingMovies).map((m: any) => m.id);
    expect(h.callsTo('/movie/upcoming')).toBe(1);
    expect(h.callsTo(/^\/movie\/\d+$/)).toBe(ids.length);
  });
});

describe('one upstream call per resource per request', () => {
  it('two aliases of the same movie cost one detail call', async () => {
    const { body } = await h.query(
      `query($id: Int!) { a: movie(id: $id) { title } b: movie(id: $id) { overview runtime } c: movie(id: $id) { images { posters { filePath } } } d: movie(id: $id) { images { logos { filePath } } } }`,
      { id: movieId },
    );
    expect(body.errors).toBeUndefined();
    expect(h.callsTo(`/movie/${movieId}`)).toBe(1);
    expect(h.callsTo(`/movie/${movieId}/images`)).toBe(1);
  });

  it('the same parameters share a call, different parameters do not', async () => {
    await h.query(
      `query($id: Int!) { movie(id: $id) { a: reviews { totalCount } b: reviews { pageInfo { hasNextPage } } c: reviews(${expected.pageWindow('Movie.reviews', 2)}) { totalCount } } }`,
      { id: movieId },
    );
    expect(h.callsTo(`/movie/${movieId}/reviews`)).toBe(2);
  });
});
