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

describe('Query.viewer', () => {
  it("answers the session's own account, found by the session alone, in one call", async () => {
    const account = h.catalog.data.account;
    const { body } = await h.query(
      '{ viewer { id: databaseId username name languageCode countryCode includeAdult ratedMovies { totalCount } } }',
      {},
      { 'x-session-id': sessionId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer).toMatchObject({ id: account.id, username: account.username, includeAdult: account.include_adult });
    expect(body.data.viewer.ratedMovies.totalCount).toBeGreaterThanOrEqual(0);
    // The details call names the account by `null`, the published default of account_id.
    expect(h.catalog.calls.filter((c) => c.path.startsWith('/account/null')).length).toBe(1);
  });

  it('is UNAUTHENTICATED without a session or with one the catalog does not know, and never echoes the session', async () => {
    const none = await h.query('{ viewer { id: databaseId } }');
    expect(errorCodes(none)).toEqual(['UNAUTHENTICATED']);
    expect(none.body.data.viewer).toBeNull();
    expect(h.catalog.calls).toEqual([]);
    const bogus = 'f'.repeat(40);
    const wrong = await h.query('{ viewer { id: databaseId } }', {}, { 'x-session-id': bogus });
    expect(errorCodes(wrong)).toEqual(['UNAUTHENTICATED']);
    expect(wrong.text).not.toContain(bogus);
  });
});
