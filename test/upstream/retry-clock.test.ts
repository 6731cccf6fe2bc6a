import { createServer, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUpstreamClient, type UpstreamClientOptions } from '../../src/upstream/client.ts';
import { UPSTREAM } from '../../src/common/messages.ts';
import { listen } from '../helpers.ts';
import { manualClock, type ManualClock } from '../manual-clock.ts';

/**
 * Retries, Retry-After and the circuits on a hand-driven clock: the upstream client over real
 * HTTP to a scripted server, its waits and cooldowns checked to the millisecond without being
 * waited out. test/upstream/fault-matrix.test.ts checks the same through the gateway in real time.
 */
type Answer = (res: ServerResponse) => void;
const ok: Answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
const status =
  (code: number, headers: Record<string, string> = {}): Answer =>
  (res) =>
    res.writeHead(code, { 'content-type': 'application/json', ...headers }).end('{"status_message":"busy"}');

let script: Answer[] = [];
let seen = 0;
let base: string;
const stub = createServer((_, res) => {
  seen++;
  (script.shift() ?? ok)(res);
});

beforeAll(async () => {
  base = `http://127.0.0.1:${await listen(stub)}/3`;
});
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
});
beforeEach(() => {
  seen = 0;
});

/** Real time, bounded: the exchange itself goes over a socket. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 2_000) throw new Error('the condition never came');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The stub stays at `calls` for a little real time. */
async function staysAt(calls: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(seen).toBe(calls);
}

function client(clock: ManualClock, options: Partial<UpstreamClientOptions> = {}) {
  return createUpstreamClient({
    baseUrl: base,
    timeoutMs: 10_000,
    retry: { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 },
    clock,
    ...options,
  });
}

describe('the upstream client on a manual clock', () => {
  it('retries a 503 after its backoff (half to all of 1 s for the first retry), not before', async () => {
    const clock = manualClock();
    script = [status(503)];
    const upstream = client(clock);
    const answer = upstream.send('token', { path: ['movie', 1] });
    await until(() => seen === 1);
    await clock.advance(499);
    await staysAt(1);
    await clock.advance(501);
    await until(() => seen === 2);
    expect(await answer).toEqual({ id: 1 });
    expect(upstream.stats.retries).toBe(1);
    await upstream.close();
  });

  it("waits out a 429's Retry-After on the clock", async () => {
    const clock = manualClock();
    script = [status(429, { 'retry-after': '3' })];
    const upstream = client(clock);
    const answer = upstream.send('token', { path: ['movie', 2] });
    await until(() => seen === 1);
    await clock.advance(2_990);
    await staysAt(1);
    await clock.advance(10);
    await until(() => seen === 2);
    expect(await answer).toEqual({ id: 1 });
    await upstream.close();
  });

  it('does not wait for a Retry-After longer than the longest wait, nor past the deadline', async () => {
    const clock = manualClock();
    const upstream = client(clock);
    script = [status(429, { 'retry-after': '60' })];
    await expect(upstream.send('token', { path: ['movie', 3] })).rejects.toMatchObject({ status: 429 });
    expect(seen).toBe(1);
    // The first backoff is at least 500 ms: with 400 ms left, the 503 is the answer.
    script = [status(503)];
    await expect(upstream.send('token', { path: ['movie', 4] }, clock.now() + 400)).rejects.toMatchObject({ status: 503 });
    expect(seen).toBe(2);
    expect(upstream.stats.retries).toBe(0);
    await upstream.close();
  });

  it('opens the circuit after its failures and lets one probe through when the cooldown has passed', async () => {
    const clock = manualClock();
    const upstream = client(clock, {
      retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
      breaker: { failureThreshold: 2, cooldownMs: 5_000 },
    });
    script = [status(503), status(503)];
    // A healthy upstream: no circuit consulted per call (exchange.ts reads `quiet` first).
    expect(upstream.breakers.quiet).toBe(true);
    for (const id of [5, 6]) await expect(upstream.send('token', { path: ['movie', id] })).rejects.toMatchObject({ status: 503 });
    await expect(upstream.send('token', { path: ['movie', 7] })).rejects.toThrow(UPSTREAM.circuitOpen);
    expect(seen).toBe(2);
    await clock.advance(4_999);
    await expect(upstream.send('token', { path: ['movie', 8] })).rejects.toThrow(UPSTREAM.circuitOpen);
    expect(seen).toBe(2);
    await clock.advance(1);
    expect(upstream.breakers.quiet).toBe(false);
    expect(await upstream.send('token', { path: ['movie', 9] })).toEqual({ id: 1 });
    expect(seen).toBe(3);
    expect(upstream.stats.shortCircuited).toBe(2);
    // The probe's success closed the route's circuit: quiet again, and the next call goes out.
    expect(upstream.breakers.state('/movie/{id}')).toBe('closed');
    expect(upstream.breakers.quiet).toBe(true);
    await upstream.close();
  });
});
