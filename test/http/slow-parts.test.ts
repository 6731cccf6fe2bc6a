import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { postQuery } from '../helpers.ts';
import { residentMb, startAsNpmStart, type StartedProcess } from './gateway-process.ts';
import { rawChunks, rawExchange, stalledClient } from './raw-http.ts';
import { mostReviewedMovies, startWordyUpstream, type WordyUpstream } from './wordy-upstream.ts';

/**
 * Issue 42, items 6 and 7: an answer's weight deep in it, or inside `... @defer`, went out in
 * one piece of about 10 MB: twenty reviews of 50,000 characters under ten aliases, below the
 * third level of the answer (JSON), or in a deferred part (multipart/mixed, SSE). 24 connections
 * that asked for it and never read held +226 to +296 MB. Now every answer is written in pieces
 * of at most 1 MiB, made as the client reads. The gateway runs as `npm start` runs it (its heap
 * limit), its RSS read from /proc; a fresh one for each attack, so that none starts from the
 * memory another left it.
 */
const CLIENTS = 24;
/** How long the memory is watched: every answer has been made and written as far as its client lets it. */
const WATCH_MS = 6_000;
/** The RSS 24 non-readers may add: one answer is about 10 MB, and their results share its strings. */
const MAX_GROWTH_MB = 120;
const MiB = 1024 * 1024;
let catalog: RunningCatalog;
let upstream: WordyUpstream;
let gateway: StartedProcess;
let url: string;
let sockets: Socket[] = [];

beforeAll(async () => {
  catalog = await startCatalog();
  upstream = await startWordyUpstream(catalog, 50_000);
});
beforeEach(async () => {
  gateway = startAsNpmStart({ CATALOG_BASE_URL: upstream.baseUrl, CATALOG_ACCESS_TOKEN: catalog.demoToken });
  url = await gateway.url;
});
afterEach(() => {
  for (const socket of sockets) socket.destroy();
  sockets = [];
  gateway.kill('SIGKILL');
});
afterAll(async () => {
  await upstream.close();
  await catalog.close();
});

/** Twenty reviews of 50,000 characters, each under ten aliases: about 10 MB, for cost 3. */
function reviews(deferred: boolean): string {
  const [id] = mostReviewedMovies(catalog, 1);
  const texts = Array.from({ length: 10 }, (_, i) => `c${i}: content`).join(' ');
  const selection = `reviews { edges { node { ${texts} } } }`;
  return `{ movie(id: ${id}) { id ${deferred ? `... @defer { ${selection} }` : selection} } }`;
}

/** The answer read whole over a raw socket: its HTTP chunks, each a write of the gateway's. */
async function readWhole(query: string, accept: string) {
  const body = JSON.stringify({ query });
  const head = `POST /graphql HTTP/1.1\nHost: localhost\nContent-Type: application/json\nAccept: ${accept}\nContent-Length: ${Buffer.byteLength(body)}\nConnection: close\n`;
  const answer = await rawExchange(Number(new URL(url).port), head, { body, waitMs: 20_000 });
  expect(answer.status).toBe(200);
  return rawChunks(answer);
}

/**
 * The growth of RSS while 24 connections ask for `query` and read nothing; another user is
 * served meanwhile, and once they have gone the process is up and a normal query answers.
 */
async function stalledGrowthMb(query: string, accept: string): Promise<number> {
  const before = residentMb(gateway.pid);
  for (let i = 0; i < CLIENTS; i++) stalledClient(Number(new URL(url).port), JSON.stringify({ query }), sockets, accept);
  let peak = before;
  const watch = setInterval(() => (peak = Math.max(peak, residentMb(gateway.pid))), 100);
  await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
  const other = await postQuery(url, '{ configuration { changeKeys } }');
  clearInterval(watch);
  expect(other.body.data.configuration.changeKeys.length).toBeGreaterThan(0);
  // Still up once they have gone, and a normal query answers.
  for (const socket of sockets) socket.destroy();
  const normal = await postQuery(url, reviews(false));
  expect(normal.body.errors).toBeUndefined();
  expect(normal.body.data.movie.reviews.edges[0].node.c0.length).toBeGreaterThanOrEqual(50_000);
  console.log(
    `${CLIENTS} stalled ${accept} clients: RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`,
  );
  return peak - before;
}

describe('an answer whose weight is deep in it, to clients that do not read', () => {
  it('as JSON: written in pieces of at most 1 MiB; 24 non-readers hold a bounded RSS', async () => {
    const { sizes, body } = await readWhole(reviews(false), 'application/json');
    const answer = JSON.parse(body.toString());
    expect(answer.data.movie.reviews.edges).toHaveLength(20);
    expect(body.length).toBeGreaterThan(9_000_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MiB);

    expect(await stalledGrowthMb(reviews(false), 'application/json')).toBeLessThan(MAX_GROWTH_MB);
  }, 60_000);

  it('inside @defer, as multipart/mixed: each part in pieces of at most 1 MiB; 24 non-readers hold a bounded RSS', async () => {
    const { sizes, body } = await readWhole(reviews(true), 'multipart/mixed');
    expect(body.length).toBeGreaterThan(9_000_000);
    expect(body.toString()).toMatch(/"incremental":\[\{"data":\{"reviews":\{"edges":\[/);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MiB);

    expect(await stalledGrowthMb(reviews(true), 'multipart/mixed')).toBeLessThan(MAX_GROWTH_MB);
  }, 60_000);

  it('inside @defer, as server-sent events: the same', async () => {
    const { sizes, body } = await readWhole(reviews(true), 'text/event-stream');
    expect(body.length).toBeGreaterThan(9_000_000);
    expect(body.toString()).toMatch(/\nevent: complete\ndata:\n\n$/);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MiB);

    expect(await stalledGrowthMb(reviews(true), 'text/event-stream')).toBeLessThan(MAX_GROWTH_MB);
  }, 60_000);
});
