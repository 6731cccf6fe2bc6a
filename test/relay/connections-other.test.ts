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

const WINDOW = '{ totalCount edges { cursor node { id: databaseId } } pageInfo { startCursor endCursor } }';

describe('The other paged lists as connections', () => {
  it('answers each as its catalog page, then the next window and the one before', async () => {
    const movie = [...h.catalog.data.listsOfMovie].find(([, ids]) => ids.length > 2)![0];
    const series = [...h.catalog.data.listsOfSeries].find(([, ids]) => ids.length > 2)![0];
    const keyword = (await h.rest(`/movie/${h.catalog.data.movies[0]!.id}/keywords`)).keywords[0].id;
    const cases: Array<[string, string, string]> = [
      [`movie(id: ${movie}) { c: lists($args) ${WINDOW} }`, `/movie/${movie}/lists`, 'movie.c'],
      [`tvSeries(id: ${series}) { c: lists($args) ${WINDOW} }`, `/tv/${series}/lists`, 'tvSeries.c'],
      [`keyword(id: ${keyword}) { c: movies($args) ${WINDOW} }`, `/keyword/${keyword}/movies`, 'keyword.c'],
      [`c: popularPeople($args) ${WINDOW}`, '/person/popular', 'c'],
      [`c: airingTodayTVSeries($args) ${WINDOW}`, '/tv/airing_today', 'c'],
      [`c: onTheAirTVSeries(timezone: "Europe/Paris", $args) ${WINDOW}`, '/tv/on_the_air?timezone=Europe/Paris', 'c'],
      [`search { c: collections(query: "the", $args) ${WINDOW} }`, '/search/collection?query=the', 'search.c'],
      [`search { c: companies(query: "a", $args) ${WINDOW} }`, '/search/company?query=a', 'search.c'],
      [`search { c: keywords(query: "a", $args) ${WINDOW} }`, '/search/keyword?query=a', 'search.c'],
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
    const response = await h.query('{ airingTodayTVSeries(timezone: "not a zone", first: 1) { id totalCount } }');
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toEqual([]);
  });

  it('serves these lists under their natural names, as connections', async () => {
    const { body } = await h.query(`{
      Query: __type(name: "Query") { fields { name type { name } } }
      Movie: __type(name: "Movie") { fields { name type { name } } }
      TVSeries: __type(name: "TVSeries") { fields { name type { name } } }
      Keyword: __type(name: "Keyword") { fields { name type { name } } }
      Search: __type(name: "Search") { fields { name type { name } } }
    }`);
    const typeOf = (type: string, field: string) => body.data[type].fields.find((f: any) => f.name === field)?.type.name;
    expect(typeOf('Movie', 'lists')).toBe('UserListConnection');
    expect(typeOf('TVSeries', 'lists')).toBe('UserListConnection');
    expect(typeOf('Keyword', 'movies')).toBe('MovieConnection');
    for (const field of ['collections', 'companies', 'keywords']) expect(typeOf('Search', field), field).toMatch(/Connection$/);
    for (const field of ['popularPeople', 'airingTodayTVSeries', 'onTheAirTVSeries'])
      expect(typeOf('Query', field), field).toMatch(/Connection$/);
  });

  it('leaves no page type, no `…Connection` twin and nothing deprecated in the graph', async () => {
    const { body } = await h.query(
      '{ __schema { types { name fields(includeDeprecated: true) { name deprecationReason args(includeDeprecated: true) { name deprecationReason } } } } }',
    );
    const pages: string[] = [];
    const twins: string[] = [];
    const deprecated: string[] = [];
    for (const type of body.data.__schema.types) {
      if (type.name.startsWith('__')) continue;
      if (/Page$/.test(type.name)) pages.push(type.name);
      for (const field of type.fields ?? []) {
        if (/^[a-z]\w*Connection$/.test(field.name)) twins.push(`${type.name}.${field.name}`);
        if (field.deprecationReason !== null) deprecated.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (arg.deprecationReason !== null) deprecated.push(`${type.name}.${field.name}(${arg.name}:)`);
      }
    }
    // A season's episodes are a plain list too (`Season.episodes`): its connection keeps its own name.
    expect({ pages, twins, deprecated }).toEqual({ pages: [], twins: ['Season.episodesConnection'], deprecated: [] });
  });
});
