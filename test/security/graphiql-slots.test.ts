import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 31, item 7: 8 connections that ask for the GraphiQL page and never read it took every
 * place of GRAPHIQL_MAX_CONCURRENT (default 8), and every other visitor got 503 BUSY for as
 * long as they stayed connected. A page not wholly taken within GRAPHIQL_WRITE_TIMEOUT_MS is
 * now cut and its place freed; the test uses a bound of 1.5 s (the default is 60 s).
 */
const WRITE_TIMEOUT_MS = 1_500;
let h: Harness;
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await startHarness({ config: { graphiql: true, graphiqlWriteTimeoutMs: WRITE_TIMEOUT_MS } });
  // The page built once, as the first visitor causes, so that no visitor below waits on it.
  const first = await fetch(h.url, { headers: { accept: 'text/html' } });
  expect((await first.text()).length).toBeGreaterThan(5_000_000);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await h?.close();
});

/** A visitor that asked for the page and read only its head; `rest()` reads on until the connection closes. */
interface StalledVisitor {
  status: number;
  /** When its head arrived: the gateway's deadline for it started no later. */
  headAt: number;
  contentLength: number;
  rest(): Promise<number>;
}

/**
 * Asks for the page like a browser that accepts no compression (the whole 9 MB, more than the
 * loopback's buffers hold) and reads only the head.
 */
function stalledVisitor(port: number): Promise<StalledVisitor> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      // Reads nothing more: the rest of the page waits in the gateway's hands.
      socket.pause();
      let received = text.length - end - 4;
      const rest = () =>
        new Promise<number>((done) => {
          socket.on('data', (more) => (received += more.length));
          socket.once('close', () => done(received));
          socket.resume();
        });
      resolve({
        status: Number(text.slice(9, 12)),
        headAt: performance.now(),
        contentLength: Number(/^content-length: (\d+)/im.exec(text)?.[1]),
        rest,
      });
    });
    socket.write('GET /graphql HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n\r\n');
  });
}

const page = () => fetch(h.url, { headers: { accept: 'text/html' } });

describe('GraphiQL places held by visitors that never read', () => {
  it('8 stalled visitors hold every place only until GRAPHIQL_WRITE_TIMEOUT_MS: then another visitor gets the page', async () => {
    const port = Number(new URL(h.url).port);
    const stalled = [];
    for (let i = 0; i < 8; i++) stalled.push(await stalledVisitor(port));
    // The first place comes free one bound after the first visitor's page began.
    const stalledAt = stalled[0].headAt;
    expect(stalled.map((visitor) => visitor.status)).toEqual(Array(8).fill(200));

    // Every place is taken: the lockout the red team saw.
    const locked = await page();
    expect(locked.status).toBe(503);
    expect((await locked.json()).errors[0].extensions.code).toBe('BUSY');

    // The places come free after the bound (before, never: the visitors stayed connected).
    let again = await page();
    while (again.status === 503 && performance.now() - stalledAt < 10_000) {
      await again.arrayBuffer();
      await sleep(100);
      again = await page();
    }
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await again.text()).length).toBeGreaterThan(5_000_000);
    expect(performance.now() - stalledAt).toBeGreaterThan(WRITE_TIMEOUT_MS - 200);

    // The stalled visitors were cut: reading on, each gets less than the page, then the close.
    // Each is read only once its own bound has passed (with a second's grace for a loaded
    // machine): the visitors were served one after another, and a visitor read before its
    // bound would rightly get the whole page.
    const lastBound = Math.max(...stalled.map((visitor) => visitor.headAt)) + WRITE_TIMEOUT_MS + 1_000;
    await sleep(Math.max(0, lastBound - performance.now()));
    for (const visitor of stalled) expect(await visitor.rest()).toBeLessThan(visitor.contentLength);
  });
});
