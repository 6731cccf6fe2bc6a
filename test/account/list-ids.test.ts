/**
 * A list is named by one type everywhere: `UserList.listId` is an `ID!`, so the writes take
 * `userListId: ID!`, `list` takes `listId: ID!`, `lists` takes `listIds: [ID!]!`, and
 * `deleteUserList` answers `userListId: ID!` and the deleted list's global id (`deletedId`)
 * (what Relay's `@deleteRecord` and a cache's evict take). The old `Int` arguments went in 1.0.
 * Over real HTTP against the gateway.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let sessionId: string;

beforeAll(async () => {
  h = await startHarness();
  sessionId = await createUserSession(h);
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const user = (more: Record<string, string> = {}) => ({ 'x-session-id': sessionId, ...more });

async function createList(name: string, headers = user()): Promise<{ listId: string; nodeId: string }> {
  const { body } = await h.query(
    `mutation($n: String!) { createList(input: { name: $n }) { list { listId nodeId: id } } }`,
    { n: name },
    headers,
  );
  expect(body.errors).toBeUndefined();
  return body.data.createList.list;
}

describe('list ids', () => {
  it('the writes and list(listId:) take the ID that UserList.listId answers, in a variable of type ID!', async () => {
    const movie = h.catalog.data.movies[12];
    const { listId, nodeId } = await createList('Ids');
    const added = await h.query(
      `mutation($l: ID!, $m: Int!) { addMovieToList(input: { userListId: $l, movieId: $m }) { list { listId nodeId: id itemCount } } }`,
      { l: listId, m: movie.id },
      user(),
    );
    expect(added.body).toEqual({ data: { addMovieToList: { list: { listId, nodeId, itemCount: 1 } } } });
    const read = await h.query(`query($l: ID!) { list(listId: $l) { listId itemCount } }`, { l: listId });
    expect(read.body).toEqual({ data: { list: { listId, itemCount: 1 } } });
    const removed = await h.query(
      `mutation($l: ID!, $m: Int!) { removeMovieFromList(input: { userListId: $l, movieId: $m }) { list { itemCount } } }`,
      { l: listId, m: movie.id },
      user(),
    );
    expect(removed.body).toEqual({ data: { removeMovieFromList: { list: { itemCount: 0 } } } });
    const cleared = await h.query(
      `mutation($l: ID!) { clearList(input: { userListId: $l }) { list { itemCount } } }`,
      { l: listId },
      user(),
    );
    expect(cleared.body).toEqual({ data: { clearList: { list: { itemCount: 0 } } } });
  });

  it('a numeric list id, as a number in a variable or an Int literal, names the same list', async () => {
    const { listId } = await createList('Old ids');
    const old = await h.query(
      `mutation($l: ID!) { clearList(input: { userListId: $l }) { list { listId } } }`,
      { l: Number(listId) },
      user(),
    );
    expect(old.body).toEqual({ data: { clearList: { list: { listId } } } });
    const read = await h.query(`{ list(listId: ${Number(listId)}) { listId } }`);
    expect(read.body).toEqual({ data: { list: { listId } } });
  });

  it("deleteUserList answers the deleted list's nodeId (in the request's language) and its ID", async () => {
    const french = user({ 'accept-language': 'fr-FR' });
    const { listId, nodeId } = await createList('To delete', french);
    const { body } = await h.query(
      `mutation($l: ID!) { deleteUserList(input: { userListId: $l }) { deletedId userListId } }`,
      { l: listId },
      french,
    );
    expect(body).toEqual({ data: { deleteUserList: { deletedId: nodeId, userListId: listId } } });
    expect(Buffer.from(nodeId, 'base64url').toString()).toBe(`UserList:${listId}@fr-FR`);
    expect(errorCodes(await h.query(`query($l: ID!) { list(listId: $l) { name } }`, { l: listId }))).toEqual(['NOT_FOUND']);
  });

  it('lists(listIds:) takes the IDs that UserList.listId answers, numeric and 24-hex', async () => {
    const list = h.catalog.data.movieLists[0]!;
    const { listId } = await createList('Batch');
    const hex = '5a3f0c2e9251410f6b00a1b2';
    const { body } = await h.query(`query($l: [ID!]!) { lists(listIds: $l) { listId } }`, { l: [listId, String(list.id), hex] });
    expect(body.data).toEqual({ lists: [{ listId }, { listId: String(list.id) }, null] });
    // A 24-hex id is a key the catalog may hold (lists made before 2018): asked, not refused.
    expect(body.errors?.map((e) => [e.extensions?.code, e.path])).toEqual([['NOT_FOUND', ['lists', 2]]]);
    const { body: schema } = await h.query(
      '{ __type(name: "Query") { fields { name args(includeDeprecated: true) { name type { kind } deprecationReason } } } }',
    );
    const args = schema.data.__type.fields.find((f: any) => f.name === 'lists').args;
    expect(args).toEqual([{ name: 'listIds', type: { kind: 'NON_NULL' }, deprecationReason: null }]);
  });

  it('a list id, or BAD_USER_INPUT naming the argument (and the input field) before any call', async () => {
    for (const [query, argument, field] of [
      ['mutation { deleteUserList(input: { userListId: "0123456789abcdef01234567" }) { deletedId } }', 'input', 'userListId'],
      ['mutation { addMovieToList(input: { userListId: "x", movieId: 5 }) { list { itemCount } } }', 'input', 'userListId'],
      ['{ list(listId: "not-a-list") { name } }', 'listId', undefined],
      ['{ lists(listIds: ["1", "../movie/1"]) { name } }', 'listIds', undefined],
    ]) {
      const response = await h.query(query!, undefined, user());
      expect(errorCodes(response), query).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions!.argument, query).toBe(argument);
      expect(response.body.errors![0].extensions!.field, query).toBe(field);
    }
    // No list, or the old Int argument beside the ID one: the document does not validate.
    for (const query of [
      'mutation { clearList { list { itemCount } } }',
      'mutation { clearList(input: {}) { list { itemCount } } }',
      'mutation { clearList(input: { listId: 1, userListId: "1" }) { list { itemCount } } }',
      '{ list { name } }',
      '{ lists { name } }',
      '{ lists(listIds: ["1"], ids: [1]) { name } }',
    ]) {
      expect(errorCodes(await h.query(query, undefined, user())), query).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    }
    expect(h.catalog.calls).toEqual([]);
  });
});
