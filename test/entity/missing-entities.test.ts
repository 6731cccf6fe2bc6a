import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GraphQLResponse, startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 33 item 8, issue 32 item 7: an object named by its key that the catalog lacks is one
 * NOT_FOUND at its own path, whatever fields were selected, and null there: never an error per
 * field, an object of nulls, or a `nodeId` of nothing. Over real HTTP against the embedded
 * catalog, with the production defaults that matter here (append_to_response merging, the
 * shared HTTP cache), the calls counted at the catalog.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { appendToResponse: true, cacheMaxBytes: 8 * 1024 * 1024 } });
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const MISSING = 2_000_000_000;
const nodeId = (text: string) => Buffer.from(text).toString('base64url');
const placed = (response: GraphQLResponse) => (response.body.errors ?? []).map((error) => [error.extensions?.code, error.path]);

describe('a missing object is null, with one NOT_FOUND at its path', () => {
  it('movie(id:) asked for four fields: one error at ["movie"], not four', async () => {
    // Before: four NOT_FOUND errors, at ["movie", "title"], ["movie", "overview"]...
    const response = await h.query(`{ movie(id: ${MISSING}) { id: databaseId title overview releaseDate } }`);
    expect(response.body.data).toEqual({ movie: null });
    expect(placed(response)).toEqual([['NOT_FOUND', ['movie']]]);
  });

  it('movie(id:) asked only for nullable fields is null, not an object of nulls', async () => {
    // Before: { id: 2000000000, overview: null, tagline: null } and two errors.
    const response = await h.query(`{ movie(id: ${MISSING}) { id: databaseId overview tagline } }`);
    expect(response.body.data).toEqual({ movie: null });
    expect(placed(response)).toEqual([['NOT_FOUND', ['movie']]]);
  });

  it('node(id:) of a movie that does not exist is null with NOT_FOUND, not a Movie', async () => {
    // Before: { nodeId: "TW92aWU6MjAwMDAwMDAwMA", id: 2000000000 } and no error at all.
    const response = await h.query(`{ node(id: "${nodeId(`Movie:${MISSING}`)}") { nodeId: id ... on Movie { id: databaseId } } }`);
    expect(response.body.data).toEqual({ node: null });
    expect(placed(response)).toEqual([['NOT_FOUND', ['node']]]);
  });

  it('movies(ids: [good, missing]): the good one, null at index 1, one error at ["movies", 1]', async () => {
    const good = h.catalog.data.movies[0]!;
    const response = await h.query(`{ movies(ids: [${good.id}, ${MISSING}]) { id: databaseId title overview } }`);
    expect(response.body.data).toEqual({ movies: [{ id: good.id, title: good.title, overview: good.overview }, null] });
    expect(placed(response)).toEqual([['NOT_FOUND', ['movies', 1]]]);
  });

  it('nodes(ids:): one error at the index of each missing object, of any kind', async () => {
    const good = h.catalog.data.movies[1]!;
    const ids = [`Movie:${good.id}`, `Person:${MISSING}`, 'EpisodeGroup:000000000000000000000000', `Season:${MISSING}:1`];
    const response = await h.query(`{ nodes(ids: ${JSON.stringify(ids.map(nodeId))}) { nodeId: id } }`);
    expect(response.body.data).toEqual({ nodes: [{ nodeId: nodeId(`Movie:${good.id}`) }, null, null, null] });
    expect(placed(response).sort()).toEqual([
      ['NOT_FOUND', ['nodes', 1]],
      ['NOT_FOUND', ['nodes', 2]],
      ['NOT_FOUND', ['nodes', 3]],
    ]);
  });

  it('every root that names one object by its key', async () => {
    const response = await h.query(`{
      tvSeries(id: ${MISSING}) { name overview }
      person(id: ${MISSING}) { name biography }
      company(id: ${MISSING}) { name description }
      collection(id: ${MISSING}) { name overview }
      network(id: ${MISSING}) { name headquarters }
      keyword(id: ${MISSING}) { name }
      list(listId: ${MISSING}) { name description }
      episodeGroup(id: "000000000000000000000000") { name description }
      review(id: "000000000000000000000000") { author content }
    }`);
    const roots = ['tvSeries', 'person', 'company', 'collection', 'network', 'keyword', 'list', 'episodeGroup', 'review'];
    expect(response.body.data).toEqual(Object.fromEntries(roots.map((root) => [root, null])));
    expect(placed(response).sort()).toEqual(roots.map((root) => ['NOT_FOUND', [root]]).sort());
  });

  it('a season or an episode named by its number below an object that exists', async () => {
    const series = h.catalog.data.tvSeries.find((s) =>
      (h.catalog.data.seasons.get(s.id) ?? []).some((season) => season.season_number === 1),
    )!;
    const response = await h.query(`{ tvSeries(id: ${series.id}) { name
      missing: season(number: 999) { name airDate }
      first: season(number: 1) { name episode(number: 999) { name overview } } } }`);
    expect(response.body.data.tvSeries.name).toBe(series.name);
    expect(response.body.data.tvSeries.missing).toBeNull();
    expect(response.body.data.tvSeries.first).toEqual({ name: expect.any(String), episode: null });
    expect(placed(response).sort()).toEqual([
      ['NOT_FOUND', ['tvSeries', 'first', 'episode']],
      ['NOT_FOUND', ['tvSeries', 'missing']],
    ]);
  });

  it('the batch of seasons: null at the index of a missing one, though Season.name is nullable', async () => {
    const series = h.catalog.data.tvSeries[0]!;
    const response = await h.query(`{ seasons(keys: [{ seriesId: ${series.id}, seasonNumber: 999 }]) { seasonNumber name } }`);
    // Before: [{ seasonNumber: 999, name: null }], the error under ["seasons", 0, "name"].
    expect(response.body.data).toEqual({ seasons: [null] });
    expect(placed(response)).toEqual([['NOT_FOUND', ['seasons', 0]]]);
  });
});

describe('what telling existence costs', () => {
  it('{ id } alone costs the details call, which tells that the movie exists', async () => {
    const movie = h.catalog.data.movies[2]!;
    const response = await h.query(`{ movie(id: ${movie.id}) { id: databaseId } }`);
    expect(response.body).toEqual({ data: { movie: { id: movie.id } } });
    expect(h.catalog.calls.map((call) => call.path)).toEqual([`/movie/${movie.id}`]);
  });

  it("the fields' sub-resources ride that same call (append_to_response): one call for the movie", async () => {
    const movie = h.catalog.data.movies[3]!;
    const response = await h.query(`{ movie(id: ${movie.id}) { id: databaseId credits { cast { character } } reviews { totalCount } } }`);
    expect(response.body.errors).toBeUndefined();
    expect(h.catalog.calls.map((call) => [call.path, call.query.append_to_response])).toEqual([[`/movie/${movie.id}`, 'credits,reviews']]);
  });

  it('a missing movie with sub-resources selected: one call, one error', async () => {
    const response = await h.query(`{ movie(id: ${MISSING + 1}) { credits { cast { character } } images { posters { filePath } } } }`);
    expect(placed(response)).toEqual([['NOT_FOUND', ['movie']]]);
    expect(h.catalog.calls).toHaveLength(1);
  });
});
