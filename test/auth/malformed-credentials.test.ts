import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { examples } from '../../src/graphql/graphiql.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 33 item 8: a credential header that was sent but cannot be read is named as malformed,
 * not as missing. GraphiQL's account tab sends its placeholders as they are, and the answer
 * said "No access token… send it in the X-Session-Id header" although both headers were sent.
 * Never the header's value: it may be a real credential, mistyped.
 */
let h: Harness;
beforeAll(async () => {
  // As with a gateway that has a server token: a malformed Authorization must not borrow it.
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

type Errors = Array<{ message: string; path?: unknown[]; extensions?: { code?: string } }>;
const byPath = (errors: Errors | undefined) =>
  Object.fromEntries((errors ?? []).map((error) => [String(error.path?.join('.')), [error.extensions?.code, error.message]]));

const MALFORMED_TOKEN = 'The Authorization header is malformed: send "Authorization: Bearer <token>", the token without spaces.';
const MALFORMED_SESSION = 'The X-Session-Id header is malformed: a session id is 1 to 256 letters, digits, "-" or "_".';

describe('a malformed credential header is named as malformed', () => {
  it("GraphiQL's placeholder headers: each field names the header it needed as malformed", async () => {
    const headers = JSON.parse(examples.account.headers) as Record<string, string>;
    const response = await h.query('{ movie(id: 550) { title } viewer { id: databaseId } }', undefined, headers);
    expect(response.body.data).toEqual({ movie: null, viewer: null });
    expect(byPath(response.body.errors)).toEqual({
      // The movie needed the token (and the catalog's default token is not borrowed).
      movie: ['UNAUTHENTICATED', MALFORMED_TOKEN],
      viewer: ['UNAUTHENTICATED', MALFORMED_SESSION],
    });
    for (const value of Object.values(headers)) expect(response.text).not.toContain(value.replace(/^Bearer /, ''));
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('a malformed guest session, where either session would do, names the one sent', async () => {
    const movie = h.catalog.data.movies[0]!.id;
    const response = await h.query(`{ movie(id: ${movie}) { accountStates { rating } } }`, undefined, {
      'x-guest-session-id': 'not a session id!',
    });
    expect(byPath(response.body.errors)).toEqual({
      'movie.accountStates': [
        'UNAUTHENTICATED',
        'The X-Guest-Session-Id header is malformed: a guest session id is 1 to 256 letters, digits, "-" or "_".',
      ],
    });
    expect(response.text).not.toContain('not a session id!');
  });

  it('a header not sent at all is still named as missing', async () => {
    const response = await h.query('{ viewer { id: databaseId } }');
    expect(byPath(response.body.errors)).toEqual({
      viewer: ['UNAUTHENTICATED', 'This field needs a user session: send it in the X-Session-Id header.'],
    });
  });
});
