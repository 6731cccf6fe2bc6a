import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { postQuery } from '../helpers.ts';
import { residentMb, startAsNpmStart, type StartedProcess } from './gateway-process.ts';
import { stalledClient } from './raw-http.ts';
import { mostReviewedMovies, reviewsQuery, startWordyUpstream, type WordyUpstream } from './wordy-upstream.ts';

/**
 * Issue 31, item 2: 32 clients that ask for a legal answer of about 10 MB (cost 75) and never
 * read it grew the gateway's RSS by 299–345 MB, kept with no timeout. Now an answer is
 * produced only as fast as its client reads it, and a client that reads nothing for
 * WRITE_TIMEOUT_MS is dropped. The gateway runs as `npm start` runs it (its heap limit), and its
 * RSS is read from /proc.
 */
const CLIENTS = 32;
const WRITE_TIMEOUT_MS = 7_000;
/** How long the memory is watched: every answer has been made and written as far as its client lets it. */
const WATCH_MS = 6_000;
let catalog: RunningCatalog;
let upstream: WordyUpstream;
let gateway: StartedProcess;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  catalog = await startCatalog();
  // 25 movies × 20 reviews × 30 aliases × 550 characters: an answer of about 10 MB for cost 75.
  upstream = await startWordyUpstream(catalog, 550);
  gateway = startAsNpmStart({
    CATALOG_BASE_URL: upstream.baseUrl,
    CATALOG_ACCESS_TOKEN: catalog.demoToken,
    WRITE_TIMEOUT_MS: String(WRITE_TIMEOUT_MS),
  });
  url = await gateway.url;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  gateway.kill('SIGKILL');
  await upstream.close();
  await catalog.close();
});

/** The gateway's resident memory now, in MB. */
const rssMb = () => residentMb(gateway.pid);

describe('clients that do not read', () => {
  it(`${CLIENTS} of them, each asking for a 10 MB answer, grow RSS by less than 160 MB, and are dropped after WRITE_TIMEOUT_MS`, async () => {
    const query = reviewsQuery(mostReviewedMovies(catalog, 25), 30);
    // Read once, whole: the upstream answers are then in the gateway's HTTP cache, as for the red team.
    const read = await postQuery(url, query);
    expect(read.cost).toMatchObject({ estimated: 75 });
    expect(read.body.errors).toBeUndefined();
    const fullBytes = Buffer.byteLength(read.text);
    expect(fullBytes).toBeGreaterThan(9_000_000);

    const before = rssMb();
    const body = JSON.stringify({ query });
    const clients = Array.from({ length: CLIENTS }, () => stalledClient(Number(new URL(url).port), body, sockets));
    let peak = before;
    const watch = setInterval(() => (peak = Math.max(peak, rssMb())), 100);
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    // Another user is served meanwhile.
    const other = await postQuery(url, '{ configuration { changeKeys } }');
    expect(other.body.data.configuration.changeKeys.length).toBeGreaterThan(0);
    clearInterval(watch);
    const grownMb = peak - before;
    console.log(
      `${CLIENTS} stalled clients of a ${(fullBytes / 1e6).toFixed(1)} MB answer: RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB (+${grownMb.toFixed(0)} MB)`,
    );
    expect(grownMb).toBeLessThan(160);

    // Each client's last write was taken by the time the watch ended; WRITE_TIMEOUT_MS later each
    // has been dropped: it reads what it had been sent, then the end, short of its answer.
    await new Promise((resolve) => setTimeout(resolve, WRITE_TIMEOUT_MS + 1_000));
    const received = await Promise.all(clients.map((client) => client.received(WRITE_TIMEOUT_MS + 10_000)));
    for (const one of received) {
      expect(one.ended).toBe(true);
      expect(one.bytes).toBeLessThan(fullBytes);
    }
  }, 90_000);

  it('@defer and @stream parts too: a client that reads none of them is dropped after WRITE_TIMEOUT_MS', async () => {
    const ids = mostReviewedMovies(catalog, 25);
    const texts = Array.from({ length: 30 }, (_, i) => `a${i + 1}: content`).join(' ');
    const query = `{ movies(ids: [${ids.join(', ')}]) @stream(initialCount: 1) { databaseId ... @defer { reviews { edges { node { ${texts} } } } } } }`;
    const accept = 'multipart/mixed';
    const read = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify({ query }),
    });
    const fullBytes = (await read.arrayBuffer()).byteLength;
    expect(read.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(fullBytes).toBeGreaterThan(9_000_000);
    const clients = Array.from({ length: 8 }, () => stalledClient(Number(new URL(url).port), JSON.stringify({ query }), sockets, accept));
    await new Promise((resolve) => setTimeout(resolve, WRITE_TIMEOUT_MS + 3_000));
    const received = await Promise.all(clients.map((client) => client.received(WRITE_TIMEOUT_MS + 10_000)));
    for (const one of received) {
      expect(one.ended).toBe(true);
      expect(one.bytes).toBeLessThan(fullBytes);
    }
  }, 60_000);
});
