import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listen, startHarness, type Harness } from '../helpers.ts';
import { CONFIGURATION_BODY } from './scripted-configuration.ts';

/**
 * The HTTP cache's freshness on a faked clock: only `Date` is faked (sockets and timers stay
 * real), so the gateway's cache and http-cache-semantics read the test's time; the upstream
 * client's deadlines keep the system clock (`Date.now` as it was at start), which the faked
 * time only ever runs ahead of. Minutes of
 * max-age are checked in milliseconds and whatever the machine's load; the gateway is the real
 * one over real HTTP, the upstream a scripted server.
 */
const query = `{ configuration { changeKeys } }`;

describe('the HTTP cache on a faked clock', () => {
  let headers: Record<string, string>;
  let seen: Array<string | undefined> = [];
  let stub: ReturnType<typeof createServer>;
  let h: Harness;
  let port: number;

  beforeAll(async () => {
    stub = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(req.headers['if-none-match'] as string | undefined);
      // The test's time: node:http would send the Date it cached up to a real second ago.
      const date = new Date().toUTCString();
      if (req.headers['if-none-match'] === 'W/"v1"') return res.writeHead(304, { etag: 'W/"v1"', date, ...headers }).end();
      res.writeHead(200, { 'content-type': 'application/json', etag: 'W/"v1"', date, ...headers }).end(CONFIGURATION_BODY);
    });
    port = await listen(stub);
  });
  afterAll(async () => {
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
  });
  // A gateway of its own for each test: a cache that starts empty.
  beforeEach(async () => {
    seen = [];
    // Faked from now on, and only forwards: the client's deadlines read the system's own clock.
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, catalogBaseUrl: `http://127.0.0.1:${port}/3` } });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await h.close();
  });

  /** The query as a GET (an answer a client may keep), and the max-age the gateway gave the client. */
  async function ask(): Promise<number> {
    const answer = await fetch(`${h.url}?query=${encodeURIComponent(query)}`);
    expect(await answer.json()).toMatchObject({ data: { configuration: { changeKeys: ['title'] } } });
    return Number(/max-age=(\d+)/.exec(answer.headers.get('cache-control') ?? '')?.[1]);
  }
  const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  it('answers from the entry for its max-age, counting down the max-age it gives the client, then revalidates', async () => {
    headers = { 'cache-control': 'public, max-age=60' };
    expect(await ask()).toBe(60);
    advance(45);
    expect(await ask()).toBe(15);
    expect(seen).toEqual([undefined]);
    advance(16);
    // Stale: asked again with the validator; the 304's max-age makes the entry fresh for another 60 s.
    expect(await ask()).toBe(60);
    expect(seen).toEqual([undefined, 'W/"v1"']);
    advance(59);
    await ask();
    expect(seen).toHaveLength(2);
  });

  it('counts the Age the upstream sent against the max-age', async () => {
    headers = { 'cache-control': 'public, max-age=60', age: '50' };
    expect(await ask()).toBe(10);
    advance(11);
    await ask();
    expect(seen).toEqual([undefined, 'W/"v1"']);
  });
});
