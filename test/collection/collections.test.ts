import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const data = () => h.catalog.data;
const movieInCollection = () => data().movies.find((m) => m.belongs_to_collection)!;
const movieWithoutCollection = () => data().movies.find((m) => !m.belongs_to_collection)!;
const seriesWithGroups = () => [...data().episodeGroupsOfSeries.keys()][0];

const translation = (t: any) => ({
  countryCode: t.iso_3166_1,
  languageCode: t.iso_639_1,
  name: t.name,
  englishName: t.english_name,
  data: { title: t.data.title || null, overview: t.data.overview || null, homepage: t.data.homepage || null },
});
const network = (n: any) => ({ id: n.id, name: n.name, logoPath: n.logo_path, originCountry: n.origin_country || null });
const logo = (l: any) => ({ ...expected.image({ ...l, iso_639_1: null }) });

describe('collections', () => {
  it('answers Query.collection field by field, parts as movies carrying their summary', async () => {
    const id = movieInCollection().belongs_to_collection!.id;
    const up = await h.rest(`/collection/${id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { collection(id: $id) { id name originalName originalLanguage overview posterPath backdropPath
        parts { ${expected.MOVIE_SUMMARY_FIELDS} } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.collection).toEqual({
      id: up.id,
      name: up.name,
      originalName: up.original_name,
      originalLanguage: up.original_language,
      overview: up.overview,
      posterPath: up.poster_path,
      backdropPath: up.backdrop_path,
      parts: up.parts.map((p: any) =>
        expected.movieSummary({ ...p, title: p.title ?? p.name, original_title: p.original_title ?? p.original_name }),
      ),
    });
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/collection/${id}`]);
  });

  it('has exactly the movies that belong to it as parts, and each part points back to it', async () => {
    for (const collection of data().collections.slice(0, 5)) {
      const up = await h.rest(`/collection/${collection.id}`);
      const members = data()
        .movies.filter((m) => m.belongs_to_collection?.id === collection.id)
        .map((m) => m.id);
      expect(up.parts.map((p: any) => p.id).sort()).toEqual(members.sort());
      const movie = await h.rest(`/movie/${up.parts[0].id}`);
      expect(movie.belongs_to_collection).toEqual({
        id: up.id,
        name: up.name,
        poster_path: up.poster_path,
        backdrop_path: up.backdrop_path,
      });
    }
    // Every collection a movie names exists.
    const named = new Set(data().movies.flatMap((m) => (m.belongs_to_collection ? [m.belongs_to_collection.id] : [])));
    expect([...named].sort()).toEqual(
      data()
        .collections.map((c) => c.id)
        .sort(),
    );
  });

  it('answers Movie.collection from the movie details, without a collection call', async () => {
    const movie = movieInCollection();
    h.catalog.resetCalls();
    const { body } = await h.query(`query($id: Int!) { movie(id: $id) { title collection { id name posterPath backdropPath } } }`, {
      id: movie.id,
    });
    expect(body.errors).toBeUndefined();
    const c = movie.belongs_to_collection!;
    expect(body.data.movie.collection).toEqual({ id: c.id, name: c.name, posterPath: c.poster_path, backdropPath: c.backdrop_path });
    expect(h.catalog.calls.map((call) => call.path)).toEqual([`/movie/${movie.id}`]);

    const none = await h.query(`{ movie(id: ${movieWithoutCollection().id}) { collection { id } } }`);
    expect(none.body.data.movie.collection).toBeNull();
  });

  it('loads the collection once for fields the movie did not carry', async () => {
    const movie = movieInCollection();
    h.catalog.resetCalls();
    const { body } = await h.query(`{ movie(id: ${movie.id}) { collection { overview parts { id title } } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.collection.parts.map((p: any) => p.id)).toContain(movie.id);
    expect(h.callsTo(`/movie/${movie.id}`)).toBe(1);
    expect(h.callsTo(`/collection/${movie.belongs_to_collection!.id}`)).toBe(1);
    expect(h.catalog.calls.length).toBe(2);
  });

  it('answers Collection.images and translations field by field', async () => {
    const id = data().collections[0].id;
    const images = await h.rest(`/collection/${id}/images`);
    const translations = await h.rest(`/collection/${id}/translations`);
    const english = await h.rest(`/collection/${id}/images?language=en`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { collection(id: $id) {
        images { backdrops { ${expected.IMAGE_FIELDS} } posters { ${expected.IMAGE_FIELDS} } }
        english: images(language: "en") { posters { filePath languageCode } }
        translations { countryCode languageCode name englishName data { title overview homepage } } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.collection.images).toEqual({
      backdrops: images.backdrops.map(expected.image),
      posters: images.posters.map(expected.image),
    });
    expect(body.data.collection.english.posters).toEqual(english.posters.map((p: any) => ({ filePath: p.file_path, languageCode: 'en' })));
    expect(body.data.collection.translations).toEqual(translations.translations.map(translation));
    expect(h.callsTo(`/collection/${id}/images`)).toBe(2);
    expect(h.callsTo(`/collection/${id}/translations`)).toBe(1);
    expect(h.callsTo(`/collection/${id}`)).toBe(0);
  });

  it('answers NOT_FOUND for an unknown collection, the rest of the response intact', async () => {
    const { body } = await h.query(`{ collection(id: 1) { name } configuration { changeKeys } }`);
    expect(errorCodes({ body } as any)).toEqual(['NOT_FOUND']);
    expect(body.data.collection).toBeNull();
    expect(body.data.configuration.changeKeys.length).toBeGreaterThan(0);
  });
});

describe('keywords', () => {
  it('answers Movie.keywords and TVSeries.keywords field by field, names carried', async () => {
    const movie = data().movies.find((m) => (data().movieKeywords.get(m.id) ?? []).length > 1)!;
    const series = data().tvSeries.find((s) => (data().tvKeywords.get(s.id) ?? []).length > 0)!;
    const mk = await h.rest(`/movie/${movie.id}/keywords`);
    const tk = await h.rest(`/tv/${series.id}/keywords`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ movie(id: ${movie.id}) { keywords { id name } } tvSeries(id: ${series.id}) { keywords { id name } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.keywords).toEqual(mk.keywords);
    expect(body.data.tvSeries.keywords).toEqual(tk.results);
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/movie/${movie.id}/keywords`, `/tv/${series.id}/keywords`].sort());
  });

  it("answers Keyword.movies paged, and a keyword's movies are exactly the movies carrying it", async () => {
    const keyword = data().keywords[0];
    const carrying = data().movies.filter((m) => (data().movieKeywords.get(m.id) ?? []).some((k) => k.id === keyword.id));
    expect(carrying.length).toBeGreaterThan(20);
    const up1 = await h.rest(`/keyword/${keyword.id}/movies`);
    const up2 = await h.rest(`/keyword/${keyword.id}/movies?page=2`);
    expect(up1.total_results).toBe(carrying.length);
    const all = [];
    for (let page = 1; page <= up1.total_pages; page++) all.push(...(await h.rest(`/keyword/${keyword.id}/movies?page=${page}`)).results);
    expect(all.map((m: any) => m.id).sort()).toEqual(carrying.map((m) => m.id).sort());
    const sample = await h.rest(`/movie/${all[all.length - 1].id}/keywords`);
    expect(sample.keywords.map((k: any) => k.id)).toContain(keyword.id);

    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { keyword(id: $id) { id name movies(page: 2) { ${expected.PAGE(expected.MOVIE_SUMMARY_FIELDS)} } } }`,
      { id: keyword.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.keyword).toEqual({
      id: keyword.id,
      name: keyword.name,
      movies: expected.page(up2, up2.results.map(expected.movieSummary)),
    });
    expect(h.catalog.calls.map((c) => [c.path, c.query])).toEqual(
      expect.arrayContaining([
        [`/keyword/${keyword.id}`, {}],
        [`/keyword/${keyword.id}/movies`, { page: '2' }],
      ]),
    );
    expect(h.catalog.calls.length).toBe(2);
    // The movies carry their summary: no movie detail call.
    expect(h.callsTo(/^\/movie\//)).toBe(0);
  });

  it("keeps the movie change log's added plot keywords among the movie's keywords", async () => {
    let checked = 0;
    for (const [movieId, changes] of data().movieChanges) {
      const added = changes.filter((c) => c.key === 'plot_keywords' && c.item.action === 'added').map((c) => (c.item.value as any).id);
      if (added.length === 0) continue;
      const up = await h.rest(`/movie/${movieId}/keywords`);
      for (const id of added) expect(up.keywords.map((k: any) => k.id)).toContain(id);
      if (++checked === 5) break;
    }
    expect(checked).toBe(5);
  });

  it('links a movie keyword to its movies without loading the keyword', async () => {
    const movie = data().movies.find((m) => (data().movieKeywords.get(m.id) ?? []).length > 0)!;
    const keyword = data().movieKeywords.get(movie.id)![0];
    h.catalog.resetCalls();
    const { body } = await h.query(`{ movie(id: ${movie.id}) { keywords { id name movies { totalResults results { id } } } } }`);
    expect(body.errors).toBeUndefined();
    expect(h.callsTo(/^\/keyword\/\d+$/)).toBe(0);
    const first = body.data.movie.keywords.find((k: any) => k.id === keyword.id);
    expect(first.name).toBe(keyword.name);
    expect(first.movies.results.map((m: any) => m.id)).toContain(movie.id);
  });
});

describe('search collections and keywords', () => {
  it('answers Search.collections with names that really match, paged', async () => {
    const term = data().collections[3].name.split(' ')[0];
    const up = await h.rest(`/search/collection?query=${encodeURIComponent(term)}&page=1&include_adult=false&language=en-US`);
    expect(up.results.length).toBeGreaterThan(0);
    for (const c of up.results) expect(`${c.name} ${c.original_name}`.toLowerCase()).toContain(term.toLowerCase());
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($q: String!) { search { collections(query: $q, page: 1, language: "en-US", includeAdult: false, region: "us") {
        ${expected.PAGE('id name originalName originalLanguage overview posterPath backdropPath')} } } }`,
      { q: term },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.search.collections).toEqual(
      expected.page(
        up,
        up.results.map((c: any) => ({
          id: c.id,
          name: c.name,
          originalName: c.original_name,
          originalLanguage: c.original_language,
          overview: c.overview,
          posterPath: c.poster_path,
          backdropPath: c.backdrop_path,
        })),
      ),
    );
    expect(h.catalog.calls.map((c) => [c.path, c.query])).toEqual([
      ['/search/collection', { query: term, page: '1', include_adult: 'false', language: 'en-US', region: 'US' }],
    ]);
  });

  it('answers Search.keywords with names that really match, over two pages', async () => {
    const up1 = await h.rest('/search/keyword?query=lost');
    const up2 = await h.rest('/search/keyword?query=lost&page=2');
    expect(up1.total_pages).toBe(2);
    const expectedNames = data()
      .keywords.filter((k) => k.name.includes('lost'))
      .map((k) => k.id)
      .sort();
    expect([...up1.results, ...up2.results].map((k: any) => k.id).sort()).toEqual(expectedNames);
    h.catalog.resetCalls();
    const { body } = await h.query(`{ search { keywords(query: "lost", page: 2) { ${expected.PAGE('id name')} } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.search.keywords).toEqual(expected.page(up2, up2.results));
    expect(h.catalog.calls.map((c) => [c.path, c.query])).toEqual([['/search/keyword', { query: 'lost', page: '2' }]]);
  });
});

describe('networks and logos', () => {
  it('answers Query.network with alternative names and logos field by field', async () => {
    const id = data().networks[0].id;
    const up = await h.rest(`/network/${id}`);
    const names = await h.rest(`/network/${id}/alternative_names`);
    const images = await h.rest(`/network/${id}/images`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { network(id: $id) { id name logoPath originCountry headquarters homepage
        alternativeNames { name type } logos { ${expected.IMAGE_FIELDS} } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.network).toEqual({
      ...network(up),
      headquarters: up.headquarters,
      homepage: up.homepage,
      alternativeNames: names.results,
      logos: images.logos.map(logo),
    });
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([
      `/network/${id}`,
      `/network/${id}/alternative_names`,
      `/network/${id}/images`,
    ]);
  });

  it("answers TVSeries.networks from the series details, and they match the networks' own details", async () => {
    const series = data().tvSeries[0];
    h.catalog.resetCalls();
    const { body } = await h.query(`{ tvSeries(id: ${series.id}) { networks { id name logoPath originCountry } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.networks).toEqual(series.networks.map(network));
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/tv/${series.id}`]);
    for (const n of series.networks) expect(network(await h.rest(`/network/${n.id}`))).toEqual(network(n));

    h.catalog.resetCalls();
    const more = await h.query(`{ tvSeries(id: ${series.id}) { networks { headquarters } } }`);
    expect(more.body.errors).toBeUndefined();
    expect(h.callsTo(/^\/network\/\d+$/)).toBe(series.networks.length);
  });

  it('answers Company.logos field by field, the company logo first', async () => {
    const company = data().companies.find((c) => c.logo_path)!;
    const up = await h.rest(`/company/${company.id}/images`);
    expect(up.logos[0].file_path).toBe(company.logo_path);
    h.catalog.resetCalls();
    const { body } = await h.query(`{ company(id: ${company.id}) { logos { ${expected.IMAGE_FIELDS} } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.company.logos).toEqual(up.logos.map(logo));
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/company/${company.id}/images`]);
  });
});

describe('episode groups', () => {
  it('answers TVSeries.episodeGroups field by field without loading the groups', async () => {
    const id = seriesWithGroups();
    const up = await h.rest(`/tv/${id}/episode_groups`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { episodeGroups { id name description type episodeCount groupCount network { id name logoPath originCountry } } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    const TYPES = ['', 'ORIGINAL_AIR_DATE', 'ABSOLUTE', 'DVD', 'DIGITAL', 'STORY_ARC', 'PRODUCTION', 'TV'];
    expect(body.data.tvSeries.episodeGroups).toEqual(
      up.results.map((g: any) => ({
        id: g.id,
        name: g.name,
        description: g.description,
        type: TYPES[g.type],
        episodeCount: g.episode_count,
        groupCount: g.group_count,
        network: g.network && network(g.network),
      })),
    );
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/tv/${id}/episode_groups`]);
  });

  it('answers Query.episodeGroup with groups of real episodes of the series, carrying their summary', async () => {
    const seriesId = seriesWithGroups();
    const groupId = data().episodeGroupsOfSeries.get(seriesId)![0];
    const up = await h.rest(`/tv/episode_group/${groupId}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: String!) { episodeGroup(id: $id) { id name episodeCount groupCount
        groups { id name order locked episodes { id name overview airDate seasonNumber episodeNumber runtime stillPath voteAverage voteCount series { id } } } } }`,
      { id: groupId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.episodeGroup).toEqual({
      id: up.id,
      name: up.name,
      episodeCount: up.episode_count,
      groupCount: up.group_count,
      groups: up.groups.map((g: any) => ({
        id: g.id,
        name: g.name,
        order: g.order,
        locked: g.locked,
        episodes: g.episodes.map((e: any) => ({
          id: e.id,
          name: e.name,
          overview: e.overview,
          airDate: e.air_date || null,
          seasonNumber: e.season_number,
          episodeNumber: e.episode_number,
          runtime: e.runtime,
          stillPath: e.still_path,
          voteAverage: e.vote_average,
          voteCount: e.vote_count,
          series: { id: seriesId },
        })),
      })),
    });
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/tv/episode_group/${groupId}`]);
    // Every episode is the series' own, with the same fields as in its season.
    const episodes = new Map(
      data()
        .seasons.get(seriesId)!
        .flatMap((s) => s.episodes)
        .map((e) => [e.id, e]),
    );
    const listed = up.groups.flatMap((g: any) => g.episodes);
    expect(listed.length).toBe(up.episode_count);
    for (const e of listed) {
      const own = episodes.get(e.id)!;
      expect(own).toBeDefined();
      expect([e.show_id, e.season_number, e.episode_number, e.name]).toEqual([seriesId, own.season_number, own.episode_number, own.name]);
    }
  });

  it('answers NOT_FOUND for an unknown episode group', async () => {
    const { body } = await h.query(`{ episodeGroup(id: "000000000000000000000000") { name } }`);
    expect(errorCodes({ body } as any)).toEqual(['NOT_FOUND']);
  });
});

describe('with append_to_response merging', () => {
  it('merges Movie.keywords, TVSeries.keywords and episodeGroups into the detail calls', async () => {
    const m = await startHarness({ config: { appendToResponse: true } });
    try {
      const movie = data().movies[1];
      const seriesId = seriesWithGroups();
      const { body } = await m.query(
        `{ movie(id: ${movie.id}) { title keywords { id name } } tvSeries(id: ${seriesId}) { name keywords { id } episodeGroups { id name } } }`,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data.movie.keywords).toEqual(data().movieKeywords.get(movie.id));
      expect(body.data.tvSeries.keywords.map((k: any) => k.id)).toEqual(
        data()
          .tvKeywords.get(seriesId)!
          .map((k) => k.id),
      );
      expect(body.data.tvSeries.episodeGroups.map((g: any) => g.id)).toEqual(data().episodeGroupsOfSeries.get(seriesId));
      expect(m.catalog.calls.map((c) => [c.path, c.query.append_to_response])).toEqual(
        expect.arrayContaining([
          [`/movie/${movie.id}`, 'keywords'],
          [`/tv/${seriesId}`, expect.stringMatching(/episode_groups/)],
        ]),
      );
      expect(m.catalog.calls.length).toBe(2);
    } finally {
      await m.close();
    }
  });
});

describe('bad arguments', () => {
  it.each([
    ['{ collection(id: 0) { name } }', 'id'],
    ['{ keyword(id: -3) { name } }', 'id'],
    ['{ network(id: 0) { name } }', 'id'],
    ['{ episodeGroup(id: "a/b") { name } }', 'id'],
    ['{ search { collections(query: "  ") { page } } }', 'query'],
    ['{ search { collections(query: "a", page: 0) { page } } }', 'page'],
    ['{ search { collections(query: "a", language: "english") { page } } }', 'language'],
    ['{ search { keywords(query: "a", page: 501) { page } } }', 'page'],
    ['{ search { collections(query: "a", region: "USA") { page } } }', 'region'],
    [`{ keyword(id: 1000) { movies(page: 0) { page } } }`, 'page'],
    [`{ keyword(id: 1000) { movies(language: "EN") { page } } }`, 'language'],
  ])('%s → BAD_USER_INPUT naming %s, no upstream call', async (query, argument) => {
    const { body } = await h.query(query);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(h.catalog.calls).toEqual([]);
  });
});
