import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { rawExchange, rawJson } from '../http/raw-http.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Clients without a GraphQL library: curl, a CDN, a browser's own requests. A query over GET
 * needs no header; a write needs a request a browser would preflight.
 */
let h: Harness;
let port: number;
const QUERY = '{ watchProviderRegions { id countryCode } }';
const MUTATION = 'mutation { createRequestToken { requestToken { requestToken } } }';
const ATTACKER = 'https://attacker.example';

beforeAll(async () => {
  // The whole-response cache on, so repeated GETs are answered from it.
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024 } });
  port = Number(new URL(h.url).port);
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const target = (query: string, operationName?: string) =>
  `/graphql?${new URLSearchParams({ query, ...(operationName ? { operationName } : {}) })}`;
const get = (query: string, headers: Record<string, string> = {}, operationName?: string) =>
  fetch(`${h.url}${target(query, operationName).slice('/graphql'.length)}`, { headers });

describe('a query over GET needs no header', () => {
  it.each([
    ['only a Host header', ''],
    ["curl's own headers", 'User-Agent: curl/8.5.0\nAccept: */*\n'],
  ])('answers a GET with %s', async (_, extra) => {
    const answer = await rawExchange(port, `GET ${target(QUERY)} HTTP/1.1\nHost: localhost:${port}\n${extra}Connection: close\n`);
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/content-type: application\/(graphql-response\+)?json/i);
    const body = rawJson(answer);
    expect(body.errors).toBeUndefined();
    expect(body.data.watchProviderRegions.length).toBeGreaterThan(0);
  });

  it('runs the query an operationName picks from a document that also holds a mutation', async () => {
    const response = await get(
      `query Regions ${QUERY} mutation Token { createRequestToken { requestToken { requestToken } } }`,
      {},
      'Regions',
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { watchProviderRegions: unknown[] } }).data.watchProviderRegions.length).toBeGreaterThan(0);
    expect(h.callsTo('/authentication/token/new')).toBe(0);
  });
});

describe('a mutation over GET is refused', () => {
  it.each([
    ['alone', MUTATION, undefined],
    ['picked by operationName', `query Regions ${QUERY} mutation Token { createRequestToken { requestToken { requestToken } } }`, 'Token'],
  ])('405 with Allow: POST and METHOD_NOT_ALLOWED, %s', async (_, query, operationName) => {
    const response = await get(query, { origin: ATTACKER }, operationName);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({
      errors: [
        { message: 'A mutation cannot be sent over GET: send it with POST and a JSON body.', extensions: { code: 'METHOD_NOT_ALLOWED' } },
      ],
    });
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('a method other than GET and POST is 405 with Allow: GET, POST', async () => {
    const response = await fetch(h.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(((await response.json()) as { errors: { extensions: unknown }[] }).errors[0]!.extensions).toEqual({
      code: 'METHOD_NOT_ALLOWED',
    });
  });
});

describe('a POST a browser sends cross-site without a preflight runs nothing', () => {
  const form = () => {
    const data = new FormData();
    data.set('operations', JSON.stringify({ query: MUTATION }));
    data.set('map', '{}');
    return data;
  };
  // The bodies an HTML form or a no-cors fetch can send: urlencoded, multipart, text/plain, untyped.
  it.each([
    ['an urlencoded form', { 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams({ query: MUTATION }).toString()],
    ['a multipart form', {}, form()],
    ['text/plain holding JSON', { 'content-type': 'text/plain;charset=UTF-8' }, JSON.stringify({ query: MUTATION })],
    ['a body without a type', {}, new Blob([JSON.stringify({ query: MUTATION })])],
  ])('%s is 415 UNSUPPORTED_MEDIA_TYPE', async (_, headers: Record<string, string>, body: BodyInit) => {
    const response = await fetch(h.url, { method: 'POST', headers: { origin: ATTACKER, ...headers }, body });
    expect(response.status).toBe(415);
    const { errors } = (await response.json()) as { errors: { message: string; extensions: unknown }[] };
    expect(errors[0]!.extensions).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(errors[0]!.message).toMatch(/application\/json/);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it.each([
    ['application/json', JSON.stringify({ query: MUTATION })],
    ['application/graphql', MUTATION],
  ])('a %s POST, which a browser preflights, runs the mutation', async (type, body) => {
    const response = await fetch(h.url, { method: 'POST', headers: { 'content-type': type }, body });
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { data: { createRequestToken: { requestToken: { requestToken: string } } } }).data.createRequestToken
        .requestToken.requestToken,
    ).toMatch(/^[0-9a-f]{40}$/);
    expect(h.callsTo('/authentication/token/new')).toBe(1);
  });
});

describe('CORS holds over GET, on response-cache hits as on misses', () => {
  it('any origin by default, never with credentials; a hit carries the same headers', async () => {
    const query = '{ movieGenres { databaseId id name } }';
    const first = await get(query, { origin: 'https://app.example' });
    expect(first.status).toBe(200);
    const hits = h.responseCache!.stats.hits;
    const second = await get(query, { origin: 'https://other.example' });
    expect(h.responseCache!.stats.hits).toBe(hits + 1);
    for (const response of [first, second]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
    expect(await second.text()).toBe(await first.text());
  });

  it('with CORS_ORIGINS, a GET hit reflects only a listed origin', async () => {
    const restricted = await startHarness({
      config: { cacheMaxBytes: 1024 * 1024, http: { ...loadConfig({}).http, corsOrigins: ['https://app.example'] } },
    });
    try {
      const url = `${restricted.url}?${new URLSearchParams({ query: QUERY })}`;
      const send = (origin: string) => fetch(url, { headers: { origin } });
      expect((await send(ATTACKER)).headers.get('access-control-allow-origin')).toBeNull();
      const app = await send('https://app.example');
      expect(app.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(app.headers.get('vary')).toMatch(/origin/i);
      expect((await send(ATTACKER)).headers.get('access-control-allow-origin')).toBeNull();
      expect(restricted.responseCache!.stats.hits).toBe(2);
    } finally {
      await restricted.close();
    }
  });

  it('a GET that sends Authorization is preflighted with GET allowed and a max age', async () => {
    const response = await fetch(h.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/\bGET\b/);
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization');
    expect(response.headers.get('access-control-max-age')).toBe('7200');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
