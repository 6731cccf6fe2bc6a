/**
 * The account's lists and a list's entries as Relay cursor connections (issue 33, item 3), over
 * real HTTP against the gateway: the same entries as the catalog's pages, forward and backward,
 * cursors of their own field only, and the account's session rule unchanged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserSession, errorCodes, type Harness, startHarness } from '../helpers.ts';

let h: Harness;
let accountId: number;
let sessionId: string;

beforeAll(async () => {
  h = await startHarness();
  accountId = h.catalog.data.account.id;
  sessionId = await createUserSession(h);
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const user = () => ({ 'x-session-id': sessionId });
const withSession = (path: string) => h.rest(`${path}${path.includes('?') ? '&' : '?'}session_id=${sessionId}`);

describe("The account's lists as connections", () => {
  it.each([
    ['favoriteMovies', 'favorite/movies', 'node { databaseId }', (n: any) => n.databaseId],
    ['favoriteTVSeries', 'favorite/tv', 'node { databaseId }', (n: any) => n.databaseId],
    ['watchlistMovies', 'watchlist/movies', 'node { databaseId }', (n: any) => n.databaseId],
    ['watchlistTVSeries', 'watchlist/tv', 'node { databaseId }', (n: any) => n.databaseId],
    ['ratedMovies', 'rated/movies', 'node { movie { databaseId } }', (n: any) => n.movie.databaseId],
    ['ratedTVSeries', 'rated/tv', 'node { tvSeries { databaseId } }', (n: any) => n.tvSeries.databaseId],
    ['ratedEpisodes', 'rated/tv/episodes', 'node { episode { databaseId } }', (n: any) => n.episode.databaseId],
    ['lists', 'lists', 'node { databaseId }', (n: any) => n.databaseId],
  ] as const)('%s answers GET /account/{id}/%s, forward and back', async (field, path, node, idOf) => {
    const up = await withSession(`/account/${accountId}/${path}`);
    expect(up.results.length).toBeGreaterThan(1);
    const all = up.results.map((r: any) => r.id);
    const sort = field === 'lists' ? '' : 'sortBy: CREATED_AT_ASC, ';
    const query = (args: string) =>
      `query($id: Int!, $c: String) { account(id: $id) { c: ${field}(${sort}${args}) { totalCount edges { cursor ${node} } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } } }`;

    const first = await h.query(query('first: 2, after: $c'), { id: accountId }, user());
    expect(first.body.errors).toBeUndefined();
    const one = first.body.data.account.c;
    expect(one.edges.map((e: any) => idOf(e.node))).toEqual(all.slice(0, 2));
    expect(one.totalCount).toBe(up.total_results);

    const next = await h.query(query('first: 2, after: $c'), { id: accountId, c: one.pageInfo.endCursor }, user());
    const two = next.body.data.account.c;
    expect(two.edges.map((e: any) => idOf(e.node))).toEqual(all.slice(2, 4));

    const back = await h.query(query('last: 1, before: $c'), { id: accountId, c: two.pageInfo.startCursor }, user());
    expect(back.body.errors).toBeUndefined();
    expect(back.body.data.account.c.edges.map((e: any) => idOf(e.node))).toEqual([all[1]]);
  });

  it('needs the account’s session, as the pages do, with no catalog call', async () => {
    const response = await h.query(`query($id: Int!) { account(id: $id) { id watchlistMovies(first: 2) { id totalCount } } }`, {
      id: accountId,
    });
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toEqual([]);
  });

  it('refuses a cursor of another account list', async () => {
    const favourites = await h.query(
      `query($id: Int!) { account(id: $id) { id favoriteMovies(first: 1) { id pageInfo { id endCursor } } } }`,
      { id: accountId },
      user(),
    );
    const cursor = favourites.body.data.account.favoriteMovies.pageInfo.endCursor;
    const response = await h.query(
      `query($id: Int!, $c: String) { account(id: $id) { id watchlistMovies(first: 1, after: $c) { id totalCount } } }`,
      { id: accountId, c: cursor },
      user(),
    );
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors![0].extensions?.argument).toBe('after');
  });
});

describe("A list's entries as a connection", () => {
  it('walks the entries across the catalog pages of 20, forward and back, the same as GET /list/{id}', async () => {
    const list = h.catalog.data.movieLists.find((l) => l.item_count > 25)!;
    const pages = await Promise.all([1, 2].map((p) => h.rest(`/list/${list.id}?page=${p}`)));
    const all = pages.flatMap((p) => p.items.map((item: any) => item.id));
    h.catalog.resetCalls();
    const query = (args: string) =>
      `query($id: ID!, $c: String) { list(listId: $id) { itemCount items(${args}) { totalCount edges { cursor node { __typename ... on Movie { databaseId } ... on TVSeries { databaseId } } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;
    const a = await h.query(query('first: 15, after: $c'), { id: list.id });
    expect(a.body.errors).toBeUndefined();
    const one = a.body.data.list.items;
    expect(one.edges.map((e: any) => e.node.databaseId)).toEqual(all.slice(0, 15));
    expect(one.totalCount).toBe(pages[0].total_results);
    // Page 1 is the list's own detail call: one call for the list and its first window.
    expect(h.catalog.calls.map((call) => call.path)).toEqual([`/list/${list.id}`]);

    const b = await h.query(query('first: 10, after: $c'), { id: list.id, c: one.pageInfo.endCursor });
    const two = b.body.data.list.items;
    expect(two.edges.map((e: any) => e.node.databaseId)).toEqual(all.slice(15, 25));
    expect(two.pageInfo).toMatchObject({ hasPreviousPage: true });

    const c = await h.query(query('last: 5, before: $c'), { id: list.id, c: two.pageInfo.startCursor });
    expect(c.body.data.list.items.edges.map((e: any) => e.node.databaseId)).toEqual(all.slice(10, 15));
  });

  it('serves each list under its natural name as a connection, with nothing deprecated', async () => {
    const { body } = await h.query(`{
      account: __type(name: "Account") { fields(includeDeprecated: true) { name deprecationReason type { name } } }
      list: __type(name: "UserList") { fields(includeDeprecated: true) { name deprecationReason type { name } } }
    }`);
    const fields = Object.fromEntries([
      ...body.data.account.fields.map((f: any) => [`Account.${f.name}`, f]),
      ...body.data.list.fields.map((f: any) => [`UserList.${f.name}`, f]),
    ]);
    for (const page of [
      'favoriteMovies',
      'favoriteTVSeries',
      'watchlistMovies',
      'watchlistTVSeries',
      'ratedMovies',
      'ratedTVSeries',
      'ratedEpisodes',
      'lists',
    ])
      expect(fields[`Account.${page}`], page).toMatchObject({
        deprecationReason: null,
        type: { name: expect.stringMatching(/Connection$/) },
      });
    expect(fields['UserList.items']).toMatchObject({ deprecationReason: null, type: { name: 'UserListItemConnection' } });
    expect(Object.keys(fields).filter((name) => name.endsWith('Connection'))).toEqual([]);
  });
});
