import { describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { data, h, useCollectionFixture } from './fixture.ts';

useCollectionFixture();

describe('keywords', () => {
  it('answers Movie.keywords and TVSeries.keywords field by field, names carried', async () => {
    const movie = data().movies.find((m) => (data().movieKeywords.get(m.id) ?? []).length > 1)!;
    const series = data().tvSeries.find((s) => (data().tvKeywords.get(s.id) ?? []).length > 0)!;
    const mk = await h.rest(`/movie/${movie.id}/keywords`);
    const tk = await h.rest(`/tv/${series.id}/keywords`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ movie(id: ${movie.id}) { keywords { id: databaseId name } } tvSeries(id: ${series.id}) { keywords { id: databaseId name } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.keywords).toEqual(mk.keywords);
    expect(body.data.tvSeries.keywords).toEqual(tk.results);
    // Besides the details of the movie and the series, which tell that they exist; no keyword is loaded.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual(
      [`/movie/${movie.id}`, `/movie/${movie.id}/keywords`, `/tv/${series.id}`, `/tv/${series.id}/keywords`].sort(),
    );
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
      `query($id: Int!) { keyword(id: $id) { id: databaseId name movies(${expected.pageWindow('Keyword.movies', 2)}) { ${expected.CONNECTION(expected.MOVIE_SUMMARY_FIELDS)} } } }`,
      { id: keyword.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.keyword).toEqual({
      id: keyword.id,
      name: keyword.name,
      movies: expected.connection(up2, up2.results.map(expected.movieSummary)),
    });
    expect(h.catalog.calls.map((c) => [c.path, c.query])).toEqual(
      expect.arrayContaining([
        [`/keyword/${keyword.id}`, {}],
        [`/keyword/${keyword.id}/movies`, { page: '2', include_adult: 'false' }],
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
    const { body } = await h.query(
      `{ movie(id: ${movie.id}) { keywords { id: databaseId name movies { totalCount edges { node { id: databaseId } } } } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(h.callsTo(/^\/keyword\/\d+$/)).toBe(0);
    const first = body.data.movie.keywords.find((k: any) => k.id === keyword.id);
    expect(first.name).toBe(keyword.name);
    expect(expected.nodes(first.movies).map((m: any) => m.id)).toContain(movie.id);
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
      `query($q: String!) { search { collections(query: $q, first: 20, language: "en-US", includeAdult: false, region: "us") {
        ${expected.CONNECTION('id: databaseId name originalName originalLanguage overview posterPath backdropPath')} } } }`,
      { q: term },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.search.collections).toEqual(
      expected.connection(
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
    const { body } = await h.query(
      `{ search { keywords(query: "lost", ${expected.pageWindow('Search.keywords', 2)}) { ${expected.CONNECTION('id: databaseId name')} } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.search.keywords).toEqual(expected.connection(up2, up2.results));
    expect(h.catalog.calls.map((c) => [c.path, c.query])).toEqual([['/search/keyword', { query: 'lost', page: '2' }]]);
  });
});
