import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { request, type Dispatcher } from 'undici';
import { ACCEPTED_ENCODINGS, BodyTooLargeError, type Exchange, readBody, UndecodableBodyError } from './body.ts';
import type { RateBudget } from '../fleet/rate-budget.ts';
import type { CallRun, UpstreamRequest, UpstreamStats } from './request.ts';
import { circuitOpenError, clientGoneError, rateBudgetError, timeoutError, unreachableError } from './errors.ts';
import { type ExchangeObserver, observed } from './observe.ts';
import { routeOf } from './paths.ts';
import { type Breakers, retryAfterMs } from './resilience.ts';

/**
 * A turn of the rate budget must leave the call itself this long before its deadline: a call
 * that would get its turn later is refused (RATE_LIMITED) rather than sent to time out.
 */
const TURN_ROOM_MS = 500;

/**
 * The budget lane of the credentials the upstream has not accepted yet, one per client address:
 * made-up tokens, each answered 401, share their client's, where each used to buy a lane of its
 * own; one lane for every client let one address's invented tokens hold the turns of every new
 * user's first call. A credential gets its own lane once the upstream has answered it with a 2xx.
 */
const unverifiedLane = (client: string | undefined) => `unverified:${client ?? ''}`;

/** Accepted credentials remembered, as digests; one forgotten waits with the unverified until its next 2xx. */
const MAX_ACCEPTED = 10_000;

/** What a 429 limits and a lane is kept for: a credential, as a digest (the token itself is never kept). */
function digestOf(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest('base64url').slice(0, 22);
}

/** What every attempt of one client shares: the pool, the circuits, the budget, the counters. */
export interface AttemptParts {
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxBodyBytes: number;
  breakers: Breakers;
  stats: UpstreamStats;
  budget?: RateBudget;
  observer?: ExchangeObserver;
  /** The server's own token (CATALOG_ACCESS_TOKEN), accepted from the start: anonymous callers never wait with the unverified. */
  serverToken?: string;
}

/** One HTTP exchange, within the call's deadline and the circuits of the host and the route. */
export type Attempt = (
  accessToken: string,
  url: string,
  req: UpstreamRequest,
  extraHeaders: Record<string, string>,
  run: CallRun,
) => Promise<Exchange>;

export function createAttempt(parts: AttemptParts): Attempt {
  const { dispatcher, timeoutMs, maxBodyBytes, breakers, stats, budget, observer } = parts;
  const accepted = new LRUCache<string, true>({ max: MAX_ACCEPTED });
  if (parts.serverToken) accepted.set(digestOf(parts.serverToken), true);
  return async (accessToken, url, req, extraHeaders, run) => {
    const route = routeOf(req.path);
    if (run.signal.aborted) throw clientGoneError();
    const caller = digestOf(accessToken);
    // The turn first: a call waiting for it holds neither a connection nor a circuit's probe.
    if (budget && !req.probe) {
      const credential = accepted.has(caller) ? caller : unverifiedLane(run.client());
      const granted = await budget.acquire(() => run.deadline() - TURN_ROOM_MS, {
        pause: `${caller}:${route}`,
        credential,
        // A shared call takes the first turn any of its waiters' lanes gives it; a caller without
        // a request lane of its own waits in its credential's.
        requests: (onLane) => run.watchLanes((lane) => onLane(lane ?? credential)),
        signal: run.signal,
      });
      if (run.signal.aborted) throw clientGoneError();
      if (!granted) throw rateBudgetError();
    }
    if (!breakers.tryAcquire(route)) {
      stats.shortCircuited++;
      throw circuitOpenError();
    }
    if (run.deadline() <= Date.now()) {
      breakers.release(route);
      throw timeoutError();
    }
    // The clock runs from here, so time spent queued for a connection counts against it. The
    // request's deadline cuts the call through run.signal, once its last waiter has reached it.
    const cut = callCut(timeoutMs, run.signal);
    const { signal } = cut;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-encoding': ACCEPTED_ENCODINGS,
      authorization: `Bearer ${accessToken}`,
      ...extraHeaders,
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
    try {
      stats.calls++;
      return await observed(route, req.method ?? 'GET', headers, observer, async () => {
        const response = await request(url, {
          method: req.method ?? 'GET',
          headers,
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          dispatcher,
          signal,
        });
        const text = await readBody(response.body, response.headers, maxBodyBytes);
        breakers.answered(route, response.statusCode);
        if (budget && response.statusCode >= 200 && response.statusCode <= 299) accepted.set(caller, true);
        if (response.statusCode === 429 && budget)
          await budget.pause(retryAfterMs(response.headers['retry-after']) ?? 0, `${caller}:${route}`);
        return { status: response.statusCode, headers: response.headers, text };
      });
    } catch (error) {
      // Too large or undecodable is this answer's fault, not the upstream's health.
      if (error instanceof BodyTooLargeError || error instanceof UndecodableBodyError) {
        breakers.release(route);
        throw error;
      }
      // Nobody waits any more (clients gone, deadlines come): that says nothing of the upstream either.
      if (run.signal.aborted) {
        breakers.release(route);
        throw clientGoneError();
      }
      breakers.unreachable(route);
      if (cut.timedOut) throw timeoutError();
      throw unreachableError();
    } finally {
      cut.done();
    }
  };
}

/**
 * What cuts one exchange: its own timeout, or the signal of those waiting for it. Undone as soon
 * as the exchange ends, where `AbortSignal.any([AbortSignal.timeout(ms), signal])` kept every
 * call's timer, signals and listeners alive for the whole timeout (10 s) after it had answered,
 * then made a DOMException to abort a call long done: old-generation garbage on every call
 * (docs/performance.md, "Back to the plain path's cost").
 */
function callCut(timeoutMs: number, gone: AbortSignal) {
  const controller = new AbortController();
  const cut = {
    signal: controller.signal,
    timedOut: false,
    done: () => {
      clearTimeout(timer);
      gone.removeEventListener('abort', onGone);
    },
  };
  const onGone = () => controller.abort(gone.reason);
  const timer = setTimeout(() => {
    cut.timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, timeoutMs);
  // As AbortSignal.timeout's: a call in flight does not keep the process up by its timer.
  timer.unref();
  if (gone.aborted) onGone();
  else gone.addEventListener('abort', onGone, { once: true });
  return cut;
}
