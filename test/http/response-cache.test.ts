import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserSession, listen, startHarness, type Harness } from '../helpers.ts';
import { CONFIGURATION_BODY } from '../upstream/scripted-configuration.ts';

const SECOND_TOKEN = 'second-token-for-response-cache-0123456789';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ catalog: { extraTokens: [SECOND_TOKEN] }, config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const stats = () => ({ ...h.responseCache!.stats });
const UPCOMING = `{ upcomingMovies { edges { node { id: databaseId title alternativeTitles { title } reviews { totalCount } } } } }`;

describe('whole-response cache', () => {
  it('answers a repeated query from bytes: no upstream call, no execution', async () => {
    const before = stats();
    const first = await h.query(UPCOMING);
    const calls = h.catalog.calls.length;
    expect(calls).toBeGreaterThan(1);
    const second = await h.query(UPCOMING);
    expect(second.text).toBe(first.text);
    expect(h.catalog.calls.length).toBe(calls);
    expect(stats().hits).toBe(before.hits + 1);
  });

  it('keeps callers apart: another token gets its own answer', async () => {
    const query = `{ watchProviderRegions { countryCode } }`;
    await h.query(query, undefined, { authorization: `Bearer ${h.catalog.demoToken}` });
    const hits = stats().hits;
    await h.query(query, undefined, { authorization: `Bearer ${SECOND_TOKEN}` });
    expect(stats().hits).toBe(hits);
    expect(h.catalog.calls.filter((c) => c.path === '/watch/providers/regions')).toHaveLength(2);
  });

  it('never keeps user-specific answers', async () => {
    const sessionId = await createUserSession(h);
    const query = `query($id: Int!) { account(id: $id) { ratedMovies { totalCount } } }`;
    const before = stats();
    for (let i = 0; i < 2; i++) await h.query(query, { id: h.catalog.data.account.id }, { 'x-session-id': sessionId });
    expect(stats()).toEqual(before);
    expect(h.catalog.calls.filter((c) => c.path.endsWith('/rated/movies'))).toHaveLength(2);
  });

  it('never keeps answers with errors, nor mutations', async () => {
    const before = stats();
    await h.query(`{ movie(id: 999999) { title } }`);
    await h.query(`{ movie(id: 999999) { title } }`);
    await h.query(`mutation { createGuestSession { guestSession { guestSessionId } } }`);
    await h.query(`mutation { createGuestSession { guestSession { guestSessionId } } }`);
    expect(stats()).toEqual(before);
  });

  it('refuses an oversized body with 413 before anything else', async () => {
    const response = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ configuration { changeKeys } }', padding: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/limit of 100000 bytes/);
    expect(h.catalog.calls).toHaveLength(0);
  });
});

describe('freshness', () => {
  it('keeps a response no longer than its stalest upstream answer', async () => {
    let served = 0;
    const body = CONFIGURATION_BODY;
    const stub = createServer((_, res) => {
      served++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=1' }).end(body);
    });
    const port = await listen(stub);
    const short = await startHarness({ config: { cacheMaxBytes: 1024 * 1024, catalogBaseUrl: `http://127.0.0.1:${port}/3` } });
    try {
      await short.query(`{ configuration { changeKeys } }`);
      await short.query(`{ configuration { changeKeys } }`);
      expect(served).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const later = await short.query(`{ configuration { changeKeys } }`);
      expect(later.body.data.configuration.changeKeys).toEqual(['title']);
      expect(served).toBe(2);
    } finally {
      await short.close();
      stub.closeAllConnections();
      await new Promise((resolve) => stub.close(resolve));
    }
  });
});
