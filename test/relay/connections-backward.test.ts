/**
 * Relay cursor connections backward (`last`/`before`, what `loadPrevious` sends) and their
 * non-null fields (issue 33, item 4), over real HTTP against the gateway.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, type Harness, startHarness } from '../helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const ids = (connection: any) => connection.edges.map((e: any) => e.node.id);

describe('Relay cursor connections, backward', () => {
  it('answers the last items of the list, and the items just before a cursor', async () => {
    const pages = await Promise.all([1, 2].map((p) => h.rest(`/movie/popular?page=${p}`)));
    const all = pages.flatMap((p) => p.results.map((m: any) => m.id));
    const forward = await h.query('{ popularMovies(first: 30) { id edges { id cursor node { id: databaseId } } } }');
    const edges = forward.body.data.popularMovies.edges;

    // loadPrevious(10) from the 30th movie: the 20th to the 29th, across the catalog's two pages.
    const back = await h.query(
      'query($before: String) { popularMovies(last: 10, before: $before) { id edges { id cursor node { id: databaseId } } pageInfo { id hasPreviousPage hasNextPage startCursor } } }',
      { before: edges[29].cursor },
    );
    expect(back.body.errors).toBeUndefined();
    const window = back.body.data.popularMovies;
    expect(ids(window)).toEqual(all.slice(19, 29));
    expect(window.edges.map((e: any) => e.cursor)).toEqual(edges.slice(19, 29).map((e: any) => e.cursor));
    expect(window.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true, startCursor: edges[19].cursor });

    // Before the third movie: only two remain, and nothing precedes them.
    const start = await h.query(
      'query($before: String) { popularMovies(last: 5, before: $before) { id edges { id node { id: databaseId } } pageInfo { id hasPreviousPage } } }',
      { before: edges[2].cursor },
    );
    expect(ids(start.body.data.popularMovies)).toEqual(all.slice(0, 2));
    expect(start.body.data.popularMovies.pageInfo.hasPreviousPage).toBe(false);

    // `last` alone: the end of the list.
    const total = Math.min(pages[0].total_results, 10_000);
    const lastPage = await h.rest(`/movie/popular?page=${Math.ceil(total / 20)}`);
    const tail = await h.query(
      '{ popularMovies(last: 3) { id totalCount edges { id node { id: databaseId } } pageInfo { id hasNextPage hasPreviousPage } } }',
    );
    expect(tail.body.errors).toBeUndefined();
    const expected = lastPage.results.map((m: any) => m.id).slice(0, total - (Math.ceil(total / 20) - 1) * 20);
    expect(ids(tail.body.data.popularMovies)).toEqual(expected.slice(-3));
    expect(tail.body.data.popularMovies).toMatchObject({
      totalCount: total,
      pageInfo: { hasNextPage: false, hasPreviousPage: true },
    });
  });

  it('pages a season’s episodes backward from its one record', async () => {
    const series = h.catalog.data.tvSeries.find((s) =>
      (h.catalog.data.seasons.get(s.id) ?? []).some((x) => x.season_number === 1 && x.episodes.length >= 4),
    )!;
    const season = await h.rest(`/tv/${series.id}/season/1`);
    const numbers = season.episodes.map((e: any) => e.episode_number);
    const tail = await h.query(
      `{ tvSeries(id: ${series.id}) { id season(number: 1) { id episodesConnection(last: 2) { id edges { id cursor node { episodeNumber } } } } } }`,
    );
    const edges = tail.body.data.tvSeries.season.episodesConnection.edges;
    expect(edges.map((e: any) => e.node.episodeNumber)).toEqual(numbers.slice(-2));
    const before = await h.query(
      `query($before: String) { tvSeries(id: ${series.id}) { id season(number: 1) { id episodesConnection(last: 2, before: $before) { id edges { id node { episodeNumber } } } } } }`,
      { before: edges[0].cursor },
    );
    expect(before.body.data.tvSeries.season.episodesConnection.edges.map((e: any) => e.node.episodeNumber)).toEqual(numbers.slice(-4, -2));
  });

  it('refuses both directions at once, `last` outside 1..100, and a `before` cursor of another field, before any upstream call', async () => {
    const other = await h.query('{ topRatedMovies(first: 1) { id pageInfo { id endCursor } } }');
    const foreign = other.body.data.topRatedMovies.pageInfo.endCursor;
    h.catalog.resetCalls();
    const cases: Array<[string, string]> = [
      ['first: 2, last: 2', 'last'],
      ['last: 0', 'last'],
      ['last: 101', 'last'],
      [`last: 2, before: "${foreign}"`, 'before'],
    ];
    for (const [args, argument] of cases) {
      const response = await h.query(`{ popularMovies(${args}) { totalCount } }`);
      expect(errorCodes(response), args).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions?.argument, args).toBe(argument);
    }
    expect(h.catalog.calls).toEqual([]);
  });

  it('types every connection field nullable, as the pages were: a refused argument or a failed call costs that field, never its parent', async () => {
    const { body } = await h.query(`{ __schema { types { name fields { name type { kind name ofType { name } } } } } }`);
    const connectionFields = body.data.__schema.types.flatMap((type: any) =>
      (type.fields ?? [])
        .filter((f: any) => (f.type.name ?? f.type.ofType?.name ?? '').endsWith('Connection'))
        .map((f: any) => ({ field: `${type.name}.${f.name}`, kind: f.type.kind })),
    );
    expect(connectionFields.length).toBeGreaterThan(15);
    expect(connectionFields.filter((f: any) => f.kind === 'NON_NULL')).toEqual([]);
  });
});
