import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, scrub } from '../../src/runtime/logger.ts';
import { startHarness, type Harness } from '../helpers.ts';

/** Tokens, session ids and request tokens appear in no log line, error or response. */
const TOKEN = 'tok-SECRET-aaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const SESSION = 'sessSECRETbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const GUEST = 'guestSECRETcccccccccccccccccccccccccc';
const REQUEST_TOKEN = 'reqSECRETdddddddddddddddddddddddddddd';
const PASSWORD = 'pwSECRETeeeeeeeeeeeeeeeeee';
const SECRETS = [TOKEN, SESSION, GUEST, REQUEST_TOKEN, PASSWORD];

let h: Harness;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  h = await startHarness({ logger: createLogger('trace', sink), catalog: { extraTokens: [TOKEN] } });
});
afterAll(() => h.close());

describe('secrets', () => {
  it('stay out of responses and logs across failing and succeeding requests', async () => {
    const accountId = h.catalog.data.account.id;
    const movieId = h.catalog.data.movies[0].id;
    const responses = await Promise.all([
      h.query(`{ authentication { success } }`, undefined, { authorization: `Bearer ${TOKEN}x` }),
      h.query(`{ authentication { success } }`, undefined, { authorization: `Bearer ${TOKEN}` }),
      h.query(
        `query($id: Int!) { account(id: $id) { username ratedMovies { totalCount } } }`,
        { id: accountId },
        { 'x-session-id': SESSION },
      ),
      h.query(`query($id: Int!) { movie(id: $id) { title } }`, { id: movieId }, { 'x-guest-session-id': GUEST, 'x-session-id': SESSION }),
      h.query(`mutation($t: String!) { createSession(input: { requestToken: $t }) { session { sessionId } } }`, { t: REQUEST_TOKEN }),
      h.query(`mutation($t: String!) { createSession(input: { requestToken: $t }) { session { sessionId } } }`, {
        t: `${REQUEST_TOKEN}/../x`,
      }),
      h.query(`{ movie(id: 0) { title } }`, undefined, { authorization: `Bearer ${TOKEN}`, 'x-session-id': SESSION }),
      h.query(`{ nope }`, { sessionId: SESSION }, { authorization: `Bearer ${TOKEN}` }),
      // A secret of the wrong type: graphql-js would echo the rejected value.
      h.query(`mutation($t: String!) { createSession(input: { requestToken: $t }) { session { sessionId } } }`, {
        t: { token: REQUEST_TOKEN },
      }),
      h.query(
        `mutation($u: String!, $p: String!, $t: String!) { createSessionWithLogin(input: { username: $u, password: $p, requestToken: $t }) { session { sessionId } } }`,
        { u: 'robin_okafor', p: PASSWORD, t: 'abc' },
      ),
      h.query(
        `mutation($u: String!, $p: String!, $t: String!) { createSessionWithLogin(input: { username: $u, password: $p, requestToken: $t }) { session { sessionId } } }`,
        { u: 'robin_okafor', p: [PASSWORD], t: 'abc' },
      ),
    ]);
    h.catalog.setFaults([{ path: '.*', status: 500 }]);
    responses.push(
      await h.query(`{ authentication { success } }`, undefined, { authorization: `Bearer ${TOKEN}`, 'x-session-id': SESSION }),
    );
    h.catalog.setFaults([]);

    expect(responses.some((r) => r.body.errors?.length)).toBe(true);
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of SECRETS) {
      for (const response of responses) expect(response.text).not.toContain(secret);
      for (const line of lines) expect(line).not.toContain(secret);
    }
  });

  it('scrubs secrets from any logged text', () => {
    const text = `GET http://x/3/account/1?session_id=${SESSION}&guest_session_id=${GUEST} Authorization: Bearer ${TOKEN} {"request_token":"${REQUEST_TOKEN}"} GET /3/guest_session/${GUEST}/rated/movies`;
    const clean = scrub(text);
    for (const secret of SECRETS) expect(clean).not.toContain(secret);
    expect(clean).toContain('session_id=[redacted]');
  });
});
