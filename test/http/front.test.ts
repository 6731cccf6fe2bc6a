import { request as httpRequest } from 'node:http';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';
import { rawExchange, rawJson } from './raw-http.ts';

/** The HTTP surface under attack: every answer, cache hits included, gets the same treatment. */
let h: Harness;
let port: number;
// Short timeouts, so that cutting a slow client takes a second here rather than 30.
const HTTP = { requestTimeoutMs: 1_000, headersTimeoutMs: 1_000, keepAliveTimeoutMs: 5_000, shutdownDelayMs: 0, shutdownTimeoutMs: 1_000 };

beforeAll(async () => {
  h = await startHarness({
    config: { cacheMaxBytes: 8 * 1024 * 1024, http: HTTP },
  });
  port = Number(new URL(h.url).port);
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('CORS is computed per request, never replayed from the response cache', () => {
  it('gives each origin its own answer headers for the same cached query', async () => {
    const query = JSON.stringify({ query: '{ watchProviderRegions { countryCode } }' });
    const first = await post(query, { origin: 'https://attacker.example' });
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    const hits = h.responseCache!.stats.hits;
    const second = await post(query, { origin: 'https://app.example' });
    expect(h.responseCache!.stats.hits).toBe(hits + 1);
    expect(second.headers.get('access-control-allow-origin')).not.toBe('https://attacker.example');
    expect(second.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('with CORS_ORIGINS, reflects only a listed origin, on hits as on misses', async () => {
    const restricted = await startHarness({
      config: { cacheMaxBytes: 1024 * 1024, http: { ...HTTP, corsOrigins: ['https://app.example'] } },
    });
    try {
      const body = JSON.stringify({ query: '{ watchProviderRegions { countryCode } }' });
      const send = (origin: string) =>
        fetch(restricted.url, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body });
      const attacker = await send('https://attacker.example');
      expect(attacker.headers.get('access-control-allow-origin')).toBeNull();
      const app = await send('https://app.example');
      expect(app.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(app.headers.get('vary')).toMatch(/origin/i);
      expect((await send('https://attacker.example')).headers.get('access-control-allow-origin')).toBeNull();
      expect(restricted.responseCache!.stats.hits).toBe(2);
    } finally {
      await restricted.close();
    }
  });

  it('answers a preflight with a max age and without credentials', async () => {
    const response = await fetch(h.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization, x-session-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-max-age')).toBe('7200');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/x-session-id/);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('malformed requests get a clear JSON error, never a stack trace', () => {
  it.each(['[::1', 'x:99999'])('Host: %s gives 400 JSON on GET and POST', async (host) => {
    const get = await rawExchange(port, `GET /graphql?query=%7B__typename%7D HTTP/1.1\nHost: ${host}\nConnection: close\n`);
    const body = '{"query":"{ __typename }"}';
    const postAnswer = await rawExchange(
      port,
      `POST /graphql HTTP/1.1\nHost: ${host}\nContent-Type: application/json\nContent-Length: ${body.length}\nConnection: close\n`,
      { body },
    );
    for (const answer of [get, postAnswer]) {
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/content-type: application\/json/i);
      expect(rawJson(answer).errors[0].extensions.code).toBe('BAD_REQUEST');
      expect(answer.text).not.toMatch(/node_modules|TypeError|at /);
    }
  });

  // Names the Host check lets through and the URL parser refuses (an IPv4 address out of range, a
  // percent sign that decodes to nothing): asked twice, by GET and by POST (whose URL, without a
  // query, is kept parsed per host and path: listener.ts, KEPT_URLS), so that a refused host is
  // never kept, and a good host is served between them.
  it.each(['999.1.1.1', 'a%zz'])('Host: %s gives 400 "The request target is malformed.", every time', async (host) => {
    const body = '{"query":"{ __typename }"}';
    const ask = (name: string, method: string) =>
      method === 'GET'
        ? rawExchange(port, `GET /graphql?query=%7B__typename%7D HTTP/1.1\nHost: ${name}\nConnection: close\n`)
        : rawExchange(
            port,
            `POST /graphql HTTP/1.1\nHost: ${name}\nContent-Type: application/json\nContent-Length: ${body.length}\nConnection: close\n`,
            { body },
          );
    for (const method of ['GET', 'POST']) {
      for (const name of [host, 'localhost', host]) {
        const answer = await ask(name, method);
        if (name === 'localhost') {
          expect([answer.status, rawJson(answer).data]).toEqual([200, { __typename: 'Query' }]);
          continue;
        }
        expect(answer.status).toBe(400);
        expect(rawJson(answer).errors).toEqual([{ message: 'The request target is malformed.', extensions: { code: 'BAD_REQUEST' } }]);
      }
    }
  });

  it('invalid JSON is named, and none of the body is echoed', async () => {
    const response = await post('{"query": "{ __typename }", "variables": {"password": "hunter2-secret"');
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text).errors[0]).toMatchObject({
      message: 'The request body is not valid JSON.',
      extensions: { code: 'BAD_REQUEST' },
    });
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('originalError');
  });

  it('an empty batch is a 400, not an empty answer', async () => {
    const response = await post('[]');
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/at least one operation/);
  });
});

describe('credentials', () => {
  it('a present but empty or malformed Authorization header is UNAUTHENTICATED every time, even after a cached answer', async () => {
    const query = '{ watchProviderRegions { countryCode } }';
    expect((await h.query(query)).body.data.watchProviderRegions.length).toBeGreaterThan(0);
    expect((await h.query(query)).body.errors).toBeUndefined();
    for (const authorization of ['', 'Bearer', 'Basic abc']) {
      for (let i = 0; i < 2; i++) expect(errorCodes(await h.query(query, undefined, { authorization }))).toEqual(['UNAUTHENTICATED']);
    }
  });
});

describe('request bodies', () => {
  it('hands GraphQL a body that arrived in pieces whole, up to just under the bound', async () => {
    const movie = h.catalog.data.movies[0]!;
    const body = JSON.stringify({
      query: 'query Piece($id: Int!) { movie(id: $id) { id: databaseId title } }',
      // An undeclared variable is ignored by GraphQL: it only pads the body.
      variables: { id: movie.id, pad: 'p'.repeat(99_000) },
    });
    expect(Buffer.byteLength(body)).toBeLessThan(100_000);
    // Chunked, in four writes some milliseconds apart: the front reads them all before Yoga sees any.
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sent = httpRequest(h.url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      sent.on('error', reject);
      const quarter = Math.ceil(body.length / 4);
      const pieces = [0, 1, 2, 3].map((k) => body.slice(k * quarter, (k + 1) * quarter));
      const next = () => {
        const piece = pieces.shift();
        if (piece === undefined) return void sent.end();
        sent.write(piece);
        setTimeout(next, 15);
      };
      next();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data).toEqual({ movie: { id: movie.id, title: movie.title } });
  });

  it('refuses a declared oversized body at once, before it is sent, and the client reads the 413', async () => {
    const answer = await rawExchange(
      port,
      `POST /graphql HTTP/1.1\nHost: localhost\nContent-Type: application/json\nContent-Length: ${30 * 1024 * 1024}\n`,
      { body: '{"query":"', waitMs: 3_000 },
    );
    expect(answer.status).toBe(413);
    expect(answer.ending).toBe('closed');
    expect(rawJson(answer).errors[0].extensions).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', max: 100_000 });
  });

  it('stops reading a chunked body at the limit and answers 413 while the client is still sending', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const framed = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    const answer = await rawExchange(
      port,
      `POST /graphql HTTP/1.1\nHost: localhost\nContent-Type: application/json\nTransfer-Encoding: chunked\n`,
      {
        body: '8\r\n{"query"\r\n',
        trickle: { chunk: framed.repeat(4), everyMs: 20 },
        waitMs: 3_000,
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.ending).not.toBe('open');
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('cuts a client that trickles its body after the request timeout', async () => {
    const answer = await rawExchange(
      port,
      `POST /graphql HTTP/1.1\nHost: localhost\nContent-Type: application/json\nContent-Length: 1000\n`,
      {
        body: '{',
        trickle: { chunk: ' ', everyMs: 100 },
        waitMs: 4_000,
      },
    );
    expect(answer.ending).not.toBe('open');
    expect(answer.status).toBe(408);
    expect(answer.msToStatus!).toBeLessThan(3_000);
  });
});

describe('introspection is bounded too', () => {
  it('refuses 40 levels of ofType with a coded error, and still answers the standard introspection query', async () => {
    const deep = `{ __schema { types { ${'ofType { '.repeat(40)}name${' }'.repeat(40)} } } }`;
    const refused = await h.query(deep);
    expect(refused.body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'introspectionDepth' });
    const standard = await h.query(
      getIntrospectionQuery({ inputValueDeprecation: true, specifiedByUrl: true, directiveIsRepeatable: true }),
    );
    expect(standard.body.errors).toBeUndefined();
    expect(standard.body.data.__schema.types.length).toBeGreaterThan(100);
    // The time scalars name their format, for tools that map scalars to types (docs/frontend.md#relay).
    const specified = (name: string) => standard.body.data.__schema.types.find((t: any) => t.name === name).specifiedByURL;
    expect(specified('Date')).toBe('https://datatracker.ietf.org/doc/html/rfc3339#section-5.6');
    expect(specified('DateTime')).toBe('https://datatracker.ietf.org/doc/html/rfc3339#section-5.6');
  });
});
