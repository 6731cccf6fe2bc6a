import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClientQuota } from '../../src/graphql/client-quota.ts';
import { APQ_CLIENTS_TRACKED } from '../../src/graphql/persisted-operations.ts';
import { loadConfig } from '../../src/runtime/config.ts';
import { startVarnish, type RunningVarnish } from '../delivery/varnish.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { outsideProgram } from '../outside-programs.ts';

/**
 * Issue 31, "also seen": APQ_MAX_PER_CLIENT counted per socket address. Behind the caching proxy
 * the docs recommend every client shared the proxy's one quota, so one client could switch APQ
 * storage off for all; an IPv6 client had 2^64 quotas; and the count was forgotten after
 * 10,000 other addresses had registered once each. A client is now the address TRUSTED_PROXIES
 * forward (X-Forwarded-For still ignored without them), an IPv6 one by its /64, and a client at
 * its bound is the last to be forgotten. Each client below is a real source address of the
 * loopback range (127.0.0.0/8 is all local on Linux), or an address a trusted proxy forwards.
 */
const varnishd = outsideProgram('varnishd', import.meta.url);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MAX = 2;
let h: Harness | undefined;
let varnish: RunningVarnish | undefined;
afterEach(async () => {
  await varnish?.close();
  await h?.close();
  varnish = undefined;
  h = undefined;
});

interface From {
  /** The source address of the connection (a loopback address). */
  localAddress?: string;
  forwardedFor?: string;
}

/** One POST on a connection of its own, from `localAddress`; the parsed answer. */
function post(url: string, body: unknown, from: From = {}): Promise<any> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', connection: 'close' };
    if (from.forwardedFor) headers['x-forwarded-for'] = from.forwardedFor;
    const sent = httpRequest(url, { method: 'POST', headers, localAddress: from.localAddress, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve(JSON.parse(text)));
    });
    sent.once('error', reject);
    sent.end(JSON.stringify(body));
  });
}

/** A registration over a raw connection of its own from `localAddress`: the cheapest way to be many clients. */
function registerRaw(port: number, query: string, localAddress: string): Promise<void> {
  const body = JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } });
  const head = `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (text += chunk));
    socket.once('error', reject);
    socket.once('close', () => (text.includes('{"data":{"__typename":"Query"}') ? resolve() : reject(new Error(text.slice(0, 300)))));
    socket.end(head + body);
  });
}

/** APQ's registration: the document with its hash. It always runs; whether it is kept is what the bound decides. */
async function register(url: string, query: string, from?: From) {
  const answer = await post(url, { query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } }, from);
  expect(answer.data).toEqual({ __typename: 'Query' });
}

/** Whether the gateway kept a document: its hash alone is answered (hash-only lookups count against nothing). */
async function kept(url: string, query: string): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const answer = await post(url, { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } });
  return answer.data !== undefined;
}

/** The HTTP settings with TRUSTED_PROXIES=127.0.0.1, read as a start reads them. */
const behindLoopbackProxy = loadConfig({ TRUSTED_PROXIES: '127.0.0.1' }).http;

const doc = (name: string) => `query ${name} { __typename }`;

describe('APQ_MAX_PER_CLIENT, client by client', () => {
  it('without TRUSTED_PROXIES, X-Forwarded-For is ignored: a client cannot claim other addresses to pass its bound', async () => {
    h = await startHarness({ config: { apqMaxPerClient: MAX } });
    await register(h.url, doc('Spoof0'), { forwardedFor: '198.51.100.1' });
    await register(h.url, doc('Spoof1'), { forwardedFor: '198.51.100.2' });
    await register(h.url, doc('Spoof2'), { forwardedFor: '198.51.100.3' });
    expect([await kept(h.url, doc('Spoof0')), await kept(h.url, doc('Spoof1')), await kept(h.url, doc('Spoof2'))]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it.skipIf(!varnishd)(
    'behind Varnish (TRUSTED_PROXIES=127.0.0.1), one client at its bound leaves another client its own quota',
    async () => {
      h = await startHarness({ config: { apqMaxPerClient: MAX, http: behindLoopbackProxy } });
      varnish = await startVarnish(varnishd!, Number(new URL(h.url).port));
      const throughVarnish = `${varnish.url}/graphql`;
      // Client A, from 127.0.0.2: its bound, then one more that is not kept.
      for (const name of ['A0', 'A1', 'A2']) await register(throughVarnish, doc(name), { localAddress: '127.0.0.2' });
      expect(await kept(h.url, doc('A1'))).toBe(true);
      expect(await kept(h.url, doc('A2'))).toBe(false);
      // A forged X-Forwarded-For, left of the address Varnish adds, is not believed.
      await register(throughVarnish, doc('A3'), { localAddress: '127.0.0.2', forwardedFor: '192.0.2.99' });
      expect(await kept(h.url, doc('A3'))).toBe(false);
      // Client B, from 127.0.0.3 through the same Varnish: its own quota.
      await register(throughVarnish, doc('B0'), { localAddress: '127.0.0.3' });
      expect(await kept(h.url, doc('B0'))).toBe(true);
    },
  );

  it('an IPv6 client counts by its /64: another address of it shares the bound, another /64 does not', async () => {
    // The test is the trusted proxy here, forwarding the IPv6 clients it stands for.
    h = await startHarness({ config: { apqMaxPerClient: MAX, http: behindLoopbackProxy } });
    await register(h.url, doc('Six0'), { forwardedFor: '2001:db8:1:2::a' });
    await register(h.url, doc('Six1'), { forwardedFor: '2001:db8:1:2::b' });
    await register(h.url, doc('Six2'), { forwardedFor: '2001:db8:1:2:ffff:ffff:ffff:ffff' });
    await register(h.url, doc('Six3'), { forwardedFor: '2001:db8:1:3::a' });
    expect(await kept(h.url, doc('Six1'))).toBe(true);
    expect(await kept(h.url, doc('Six2'))).toBe(false);
    expect(await kept(h.url, doc('Six3'))).toBe(true);
  });

  it(`a client at its bound is not forgotten after ${APQ_CLIENTS_TRACKED} other addresses register once each`, async () => {
    h = await startHarness({ config: { apqMaxPerClient: MAX } });
    const url = h.url;
    const port = Number(new URL(url).port);
    for (const name of ['Full0', 'Full1']) await register(url, doc(name), { localAddress: '127.1.0.1' });
    // One registration from each of as many other source addresses as the table holds, 16 at a time.
    const others = Array.from({ length: APQ_CLIENTS_TRACKED }, (_, i) => `127.2.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    for (let start = 0; start < others.length; start += 16) {
      await Promise.all(others.slice(start, start + 16).map((address, j) => registerRaw(port, doc(`Other${start + j}`), address)));
    }
    await register(url, doc('FullAgain'), { localAddress: '127.1.0.1' });
    expect(await kept(url, doc('FullAgain'))).toBe(false);
  }, 120_000);
});

describe('the quota table', () => {
  it('forgets the passed windows first, then the lowest count, never a client at its bound while others are below it', () => {
    let now = 0;
    const quota = createClientQuota({ max: 3, windowMs: 1_000, maxClients: 3, now: () => now });
    for (let i = 0; i < 3; i++) expect(quota.take('full')).toBe(true);
    expect(quota.take('full')).toBe(false);
    expect(quota.take('one')).toBe(true);
    expect(quota.take('two')).toBe(true);
    expect(quota.take('two')).toBe(true);
    // Full: 'one' (lowest) goes, then each newcomer pushes out the previous one.
    for (let i = 0; i < 100; i++) expect(quota.take(`newcomer${i}`)).toBe(true);
    expect(quota.take('full')).toBe(false);
    // Its window passed: it starts again.
    now = 1_000;
    expect(quota.take('full')).toBe(true);
  });
});
