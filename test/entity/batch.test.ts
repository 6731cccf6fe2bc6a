import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

/** The batch roots, over real HTTP against the embedded catalog, with calls counted at the catalog. */

let h: Harness;
beforeAll(async () => {
  // As in production: the shared HTTP cache and append_to_response merging on.
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const MISSING = 2_000_000_000;

describe('batch roots', () => {
  it('answers movies in the order asked, null with NOT_FOUND at the index of a missing one', async () => {
    const ids = h.catalog.data.movies.slice(0, 3).map((m) => m.id);
    const asked = [ids[2], MISSING, ids[0], ids[1]];
    const { body } = await h.query('query($ids: [Int!]!) { movies(ids: $ids) { id: databaseId title } }', { ids: asked });
    expect(body.data.movies.map((m: { id: number } | null) => m?.id ?? null)).toEqual([ids[2], null, ids[0], ids[1]]);
    for (const [index, id] of asked.entries()) {
      if (id === MISSING) continue;
      expect(body.data.movies[index].title).toBe(h.catalog.data.movies.find((m) => m.id === id)?.title);
    }
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(body.errors?.[0]?.path?.slice(0, 2)).toEqual(['movies', 1]);
  });

  it('finds a missing object even when only its key is asked', async () => {
    const id = (await h.rest('/person/popular')).results[0].id;
    const { body } = await h.query(`{ people(ids: [${id}, ${MISSING}]) { id: databaseId } }`);
    expect(body.data.people).toEqual([{ id }, null]);
    expect(body.errors?.map((e) => [e.extensions?.code, e.path])).toEqual([['NOT_FOUND', ['people', 1]]]);
  });

  it('costs one upstream call per object, sub-resources merged in, and none when warm', async () => {
    const ids = h.catalog.data.movies.slice(10, 60).map((m) => m.id);
    const query =
      'query($ids: [Int!]!) { movies(ids: $ids) { id: databaseId title credits { cast { character } } reviews { totalCount } } }';
    const cold = await h.query(query, { ids });
    expect(cold.body.errors).toBeUndefined();
    expect(cold.body.data.movies).toHaveLength(50);
    expect(h.catalog.calls.length).toBe(50);
    expect(h.callsTo(/^\/movie\/\d+$/)).toBe(50);
    h.catalog.resetCalls();
    const warm = await h.query(query, { ids });
    expect(warm.body.data).toEqual(cold.body.data);
    expect(h.catalog.calls.length).toBe(0);
  });

  it('serves every kind: series, people, companies, collections, networks, keywords, lists, reviews, seasons, episodes', async () => {
    const data = h.catalog.data;
    const series = data.tvSeries.find((s) => (data.seasons.get(s.id) ?? []).some((season) => season.season_number === 1))!;
    const review = data.reviews[0]!;
    const keyword = (await h.rest(`/movie/${data.movies[0]!.id}/keywords`)).keywords[0]!;
    const collection = data.movies.find((m) => m.belongs_to_collection)!.belongs_to_collection!;
    const network = data.networks[0]!;
    const list = data.movieLists[0]!;
    const { body } = await h.query(
      `query($review: ID!) {
        tvSeriesList(ids: [${series.id}]) { id: databaseId name }
        companies(ids: [${data.companies[0]!.id}]) { id: databaseId name }
        collections(ids: [${collection.id}]) { id: databaseId name }
        networks(ids: [${network.id}]) { id: databaseId name }
        keywords(ids: [${keyword.id}]) { id: databaseId name }
        lists(listIds: [${list.id}]) { id: databaseId name }
        reviews(ids: [$review]) { id: databaseId author }
        seasons(keys: [{ seriesId: ${series.id}, seasonNumber: 1 }, { seriesId: ${series.id}, seasonNumber: 999 }]) { seasonNumber name }
        episodes(keys: [{ seriesId: ${series.id}, seasonNumber: 1, episodeNumber: 1 }]) { episodeNumber name series { databaseId } }
      }`,
      { review: review.id },
    );
    expect(body.data.tvSeriesList).toEqual([{ id: series.id, name: series.name }]);
    expect(body.data.companies[0].name).toBe(data.companies[0]!.name);
    expect(body.data.reviews).toEqual([{ id: review.id, author: review.author }]);
    expect(body.data.seasons[0].seasonNumber).toBe(1);
    // Season.name is nullable (2014 series records list seasons without one), yet a season that
    // does not exist is null, not its key with a null name.
    expect(body.data.seasons[1]).toBeNull();
    expect(body.data.episodes[0]).toMatchObject({ episodeNumber: 1, series: { databaseId: series.id } });
    expect(body.data.lists).toEqual([{ id: list.id, name: list.name }]);
    for (const field of ['collections', 'networks', 'keywords'])
      expect(body.data[field]).toEqual([expect.objectContaining({ name: expect.any(String) })]);
    // The only error is the missing season, at its index.
    expect(body.errors?.map((e) => [e.extensions?.code, e.path])).toEqual([['NOT_FOUND', ['seasons', 1]]]);
  });

  it('refuses more than 500 keys for the list length, before the cost limit, with no upstream call', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const response = await h.query('query($ids: [Int!]!) { movies(ids: $ids) { title } }', { ids });
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors?.[0]?.message).toMatch(/"ids".*at most 500/);
    expect(response.body.errors?.[0]?.extensions?.argument).toBe('ids');
    expect(h.catalog.calls.length).toBe(0);
  });

  it('counts every object in the cost limit', async () => {
    const ids = Array.from({ length: 400 }, (_, i) => i + 1);
    const response = await h.query('query($ids: [Int!]!) { movies(ids: $ids) { title credits { cast { character } } videos { key } } }', {
      ids,
    });
    expect(errorCodes(response)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(h.catalog.calls.length).toBe(0);
  });
});
