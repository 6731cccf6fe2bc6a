import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commitMutation, fetchQuery } from 'relay-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';
import { artifact, type Compilation, compileFixtures } from './compile.ts';
import { gatewayEnvironment } from './environment.ts';

/**
 * Issue 33 items 5 and 6 with the real relay-compiler (the documented config, over
 * test/relay/fixtures-writes) and relay-runtime's store, the operations sent over HTTP to the
 * gateway with a user session: `@deleteRecord` on `deleteUserList`'s `deletedId` drops the list's
 * record, with no updater of the app's own.
 */
let h: Harness;
let tmp: string;
let compiled: Compilation;
let sessionId: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'relay-writes-'));
  [compiled, h] = await Promise.all([
    compileFixtures(tmp, 'writes', (config) => ({ ...config, src: './fixtures-writes' })),
    startHarness(),
  ]);
  sessionId = await createUserSession(h);
});
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const environment = () => gatewayEnvironment(h.url, { 'x-session-id': sessionId });

describe('Relay writes', () => {
  it('compiles with the documented config', () => {
    expect(compiled.code, compiled.output).toBe(0);
  });

  it('refetches the signed-in account by node(id:) from a @refetchable Account fragment', async () => {
    const fragment = await artifact(compiled, 'AccountCard_account');
    const { operation, identifierInfo } = fragment.metadata.refetch;
    expect(identifierInfo).toMatchObject({ identifierField: 'id', identifierQueryVariableName: 'id' });
    const env = environment();
    await fetchQuery(env, await artifact(compiled, 'AccountCardQuery'), {}).toPromise();
    const account = h.catalog.data.account;
    const nodeId = Buffer.from(`Account:${account.id}`).toString('base64url');
    // The screen's query stored the viewer under its id, the key the refetch query sends.
    expect(env.getStore().getSource().get(nodeId)).toMatchObject({ id: nodeId, databaseId: account.id });
    const refetched: any = await fetchQuery(env, operation, { id: nodeId }).toPromise();
    expect(refetched.node.__id).toBe(nodeId);
    expect(env.getStore().getSource().get(nodeId)).toMatchObject({
      __typename: 'Account',
      databaseId: account.id,
      username: account.username,
    });
  });

  it("drops a deleted list's record with @deleteRecord on deleteUserList's deletedId", async () => {
    const created = await h.query(`mutation { createList(input: { name: "Relay" }) { list { listId id } } }`, undefined, {
      'x-session-id': sessionId,
    });
    const { listId, id: nodeId } = created.body.data.createList.list;
    const env = environment();
    await fetchQuery(env, await artifact(compiled, 'ListWritesQuery'), { listId }).toPromise();
    expect(env.getStore().getSource().get(nodeId)).toMatchObject({ name: 'Relay', itemCount: 0 });

    const mutation = await artifact(compiled, 'ListWritesDeleteMutation');
    await new Promise((done, fail) =>
      commitMutation(env, {
        mutation,
        variables: { listId },
        onCompleted: (_, errors) => (errors ? fail(errors) : done(null)),
        onError: fail,
      }),
    );
    expect(env.getStore().getSource().get(nodeId)).toBeNull();
  });
});
