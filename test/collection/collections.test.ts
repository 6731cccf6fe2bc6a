import { describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { errorCodes, startHarness } from '../helpers.ts';
import { data, h, seriesWithGroups, useCollectionFixture } from './fixture.ts';

useCollectionFixture();

const movieInCollection = () => data().movies.find((m) => m.belongs_to_collection)!;
const movieWithoutCollection = () => data().movies.find((m) => !m.belongs_to_collection)!;

const translation = (t: any) => ({
  countryCode: t.iso_3166_1,
  languageCode: t.iso_639_1,
  name: t.name,
  englishName: t.english_name,
  data: { title: t.data.title ?? null, overview: t.data.overview ?? null, homepage: t.data.homepage ?? null },
});

describe('collections', () => {
  it('answers Query.collection field by field, parts as movies carrying their summary', async () => {
    const id = movieInCollection().belongs_to_collection!.id;
    const up = await h.rest(`/collection/${id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { collection(id: $id) { id: databaseId name originalName originalLanguage overview posterPath backdropPath
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
    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) { title collection { id: databaseId name posterPath backdropPath } } }`,
      {
        id: movie.id,
      },
    );
    expect(body.errors).toBeUndefined();
    const c = movie.belongs_to_collection!;
    expect(body.data.movie.collection).toEqual({ id: c.id, name: c.name, posterPath: c.poster_path, backdropPath: c.backdrop_path });
    expect(h.catalog.calls.map((call) => call.path)).toEqual([`/movie/${movie.id}`]);

    const none = await h.query(`{ movie(id: ${movieWithoutCollection().id}) { collection { id: databaseId } } }`);
    expect(none.body.data.movie.collection).toBeNull();
  });

  it('loads the collection once for fields the movie did not carry', async () => {
    const movie = movieInCollection();
    h.catalog.resetCalls();
    const { body } = await h.query(`{ movie(id: ${movie.id}) { collection { overview parts { id: databaseId title } } } }`);
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
    // The details call, which tells that the collection exists.
    expect(h.callsTo(`/collection/${id}`)).toBe(1);
  });

  it('answers NOT_FOUND for an unknown collection, the rest of the response intact', async () => {
    const { body } = await h.query(`{ collection(id: 1) { name } configuration { changeKeys } }`);
    expect(errorCodes({ body } as any)).toEqual(['NOT_FOUND']);
    expect(body.data.collection).toBeNull();
    expect(body.data.configuration.changeKeys.length).toBeGreaterThan(0);
  });
});

describe('with append_to_response merging', () => {
  it('merges Movie.keywords, TVSeries.keywords and episodeGroups into the detail calls', async () => {
    const m = await startHarness({ config: { appendToResponse: true } });
    try {
      const movie = data().movies[1];
      const seriesId = seriesWithGroups();
      const { body } = await m.query(
        `{ movie(id: ${movie.id}) { title keywords { id: databaseId name } } tvSeries(id: ${seriesId}) { name keywords { id: databaseId } episodeGroups { id: databaseId name } } }`,
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
    ['{ search { collections(query: "  ") { totalCount } } }', 'query'],
    ['{ search { collections(query: "a", first: 0) { totalCount } } }', 'first'],
    ['{ search { collections(query: "a", language: "english") { totalCount } } }', 'language'],
    ['{ search { keywords(query: "a", first: 101) { totalCount } } }', 'first'],
    ['{ search { collections(query: "a", region: "USA") { totalCount } } }', 'region'],
  ])('%s → BAD_USER_INPUT naming %s, no upstream call', async (query, argument) => {
    const { body } = await h.query(query);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(h.catalog.calls).toEqual([]);
  });

  // Below an object named by its id, only that object's details call, which tells that it exists.
  it.each([
    [`{ keyword(id: 1000) { movies(first: 0) { totalCount } } }`, 'first'],
    [`{ keyword(id: 1000) { movies(language: "EN") { totalCount } } }`, 'language'],
  ])('%s → BAD_USER_INPUT naming %s, no call of its own', async (query, argument) => {
    const { body } = await h.query(query);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/keyword/1000']);
  });
});
