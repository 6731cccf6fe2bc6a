import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/** /health, /readiness and request ids, over real HTTP, the upstream's calls counted at the catalog. */

const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let h: Harness;
let base: string;
beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 1024 * 1024 }, logger: pino({ level: 'info' }, sink) });
  base = h.url.replace(/\/graphql$/, '');
});
afterAll(() => h.close());
beforeEach(() => {
  h.catalog.resetCalls();
  h.catalog.setFaults([]);
  lines.length = 0;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('health and readiness', () => {
  it('/health answers 200 while the process serves, with no upstream call', async () => {
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('/readiness checks the upstream at most once a second: 30 probes in about 3 s, one call per second they span', async () => {
    await sleep(1_100);
    h.catalog.resetCalls();
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      statuses.push((await fetch(`${base}/readiness`)).status);
      await sleep(100);
    }
    // A loaded machine stretches the 30 probes past 3 s: the bound is one check per second they took.
    const seconds = Math.floor((Date.now() - started) / 1_000);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const checks = h.callsTo('/configuration');
    expect(checks).toBeGreaterThanOrEqual(1);
    expect(checks).toBeLessThanOrEqual(seconds + 1);
    expect(checks).toBeLessThan(30);
  });

  it('/readiness is 503 while the upstream fails, and 200 again once it recovers', async () => {
    await sleep(1_100);
    h.catalog.setFaults([{ path: '^/configuration$', status: 503 }]);
    const down = await fetch(`${base}/readiness`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unready', reason: 'the upstream is unreachable or failing' });
    h.catalog.setFaults([]);
    await sleep(1_100);
    const again = await fetch(`${base}/readiness`);
    expect(again.status).toBe(200);
  });

  it('/readiness is 503 when the upstream rejects the configured credential, naming no secret', async () => {
    const wrong = await startHarness({ serverToken: 'not-a-token-the-catalog-issued' });
    try {
      const response = await fetch(wrong.url.replace(/\/graphql$/, '/readiness'));
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text).reason).toBe('the upstream rejects the configured credential');
      expect(text).not.toContain('not-a-token');
    } finally {
      await wrong.close();
    }
  });

  it('stays ready when Redis is configured but unreachable: Redis is optional for serving', async () => {
    const withRedis = await startHarness({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const response = await fetch(withRedis.url.replace(/\/graphql$/, '/readiness'));
      expect(response.status).toBe(200);
    } finally {
      await withRedis.close();
    }
  });
});

describe('request ids', () => {
  it('puts x-request-id on every answer: GraphQL, errors, cache hits, probes and metrics', async () => {
    const query = { query: '{ configuration { changeKeys } }' };
    const post = () => fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(query) });
    const answers = [
      await post(),
      await post(), // a whole-response cache hit
      await fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      await fetch(`${base}/health`),
      await fetch(`${base}/readiness`),
      await fetch(`${base}/metrics`),
      await fetch(`${base}/nowhere`),
    ];
    for (const answer of answers) expect(answer.headers.get('x-request-id')).toMatch(UUID);
    expect(new Set(answers.map((answer) => answer.headers.get('x-request-id'))).size).toBe(answers.length);
  });

  it('echoes a valid incoming id, replaces anything else, and logs the same id, cache hits included', async () => {
    const ask = (id: string) =>
      fetch(h.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': id },
        body: JSON.stringify({ query: 'query Genres { movieGenres { id: databaseId name } }' }),
      });
    const first = await ask('trace-1.a_b');
    expect(first.headers.get('x-request-id')).toBe('trace-1.a_b');
    const hit = await ask('a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f607');
    expect(hit.headers.get('x-request-id')).toBe('a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f607');
    const bad = await ask('no spaces <allowed>');
    expect(bad.headers.get('x-request-id')).toMatch(UUID);
    const logged = lines.filter((line) => line.msg === 'graphql operation');
    expect(logged.map((line) => [line.requestId, line.operation, line.cached ?? false])).toEqual([
      ['trace-1.a_b', 'Genres', false],
      ['a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f607', 'Genres', true],
      [bad.headers.get('x-request-id'), 'Genres', true],
    ]);
  });
});
