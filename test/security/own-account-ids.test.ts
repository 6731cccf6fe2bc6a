import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserSession, errorCodes, postQuery, startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 42, item 10: with the session of account 548, `account(id: 999)` on /graphql and
 * `_entities([{ __typename: "Account", id: 999 }])` on /subgraph both answered `{ id: 999,
 * username: <the session's> }`: the catalog's `/account/{id}` answers the session's own account
 * whatever the id. Both now answer only the session's own id, as `node(id:)` does: any other is
 * null with NOT_FOUND, and without a session UNAUTHENTICATED. Over real HTTP.
 */
let h: Harness;
let sessionId: string;
let subgraph: string;

beforeAll(async () => {
  h = await startHarness();
  sessionId = await createUserSession(h);
  subgraph = new URL('/subgraph', h.url).href;
});
afterAll(() => h?.close());

const user = () => ({ 'x-session-id': sessionId });
const ACCOUNT = 'query($id: Int!) { account(id: $id) { id: databaseId username } }';
const ENTITIES = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Account { id: databaseId username } } }';
const where = (errors: Array<{ path?: unknown; extensions?: Record<string, unknown> }> | undefined) =>
  (errors ?? []).map((error) => [error.extensions?.code, error.path]);

describe("account(id:) answers only the session's own account", () => {
  it("a fresh session's first ask is for another id: NOT_FOUND, though the catalog refuses that account's details", async () => {
    const fresh = await createUserSession(h);
    for (const [query, path] of [
      [ACCOUNT, ['account']],
      [ENTITIES, ['_entities', 0]],
    ] as const) {
      const session = path[0] === 'account' ? fresh : await createUserSession(h);
      const answer =
        path[0] === 'account'
          ? await h.query(query, { id: h.catalog.data.account.id + 7 }, { 'x-session-id': session })
          : await postQuery(
              subgraph,
              query,
              { r: [{ __typename: 'Account', databaseId: h.catalog.data.account.id + 7 }] },
              { 'x-session-id': session },
            );
      expect(where(answer.body.errors)).toEqual([['NOT_FOUND', path]]);
    }
  });

  it('its own id answers its details', async () => {
    const { account } = h.catalog.data;
    const answer = await h.query(ACCOUNT, { id: account.id }, user());
    expect(answer.body).toEqual({ data: { account: { id: account.id, username: account.username } } });
  });

  it('another id is null with NOT_FOUND; without a session, UNAUTHENTICATED', async () => {
    for (const other of [h.catalog.data.account.id + 451, 2147483000]) {
      const answer = await h.query(ACCOUNT, { id: other }, user());
      expect(answer.body.data).toEqual({ account: null });
      expect(where(answer.body.errors)).toEqual([['NOT_FOUND', ['account']]]);
    }
    const anonymous = await h.query(ACCOUNT, { id: h.catalog.data.account.id });
    expect(anonymous.body.data).toEqual({ account: null });
    expect(errorCodes(anonymous)).toEqual(['UNAUTHENTICATED']);
  });
});

describe('Account entities on /subgraph', () => {
  it("the session's own id answers; another is null with NOT_FOUND at its index, the others unharmed", async () => {
    const { account } = h.catalog.data;
    const answer = await postQuery(
      subgraph,
      ENTITIES,
      {
        r: [
          { __typename: 'Account', databaseId: account.id + 451 },
          { __typename: 'Account', databaseId: account.id },
        ],
      },
      user(),
    );
    expect(answer.body.data).toEqual({ _entities: [null, { id: account.id, username: account.username }] });
    expect(where(answer.body.errors)).toEqual([['NOT_FOUND', ['_entities', 0]]]);
  });

  it('without a session the key answers alone, the private fields fail with UNAUTHENTICATED', async () => {
    const answer = await postQuery(subgraph, ENTITIES, { r: [{ __typename: 'Account', databaseId: 999 }] });
    expect(answer.body.data).toEqual({ _entities: [{ id: 999, username: null }] });
    expect(where(answer.body.errors)).toEqual([['UNAUTHENTICATED', ['_entities', 0, 'username']]]);
  });
});
