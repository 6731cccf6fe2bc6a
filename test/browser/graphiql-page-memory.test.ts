import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 21, item 9: visitors of the 9 MB GraphiQL page that never read it pin no copy of their
 * own, and pages being written at once are bounded. (The page itself renders in Chromium:
 * graphiql.test.ts.)
 */
let h: Harness | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await h?.close();
  h = undefined;
});

/** Asks for the page like a browser (no compression: the whole 9 MB each) and reads only the status line. */
function stalledVisitor(port: number): Promise<{ status: number; head: string }> {
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
      resolve({ status: Number(text.slice(9, 12)), head: text.slice(0, end) });
    });
    socket.write('GET /graphql HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n\r\n');
  });
}

const port = (harness: Harness) => Number(new URL(harness.url).port);

describe('the GraphiQL page', () => {
  it('24 visitors that never read it add far less than a copy each', async () => {
    h = await startHarness({ config: { graphiql: true, graphiqlMaxConcurrent: 32 } });
    // The page built once, as the first visitor causes.
    const first = await fetch(h.url, { headers: { accept: 'text/html' } });
    const page = await first.text();
    expect(page.length).toBeGreaterThan(5_000_000);
    const rssBefore = process.memoryUsage().rss;
    const visitors = await Promise.all(Array.from({ length: 24 }, () => stalledVisitor(port(h!))));
    expect(visitors.every((visitor) => visitor.status === 200)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const grownMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    console.log(`GraphiQL page: 24 stalled visitors of a ${(page.length / 1e6).toFixed(1)} MB page grew RSS by ${grownMb.toFixed(1)} MB`);
    // A copy each would be 24 × 9 MB, over 200 MB.
    expect(grownMb).toBeLessThan(60);
  });

  it('writes at most GRAPHIQL_MAX_CONCURRENT pages at once: one more visitor gets 503 BUSY with Retry-After, and a place frees when a visitor leaves', async () => {
    h = await startHarness({ config: { graphiql: true, graphiqlMaxConcurrent: 4 } });
    const visitors = [];
    for (let i = 0; i < 6; i++) visitors.push(await stalledVisitor(port(h)));
    expect(visitors.map((visitor) => visitor.status)).toEqual([200, 200, 200, 200, 503, 503]);
    expect(visitors[4]!.head).toMatch(/^retry-after: 1$/im);
    const busy = await fetch(h.url, { headers: { accept: 'text/html' } });
    expect(busy.status).toBe(503);
    expect((await busy.json()).errors[0].extensions.code).toBe('BUSY');
    // GraphQL itself is not held back by stalled page visitors.
    expect((await h.query('{ __typename }')).body.data).toEqual({ __typename: 'Query' });
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await fetch(h.url, { headers: { accept: 'text/html' } });
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await again.text()).length).toBeGreaterThan(5_000_000);
  });
});
