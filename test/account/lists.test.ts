import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

let h: Harness;
let accountId: number;
let sessionId: string;

beforeAll(async () => {
  h = await startHarness();
  accountId = h.catalog.data.account.id;
  sessionId = await createUserSession(h);
  // `account(id:)` answers only the session's own account, looked up once per session: looked up
  // here, so each test below counts only the calls of its list.
  await h.query('query($id: Int!) { account(id: $id) { id: databaseId } }', { id: accountId }, { 'x-session-id': sessionId });
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const user = () => ({ 'x-session-id': sessionId });
const LIST_FIELDS = 'id: databaseId name description createdBy favoriteCount itemCount languageCode posterPath';
const ITEMS = `items(first: 20, after: $after) { totalCount edges { node { __typename ... on Movie { id: databaseId title releaseDate } ... on TVSeries { id: databaseId name firstAirDate } } } }`;

function itemOf(up: any) {
  return up.media_type === 'tv'
    ? { __typename: 'TVSeries', id: up.id, name: up.name, firstAirDate: up.first_air_date || null }
    : { __typename: 'Movie', id: up.id, title: up.title, releaseDate: up.release_date || null };
}

describe('Query.list', () => {
  it('matches GET /list/{id} field by field, items paged and carried (one call, no detail calls)', async () => {
    const list = h.catalog.data.movieLists.find((l) => l.item_count > 25)!;
    const up = await h.rest(`/list/${list.id}?page=2`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($id: ID!, $after: String) { list(listId: $id) { ${LIST_FIELDS} ${ITEMS} } }`, {
      id: list.id,
      after: expected.cursorAt('UserList.items', 19),
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.list).toEqual({
      id: list.id,
      name: up.name,
      description: up.description,
      createdBy: up.created_by,
      favoriteCount: up.favorite_count,
      itemCount: up.item_count,
      languageCode: up.iso_639_1,
      posterPath: up.poster_path,
      items: expected.connection(up, up.items.map(itemOf)),
    });
    expect(up.item_count).toBe(list.item_count);
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/list/${list.id}`, `/list/${list.id}`]);
  });

  it('page 1 of the items shares the detail call; TV lists hold series', async () => {
    const list = h.catalog.data.tvLists.find((l) => l.item_count > 0)!;
    const up = await h.rest(`/list/${list.id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($id: ID!, $after: String) { list(listId: $id) { name ${ITEMS} } }`, { id: list.id, after: null });
    expect(body.errors).toBeUndefined();
    expect(expected.nodes(body.data.list.items)).toEqual(up.items.map(itemOf));
    expect(expected.nodes(body.data.list.items)[0].__typename).toBe('TVSeries');
    expect(h.catalog.calls).toHaveLength(1);
  });

  it('itemStatus asks GET /list/{id}/item_status', async () => {
    const [movieId, listIds] = [...h.catalog.data.listsOfMovie].find(([, ids]) => ids.length > 0)!;
    const other = h.catalog.data.movies.find((m) => !(h.catalog.data.listsOfMovie.get(m.id) ?? []).includes(listIds[0]))!;
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: ID!, $m: Int!, $o: Int!) { list(listId: $id) { yes: itemStatus(movieId: $m) no: itemStatus(movieId: $o) } }`,
      {
        id: listIds[0],
        m: movieId,
        o: other.id,
      },
    );
    expect(body).toEqual({ data: { list: { yes: true, no: false } } });
    // Besides the list's details, which tell that it exists.
    expect(h.catalog.calls.map((c) => [c.path, c.query.movie_id])).toEqual([
      [`/list/${listIds[0]}/item_status`, String(movieId)],
      [`/list/${listIds[0]}/item_status`, String(other.id)],
      [`/list/${listIds[0]}`, undefined],
    ]);
  });

  it("links from a movie's lists to the whole list", async () => {
    const [movieId] = [...h.catalog.data.listsOfMovie].find(([, ids]) => ids.length > 0)!;
    const { body } = await h.query(
      `query($m: Int!) { movie(id: $m) { lists { edges { node { id: databaseId createdBy itemCount } } } } }`,
      {
        m: movieId,
      },
    );
    expect(body.errors).toBeUndefined();
    const first = expected.nodes(body.data.movie.lists)[0];
    const up = await h.rest(`/list/${first.id}`);
    expect(first).toEqual({ id: first.id, createdBy: up.created_by, itemCount: up.item_count });
  });

  it('an unknown list is NOT_FOUND on that field; a bad id is BAD_USER_INPUT without a call', async () => {
    const missing = await h.query(`{ list(listId: 1) { name } }`);
    expect(errorCodes(missing)).toEqual(['NOT_FOUND']);
    h.catalog.resetCalls();
    const bad = await h.query(`{ list(listId: 0) { name } }`);
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toEqual([]);
  });
});

describe("The account's lists and their edits", () => {
  it('Account.lists matches GET /account/{id}/lists', async () => {
    const up = await h.rest(`/account/${accountId}/lists?session_id=${sessionId}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { account(id: $id) { lists { totalCount edges { node { id: databaseId name itemCount favoriteCount languageCode } } } } }`,
      { id: accountId },
      user(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.account.lists).toEqual({
      totalCount: up.total_results,
      edges: up.results.map((l: any) => ({
        node: { id: l.id, name: l.name, itemCount: l.item_count, favoriteCount: l.favorite_count, languageCode: l.iso_639_1 },
      })),
    });
    expect(up.total_results).toBeGreaterThan(0);
    expect(h.catalog.calls).toHaveLength(1);
  });

  it('create, add, remove, clear and delete: each write is visible in the next read', async () => {
    const [m1, m2] = h.catalog.data.movies.slice(10, 12);
    const created = await h.query(
      `mutation { createList(input: { name: "Night shift", description: "Long films", language: "en" }) { list { id: databaseId name description itemCount createdBy } } }`,
      undefined,
      user(),
    );
    expect(created.body.errors).toBeUndefined();
    const list = created.body.data.createList.list;
    expect(list).toMatchObject({
      name: 'Night shift',
      description: 'Long films',
      itemCount: 0,
      createdBy: h.catalog.data.account.username,
    });
    const mine = await h.query(
      `query($id: Int!) { account(id: $id) { lists { edges { node { id: databaseId } } } } }`,
      { id: accountId },
      user(),
    );
    expect(expected.nodes(mine.body.data.account.lists)[0].id).toBe(list.id);

    const add = `mutation($l: ID!, $m: Int!) { addMovieToList(input: { userListId: $l, movieId: $m }) { list { itemCount itemStatus(movieId: $m) } } }`;
    expect((await h.query(add, { l: list.id, m: m1.id }, user())).body.data.addMovieToList.list).toEqual({
      itemCount: 1,
      itemStatus: true,
    });
    expect((await h.query(add, { l: list.id, m: m2.id }, user())).body.data.addMovieToList.list).toEqual({
      itemCount: 2,
      itemStatus: true,
    });
    const duplicate = await h.query(add, { l: list.id, m: m2.id }, user());
    expect(duplicate.body).toEqual({ data: { addMovieToList: { list: { itemCount: 2, itemStatus: true } } } });

    const removed = await h.query(
      `mutation($l: ID!, $m: Int!) { removeMovieFromList(input: { userListId: $l, movieId: $m }) { list { itemCount items { edges { node { ... on Movie { id: databaseId } } } } } } }`,
      { l: list.id, m: m1.id },
      user(),
    );
    expect(removed.body.data.removeMovieFromList.list).toEqual({ itemCount: 1, items: { edges: [{ node: { id: m2.id } }] } });

    h.catalog.resetCalls();
    const cleared = await h.query(
      `mutation($l: ID!) { clearList(input: { userListId: $l }) { list { itemCount } } }`,
      { l: list.id },
      user(),
    );
    expect(cleared.body.data.clearList.list).toEqual({ itemCount: 0 });
    expect(h.catalog.calls[0]).toMatchObject({ method: 'POST', path: `/list/${list.id}/clear`, status: 201, query: { confirm: 'true' } });

    const deleted = await h.query(`mutation($l: ID!) { deleteUserList(input: { userListId: $l }) { userListId } }`, { l: list.id }, user());
    expect(deleted.body).toEqual({ data: { deleteUserList: { userListId: String(list.id) } } });
    expect(errorCodes(await h.query(`query($l: ID!) { list(listId: $l) { name } }`, { l: list.id }))).toEqual(['NOT_FOUND']);
  });

  it("another user's list cannot be edited", async () => {
    const foreign = h.catalog.data.movieLists[0];
    const { body } = await h.query(
      `mutation($l: ID!) { clearList(input: { userListId: $l }) { list { id: databaseId } } }`,
      { l: foreign.id },
      user(),
    );
    expect(body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await h.rest(`/list/${foreign.id}`)).item_count).toBe(foreign.item_count);
  });

  it('writes need a session and valid arguments: errors before any upstream call', async () => {
    const noSession = await h.query(`mutation { createList(input: { name: "x" }) { list { id: databaseId } } }`);
    expect(errorCodes(noSession)).toEqual(['UNAUTHENTICATED']);
    const badName = await h.query(`mutation { createList(input: { name: "   " }) { list { id: databaseId } } }`, undefined, user());
    const badLanguage = await h.query(
      `mutation { createList(input: { name: "ok", language: "English" }) { list { id: databaseId } } }`,
      undefined,
      user(),
    );
    const badMovie = await h.query(
      `mutation { addMovieToList(input: { userListId: 5, movieId: 0 }) { list { id: databaseId } } }`,
      undefined,
      user(),
    );
    expect([errorCodes(badName), errorCodes(badLanguage), errorCodes(badMovie)]).toEqual([
      ['BAD_USER_INPUT'],
      ['BAD_USER_INPUT'],
      ['BAD_USER_INPUT'],
    ]);
    expect(h.catalog.calls).toEqual([]);
  });
});
