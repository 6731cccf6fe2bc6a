/**
 * `Account` is a `Node`, so Relay's `@refetchable` works on it (test/relay/writes.test.ts compiles
 * one). An account's details need its own session, so `node(id:)` of an Account answers only the
 * session's own: without a session UNAUTHENTICATED; another account NOT_FOUND, exactly as one that
 * does not exist, so a global id never tells whether someone else's account exists. Over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let sessionId: string;

beforeAll(async () => {
  h = await startHarness();
  sessionId = await createUserSession(h);
});
afterAll(() => h.close());

const user = () => ({ 'x-session-id': sessionId });
const accountNodeId = (id: number) => Buffer.from(`Account:${id}`).toString('base64url');
const NODE = `query($id: ID!) { node(id: $id) { __typename nodeId: id ... on Account { id: databaseId username } } }`;

describe('Account as a Node', () => {
  it("answers the session's own account by its nodeId, the one viewer gives", async () => {
    const { account } = h.catalog.data;
    const viewer = await h.query('{ viewer { nodeId: id } }', undefined, user());
    expect(viewer.body.errors).toBeUndefined();
    const { nodeId } = viewer.body.data.viewer;
    expect(nodeId).toBe(accountNodeId(account.id));
    const { body } = await h.query(NODE, { id: nodeId }, user());
    expect(body).toEqual({ data: { node: { __typename: 'Account', nodeId, id: account.id, username: account.username } } });
  });

  it('is UNAUTHENTICATED without a session, and NOT_FOUND for another account or none, null either way', async () => {
    const own = accountNodeId(h.catalog.data.account.id);
    const anonymous = await h.query(NODE, { id: own });
    expect(anonymous.body.data).toEqual({ node: null });
    expect(errorCodes(anonymous)).toEqual(['UNAUTHENTICATED']);
    for (const other of [h.catalog.data.account.id + 1, 2147483000]) {
      const response = await h.query(NODE, { id: accountNodeId(other) }, user());
      expect(response.body.data).toEqual({ node: null });
      expect(response.body.errors!.map((e) => [e.extensions!.code, e.path])).toEqual([['NOT_FOUND', ['node']]]);
    }
  });
});
