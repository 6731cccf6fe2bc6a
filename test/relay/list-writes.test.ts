/**
 * Issue 33 item 4 with the real relay-compiler (the documented config, over
 * test/relay/fixtures-list-writes) and relay-runtime's store, each operation sent over HTTP to the
 * gateway with a user session: `createList { listEdge @prependEdge }` puts the new list first in
 * the account's `lists`, and the count beside it is right afterwards, through the new list's
 * `account`; `deleteUserList { deletedId @deleteEdge @deleteRecord account }` drops it from the
 * connection and the store and sets the count back; `addMovieToList { itemEdge @appendEdge }` and
 * `removeMovieFromList { removedMovieId @deleteEdge }` grow and shrink a list's `items`. No
 * updater of the app's own: the payloads carry the edges and ids.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectionHandler, type Environment, fetchQuery } from 'relay-runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserSession, type Harness, startHarness } from '../helpers.ts';
import { artifact, type Compilation, compileFixtures } from './compile.ts';
import { commit, gatewayEnvironment } from './environment.ts';

let h: Harness;
let tmp: string;
let compiled: Compilation;
let sessionId: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'relay-list-writes-'));
  [compiled, h] = await Promise.all([
    compileFixtures(tmp, 'list-writes', (config) => ({ ...config, src: './fixtures-list-writes' })),
    startHarness(),
  ]);
  sessionId = await createUserSession(h);
});
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const user = () => ({ 'x-session-id': sessionId });

const environment = () => gatewayEnvironment(h.url, user());

/** What the account page shows from the store: the connection's list names, in order, and the count. */
function accountPage(env: Environment, accountId: string) {
  let page: { names: unknown[]; count: unknown } = { names: [], count: null };
  env.commitUpdate((store) => {
    const account = store.get(accountId)!;
    const connection = ConnectionHandler.getConnection(account, 'AccountLists_lists');
    const names = (connection?.getLinkedRecords('edges') ?? []).map((edge) => edge?.getLinkedRecord('node')?.getValue('name'));
    page = { names, count: account.getLinkedRecord('lists')?.getValue('totalCount') };
  });
  return page;
}

describe('Relay list writes without an updater', () => {
  it('compiles @prependEdge, @appendEdge and @deleteEdge on the payloads', async () => {
    expect(compiled.code, compiled.output).toBe(0);
  });

  it('createList @prependEdge puts the new list first and the count is right; deleteUserList @deleteRecord sets it back', async () => {
    const env = environment();
    const screen: any = await fetchQuery(env, await artifact(compiled, 'AccountListsQuery'), {}).toPromise();
    const accountId = screen.viewer.id;
    const before = accountPage(env, accountId);
    const server = async () =>
      (await h.query('{ viewer { id lists { id totalCount } } }', undefined, user())).body.data.viewer.lists.totalCount;
    expect(before.count).toBe(await server());

    const connections = [ConnectionHandler.getConnectionID(accountId, 'AccountLists_lists')];
    const input = { name: 'Seen in Relay', clientMutationId: 'create-1' };
    const answer: any = await commit(env, await artifact(compiled, 'AccountListsCreateMutation'), { input, connections });
    expect(answer.createList.clientMutationId).toBe('create-1');
    const after = accountPage(env, accountId);
    expect(after.names).toEqual(['Seen in Relay', ...before.names]);
    expect(after.count).toBe((before.count as number) + 1);
    expect(after.count).toBe(await server());

    const created = await h.query('{ viewer { id lists(first: 1) { id edges { id node { id listId name } } } } }', undefined, user());
    const { listId, name } = created.body.data.viewer.lists.edges[0].node;
    expect(name).toBe('Seen in Relay');
    // relay-runtime warns (console.error) when an answer files one record under two types: the
    // deletion's answer must not be keyed as the deleted list itself.
    const warned: string[] = [];
    const warnings = vi.spyOn(console, 'error').mockImplementation((message) => void warned.push(String(message)));
    await commit(env, await artifact(compiled, 'AccountListsDeleteMutation'), { listId, connections }).finally(() =>
      warnings.mockRestore(),
    );
    expect(warned).toEqual([]);
    const deleted = accountPage(env, accountId);
    expect(deleted.count).toBe(before.count);
    expect(deleted.count).toBe(await server());
    expect(deleted.names).toEqual(before.names);
  });

  it('addMovieToList @appendEdge adds the movie last to the list page, removeMovieFromList @deleteEdge takes it out', async () => {
    const env = environment();
    const made = await h.query(`mutation { createList(input: { name: "Relay items" }) { list { listId } } }`, undefined, user());
    const listId = made.body.data.createList.list.listId;
    const [first, second] = h.catalog.data.movies.slice(50, 52);
    const add = await artifact(compiled, 'ListItemsAddMutation');
    await commit(env, add, { listId, movieId: first!.id, connections: [] });
    const screen: any = await fetchQuery(env, await artifact(compiled, 'ListItemsQuery'), { listId }).toPromise();
    const page = () => {
      let seen: { titles: unknown[]; count: unknown; cursors?: unknown[] } = { titles: [], count: null };
      env.commitUpdate((store) => {
        const list = store.get(screen.list.id)!;
        const edges = ConnectionHandler.getConnection(list, 'ListItems_items')?.getLinkedRecords('edges') ?? [];
        const titles = edges.map((edge) => edge?.getLinkedRecord('node')?.getValue('title'));
        seen = { titles, count: list.getValue('itemCount'), cursors: edges.map((edge) => edge?.getValue('cursor')) };
      });
      return seen;
    };
    expect(page()).toMatchObject({ titles: [first!.title], count: 1 });

    const connections = [ConnectionHandler.getConnectionID(screen.list.id, 'ListItems_items')];
    await commit(env, add, { listId, movieId: second!.id, connections });
    expect(page()).toMatchObject({ titles: [first!.title, second!.title], count: 2 });
    // The appended edge's cursor is the one the list gives its last entry: paging on from it works.
    const served = await h.query('query($l: ID!) { list(listId: $l) { items { edges { cursor } } } }', { l: listId }, user());
    expect(page().cursors).toEqual(served.body.data.list.items.edges.map((edge: any) => edge.cursor));
    // Adding it again changes nothing, in the catalog or on the page.
    await commit(env, add, { listId, movieId: second!.id, connections });
    expect(page()).toMatchObject({ titles: [first!.title, second!.title], count: 2 });

    await commit(env, await artifact(compiled, 'ListItemsRemoveMutation'), { listId, movieId: first!.id, connections });
    expect(page()).toMatchObject({ titles: [second!.title], count: 1 });
    // The page is what the gateway answers when asked again.
    const fresh: any = await fetchQuery(gatewayEnvironment(h.url, user()), await artifact(compiled, 'ListItemsQuery'), {
      listId,
    }).toPromise();
    expect(fresh.list.itemCount).toBe(1);
  });

  it('UserList.account is the owner where the answer knows it, and null where it does not', async () => {
    const movie = [...h.catalog.data.listsOfMovie].find(([, ids]) => ids.length > 0)![0];
    const { body } = await h.query(
      `query($m: Int!) {
        viewer { id lists(first: 1) { id edges { id node { id account { id } } } } }
        movie(id: $m) { id lists(first: 1) { id edges { id node { id listId account { id } } } } }
      }`,
      { m: movie },
      user(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.lists.edges[0].node.account).toEqual({ id: body.data.viewer.id });
    const { listId, account } = body.data.movie.lists.edges[0].node;
    expect(account).toBeNull();
    const byId = await h.query('query($l: ID!) { list(listId: $l) { id account { id } } }', { l: listId }, user());
    expect(byId.body).toEqual({ data: { list: { id: expect.any(String), account: null } } });
  });
});
