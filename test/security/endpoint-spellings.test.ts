import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVarnish, type RunningVarnish } from '../delivery/varnish.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';
import { rawExchange, rawJson } from '../http/raw-http.ts';
import { outsideProgram } from '../outside-programs.ts';

/**
 * The attacks of issue 21 on the HTTP front, through Debian's Varnish with its default VCL (a
 * shared cache we did not write, which keys by URL and obeys Cache-Control and Vary only): a
 * session's answer fetched under another spelling of the endpoint must never be kept for others;
 * every answer names its type once (as fetch reads it); a 406 names none rather than a blank one.
 */
const varnishd = outsideProgram('varnishd', import.meta.url);
let h: Harness;
let varnish: RunningVarnish;
let port: number;
let sessionId: string;

const isHit = (response: Response) => (response.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;

beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024 } });
  port = Number(new URL(h.url).port);
  sessionId = await createUserSession(h);
  if (varnishd) varnish = await startVarnish(varnishd, port);
}, 30_000);
afterAll(async () => {
  await varnish?.close();
  await h?.close();
});

const ACCOUNT = encodeURIComponent('{ viewer { username } }');

describe.skipIf(!varnishd)('other spellings of the endpoint', () => {
  it('a session’s account fetched by GET on /graphql/ through Varnish is never served to a request without the session', async () => {
    const mine = await fetch(`${varnish.url}/graphql/?query=${ACCOUNT}`, { headers: { 'x-session-id': sessionId } });
    const mineText = await mine.text();
    const stranger = await fetch(`${varnish.url}/graphql/?query=${ACCOUNT}`);
    const strangerText = await stranger.text();
    // Varnish may keep the 404: it holds nobody's data.
    expect(stranger.status).toBe(404);
    expect(strangerText).not.toContain('username');
    // Not served at all: the exact path is the endpoint, any other spelling is 404 and typed.
    expect(mine.status).toBe(404);
    expect(JSON.parse(mineText).errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('/graphql/. and /x/../graphql (sent raw: fetch would normalise them) are 404, not the endpoint', async () => {
    for (const target of ['/graphql/.', '/x/../graphql', '/graphql/', '/%67raphql']) {
      const answer = await rawExchange(
        port,
        `GET ${target}?query=${ACCOUNT} HTTP/1.1\nHost: localhost\nX-Session-Id: ${sessionId}\nConnection: close\n`,
      );
      expect(answer.status, target).toBe(404);
      expect(rawJson(answer).errors[0].extensions.code).toBe('NOT_FOUND');
      expect(answer.text).not.toContain('username');
    }
    expect(h.catalog.calls.filter((call) => call.path.startsWith('/account'))).toHaveLength(0);
  });

  it('a GET on /subgraph with a session is private and varies on the session, so Varnish keeps no copy for others', async () => {
    const url = `${varnish.url}/subgraph?query=${ACCOUNT}`;
    const mine = await fetch(url, { headers: { 'x-session-id': sessionId } });
    const mineText = await mine.text();
    expect(mine.status, mineText).toBe(200);
    expect(JSON.parse(mineText).data.viewer.username).toBeTruthy();
    expect(mine.headers.get('cache-control')).toBe('private, no-store, max-age=0');
    expect(mine.headers.get('vary')).toMatch(/X-Session-Id/);
    const stranger = await fetch(url);
    expect(isHit(stranger)).toBe(false);
    expect(await stranger.text()).not.toContain('username');
  });
});

// Straight to the gateway: no Varnish needed.
describe('protocol slips', () => {
  it('every executed answer carries Content-Type once, on /graphql and /subgraph, by GET and POST', async () => {
    const query = '{ configuration { changeKeys } }';
    for (const path of ['/graphql', '/subgraph']) {
      const base = h.url.replace(/\/graphql$/, path);
      const get = await fetch(`${base}?query=${encodeURIComponent(query)}`);
      const post = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      for (const answer of [get, post]) {
        expect(answer.status).toBe(200);
        // fetch joins repeated headers with ", ".
        expect(answer.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      }
    }
    const raw = await rawExchange(port, `GET /graphql?query=${encodeURIComponent(query)} HTTP/1.1\nHost: localhost\nConnection: close\n`);
    expect(raw.text.split('\r\n\r\n')[0]!.match(/^content-type:/gim)).toHaveLength(1);
  });

  it('a 406 carries no empty content-type header', async () => {
    const raw = await rawExchange(
      port,
      `GET /graphql?query=${encodeURIComponent('{ __typename }')} HTTP/1.1\nHost: localhost\nAccept: text/xml\nConnection: close\n`,
    );
    expect(raw.status).toBe(406);
    const head = raw.text.split('\r\n\r\n')[0]!;
    expect(head).not.toMatch(/^content-type:\s*$/im);
    for (const line of head.split('\r\n').slice(1)) expect(line, line).toMatch(/^[^:]+:\s*\S/);
  });
});
