/**
 * The other lists the catalog pages, as Relay cursor connections (issue 33, item 3): the lists
 * that hold a movie or series, a keyword's movies, popular people, series airing today and on
 * the air, and the searches of collections, companies and keywords. Over real HTTP against the gateway: the same items as the catalog's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, type Harness, startHarness } from '../helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const WINDOW = '{ totalCount edges { cursor node { id } } pageInfo { startCursor endCursor } }';

describe('The other paged lists as connections', () => {
  it('answers each as its catalog page, then the next window and the one before', async () => {
    const movie = [...h.catalog.data.listsOfMovie].find(([, ids]) => ids.length > 2)![0];
    const series = [...h.catalog.data.listsOfSeries].find(([, ids]) => ids.length > 2)![0];
    const keyword = (await h.rest(`/movie/${h.catalog.data.movies[0]!.id}/keywords`)).keywords[0].id;
    const cases: Array<[string, string, string]> = [
      [`movie(id: ${movie}) { c: listsConnection($args) ${WINDOW} }`, `/movie/${movie}/lists`, 'movie.c'],
      [`tvSeries(id: ${series}) { c: listsConnection($args) ${WINDOW} }`, `/tv/${series}/lists`, 'tvSeries.c'],
      [`keyword(id: ${keyword}) { c: moviesConnection($args) ${WINDOW} }`, `/keyword/${keyword}/movies`, 'keyword.c'],
      [`c: popularPeopleConnection($args) ${WINDOW}`, '/person/popular', 'c'],
      [`c: airingTodayTVSeriesConnection($args) ${WINDOW}`, '/tv/airing_today', 'c'],
      [`c: onTheAirTVSeriesConnection(timezone: "Europe/Paris", $args) ${WINDOW}`, '/tv/on_the_air?timezone=Europe/Paris', 'c'],
      [`search { c: collectionsConnection(query: "the", $args) ${WINDOW} }`, '/search/collection?query=the', 'search.c'],
      [`search { c: companiesConnection(query: "a", $args) ${WINDOW} }`, '/search/company?query=a', 'search.c'],
      [`search { c: keywordsConnection(query: "a", $args) ${WINDOW} }`, '/search/keyword?query=a', 'search.c'],
    ];
    for (const [selection, rest, path] of cases) {
      const page = await h.rest(rest);
      const all = page.results.map((item: any) => item.id);
      expect(all.length, rest).toBeGreaterThan(2);
      const run = async (args: string, c?: string) => {
        const { body } = await h.query(`query($c: String) { ${selection.replace('$args', args)} }`, { c });
        expect(body.errors, `${selection} ${JSON.stringify(body.errors)}`).toBeUndefined();
        return path.split('.').reduce((value: any, key) => value[key], body.data);
      };
      const one = await run('first: 2, after: $c');
      expect(
        one.edges.map((e: any) => e.node.id),
        rest,
      ).toEqual(all.slice(0, 2));
      expect(one.totalCount, rest).toBe(Math.min(page.total_results, 10_000));
      const two = await run('first: 1, after: $c', one.pageInfo.endCursor);
      expect(
        two.edges.map((e: any) => e.node.id),
        rest,
      ).toEqual(all.slice(2, 3));
      const back = await run('last: 1, before: $c', two.pageInfo.startCursor);
      expect(
        back.edges.map((e: any) => e.node.id),
        rest,
      ).toEqual(all.slice(1, 2));
    }
  });

  it('checks the time zone before any call', async () => {
    h.catalog.resetCalls();
    const response = await h.query('{ airingTodayTVSeriesConnection(timezone: "not a zone", first: 1) { totalCount } }');
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toEqual([]);
  });

  it('marks the page fields deprecated in favour of the connections', async () => {
    const { body } = await h.query(`{
      Query: __type(name: "Query") { fields(includeDeprecated: true) { name deprecationReason } }
      Movie: __type(name: "Movie") { fields(includeDeprecated: true) { name deprecationReason } }
      TVSeries: __type(name: "TVSeries") { fields(includeDeprecated: true) { name deprecationReason } }
      Keyword: __type(name: "Keyword") { fields(includeDeprecated: true) { name deprecationReason } }
      Search: __type(name: "Search") { fields(includeDeprecated: true) { name deprecationReason } }
    }`);
    const reason = (type: string, field: string) => body.data[type].fields.find((f: any) => f.name === field).deprecationReason;
    expect(reason('Movie', 'lists')).toBe('Use `listsConnection`.');
    expect(reason('TVSeries', 'lists')).toBe('Use `listsConnection`.');
    expect(reason('Keyword', 'movies')).toBe('Use `moviesConnection`.');
    for (const field of ['collections', 'companies', 'keywords'])
      expect(reason('Search', field), field).toBe(`Use \`${field}Connection\`.`);
    for (const field of ['popularPeople', 'airingTodayTVSeries', 'onTheAirTVSeries'])
      expect(reason('Query', field), field).toBe(`Use \`${field}Connection\`.`);
  });

  it('deprecates every page field beside its connection, and leaves only the lists named here without one', async () => {
    const { body } = await h.query(
      '{ __schema { types { name fields(includeDeprecated: true) { name deprecationReason type { name ofType { name } } } } } }',
    );
    const withoutConnection: string[] = [];
    for (const type of body.data.__schema.types) {
      const names = new Set((type.fields ?? []).map((f: any) => f.name));
      for (const field of type.fields ?? []) {
        if (!/Page$/.test(field.type.name ?? field.type.ofType?.name ?? '') || type.name.startsWith('__')) continue;
        if (names.has(`${field.name}Connection`))
          expect(field.deprecationReason, `${type.name}.${field.name}`).toBe(`Use \`${field.name}Connection\`.`);
        else withoutConnection.push(`${type.name}.${field.name}`);
      }
    }
    // Every paged list has its connection now (the change feeds, a guest's ratings and tagged
    // images last: test/relay/connections-feeds.test.ts); the root searchCompanies and
    // trendingTVSeries are deprecated already.
    expect(withoutConnection.sort()).toEqual(['Query.searchCompanies', 'Query.trendingTVSeries']);
  });
});
