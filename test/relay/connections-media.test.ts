/**
 * `search { multi }`, `trending { all }`, and the similar and recommended
 * movies and series as Relay cursor connections (issue 33, item 3), over real HTTP against the
 * gateway: the same items as the catalog's pages, forward and backward.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, type Harness, startHarness } from '../helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const NODE = `node { __typename ... on Movie { id: databaseId } ... on TVSeries { id: databaseId } ... on Person { id: databaseId } ... on Collection { id: databaseId } }`;
const at = (data: any, path: string) => path.split('.').reduce((value, key) => value[key], data);

describe('Mixed lists, similar and recommendations as connections', () => {
  it.each([
    ['search { c: multi(query: "the", $args) }', '/search/multi?query=the'],
    ['trending { c: all(timeWindow: WEEK, $args) }', '/trending/all/week'],
    ['movie(id: $id) { c: similar($args) }', '/movie/$id/similar'],
    ['movie(id: $id) { c: recommendations($args) }', '/movie/$id/recommendations'],
    ['tvSeries(id: $id) { c: similar($args) }', '/tv/$id/similar'],
    ['tvSeries(id: $id) { c: recommendations($args) }', '/tv/$id/recommendations'],
  ])('%s walks the items of GET %s across its pages, forward and back', async (selection, rest) => {
    const kind = selection.startsWith('movie') ? 'movie' : 'tv';
    // An item whose list spans two catalog pages, so the windows cross them.
    let id = 0;
    let pages: any[] = [];
    for (const item of kind === 'movie' ? h.catalog.data.movies : h.catalog.data.tvSeries) {
      const path = rest.replace('$id', String(item.id));
      const page1 = await h.rest(path);
      if (page1.total_results > 25) {
        id = item.id;
        pages = [page1, await h.rest(`${path}${path.includes('?') ? '&' : '?'}page=2`)];
        break;
      }
    }
    expect(pages).toHaveLength(2);
    const all = pages.flatMap((p) => p.results.map((r: any) => r.id));
    const path = selection.split(' ')[0]!.replace(/\(.*/, '');
    // A union's items need fragments; a movie or series list's items are selected directly.
    const node = selection.includes('$id') ? 'node { id: databaseId }' : NODE;
    const query = (args: string) =>
      `query($id: Int!, $c: String) { ${selection
        .replace('$args', args)
        .replace(/\) }$/, `) { totalCount edges { cursor ${node} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`)} }`;
    const withId = (variables: Record<string, unknown>) => (selection.includes('$id') ? { id, ...variables } : variables);
    const run = (args: string, c?: string) => {
      const text = selection.includes('$id') ? query(args) : query(args).replace('$id: Int!, ', '');
      return h.query(text, withId({ c }));
    };

    const a = await run('first: 15, after: $c');
    expect(a.body.errors, JSON.stringify(a.body.errors)).toBeUndefined();
    const one = at(a.body.data, `${path}.c`);
    expect(one.edges.map((e: any) => e.node.id)).toEqual(all.slice(0, 15));
    expect(one.totalCount).toBe(Math.min(pages[0].total_results, 10_000));

    const b = await run('first: 10, after: $c', one.pageInfo.endCursor);
    const two = at(b.body.data, `${path}.c`);
    expect(two.edges.map((e: any) => e.node.id)).toEqual(all.slice(15, 25));

    const c = await run('last: 5, before: $c', two.pageInfo.startCursor);
    expect(c.body.errors).toBeUndefined();
    expect(at(c.body.data, `${path}.c`).edges.map((e: any) => e.node.id)).toEqual(all.slice(10, 15));

    // A cursor of the same field name on another type is refused.
    if (selection.includes('$id')) {
      const other = kind === 'movie' ? 'tvSeries' : 'movie';
      const otherId = (kind === 'movie' ? h.catalog.data.tvSeries : h.catalog.data.movies)[0]!.id;
      const field = selection.includes('similar') ? 'similar' : 'recommendations';
      const refused = await h.query(`query($id: Int!, $c: String) { ${other}(id: $id) { ${field}(first: 1, after: $c) { totalCount } } }`, {
        id: otherId,
        c: one.pageInfo.endCursor,
      });
      expect(errorCodes(refused)).toContain('BAD_USER_INPUT');
    }
  });

  it('tells the kinds of a multi search apart, as its page does', async () => {
    const page = await h.rest('/search/multi?query=an');
    const { body } = await h.query(`{ search { id multi(query: "an", first: 20) { id edges { id ${NODE} } } } }`);
    expect(body.errors).toBeUndefined();
    const kinds: Record<string, string> = { movie: 'Movie', tv: 'TVSeries', person: 'Person', collection: 'Collection' };
    expect(body.data.search.multi.edges.map((e: any) => e.node.__typename)).toEqual(
      page.results.map((r: any) => kinds[r.media_type] ?? 'OtherMedia'),
    );
  });

  it('serves these lists under their natural names, as connections', async () => {
    const types = ['Movie', 'TVSeries', 'Search', 'Trending'];
    const { body } = await h.query(
      `{ ${types.map((name) => `${name}: __type(name: "${name}") { fields(includeDeprecated: true) { name deprecationReason type { name } } }`).join(' ')} }`,
    );
    const field = (type: string, name: string) => body.data[type].fields.find((f: any) => f.name === name);
    const connection = { deprecationReason: null, type: { name: expect.stringMatching(/Connection$/) } };
    for (const type of ['Movie', 'TVSeries']) {
      expect(field(type, 'similar')).toMatchObject(connection);
      expect(field(type, 'recommendations')).toMatchObject(connection);
    }
    expect(field('Search', 'multi')).toMatchObject(connection);
    expect(field('Trending', 'all')).toMatchObject(connection);
  });
});
