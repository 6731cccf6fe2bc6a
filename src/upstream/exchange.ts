import { hash } from 'node:crypto';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { LRUCache } from 'lru-cache';
import { request, type Dispatcher } from 'undici';
import { type Clock, sleep } from '../common/clock.ts';
import type { RateBudget } from '../fleet/rate-budget.ts';
import type { CallRun, PathSegment, UpstreamRequest, UpstreamStats } from './request.ts';
import {
  ACCEPTED_ENCODINGS,
  BodyTooLargeError,
  circuitOpenError,
  clientGoneError,
  type Exchange,
  rateBudgetError,
  readBody,
  timeoutError,
  UndecodableBodyError,
  unreachableError,
  UpstreamError,
} from './answer.ts';
import { backoffDelay, type Breakers, RETRYABLE_STATUSES, retryAfterMs, type RetryPolicy } from './resilience.ts';

/*
 * One exchange with the upstream and its retries: the rate budget's turn, the circuits, the
 * call's timeout, the metrics and span it shows the outside, and the retries around it.
 */

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
  return hash('sha256', accessToken, 'base64url').slice(0, 22);
}

/** What a literal segment of an endpoint's name looks like (`movie`, `account_states`, `4`). */
const LITERAL = /^[a-z0-9_]{1,40}$/;

/**
 * The route template of a path (`/movie/{id}`), the circuits' and the metrics' label: literal
 * segments kept, numbers and values `{id}`, as is a string no endpoint is named (an unvalidated
 * "-1" or "Zq%"), so no input makes a route, a label or a circuit of its own.
 */
export function routeOf(path: ReadonlyArray<PathSegment>): string {
  return `/${path.map((segment) => (typeof segment === 'string' && LITERAL.test(segment) ? segment : '{id}')).join('/')}`;
}

/** What every attempt of one client shares: the pool, the circuits, the budget, the counters. */
export interface AttemptParts {
  clock: Clock;
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
  const { dispatcher, timeoutMs, maxBodyBytes, breakers, stats, budget, observer, clock } = parts;
  const accepted = new LRUCache<string, true>({ max: MAX_ACCEPTED });
  if (parts.serverToken) accepted.set(digestOf(parts.serverToken), true);
  return async (accessToken, url, req, extraHeaders, run) => {
    const route = routeOf(req.path);
    if (run.signal.aborted) throw clientGoneError();
    // The credential's lane and pauses are the rate budget's alone: without one, no digest.
    const caller = budget ? digestOf(accessToken) : '';
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
    // While no circuit has failed (`quiet`), every call may go out and a success changes nothing.
    if (!breakers.quiet && !breakers.tryAcquire(route)) {
      stats.shortCircuited++;
      throw circuitOpenError();
    }
    if (run.deadline() <= clock.now()) {
      if (!breakers.quiet) breakers.release(route);
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
        if (!breakers.quiet || response.statusCode >= 500) breakers.answered(route, response.statusCode);
        if (budget && response.statusCode >= 200 && response.statusCode <= 299) accepted.set(caller, true);
        if (response.statusCode === 429 && budget)
          await budget.pause(retryAfterMs(response.headers['retry-after']) ?? 0, `${caller}:${route}`);
        return { status: response.statusCode, headers: response.headers, text };
      });
    } catch (error) {
      // Too large or undecodable is this answer's fault, not the upstream's health.
      if (error instanceof BodyTooLargeError || error instanceof UndecodableBodyError) {
        if (!breakers.quiet) breakers.release(route);
        throw error;
      }
      // Nobody waits any more (clients gone, deadlines come): that says nothing of the upstream either.
      if (run.signal.aborted) {
        if (!breakers.quiet) breakers.release(route);
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

/** An exchange with its retries; `extraHeaders` go on every attempt (a revalidation's validators). */
export type RetriedExchange = (
  accessToken: string,
  url: string,
  req: UpstreamRequest,
  run: CallRun,
  extraHeaders?: Record<string, string>,
) => Promise<Exchange>;

/** Takes a retry from the call's allowance; false when none is left. */
function spendRetry(run: CallRun): boolean {
  const allowance = run.allowance();
  if (!allowance) return true;
  if (allowance.spent >= allowance.max) return false;
  allowance.spent++;
  return true;
}

/**
 * Only GETs are retried (a POST may have taken effect), only on transient failures or a
 * 502/503/504 or a 429 whose Retry-After is short enough, and never past the deadline (the
 * latest of the call's waiters', read before each wait: a joiner may have extended it). A retry
 * is a call like any other: it takes one from its request's MAX_COST allowance (the first
 * waiter's still there), and is not made when none is left; before, a budgeted call could make
 * three exchanges.
 */
export function withRetries(attempt: Attempt, retry: RetryPolicy, stats: UpstreamStats, clock: Clock): RetriedExchange {
  return async (accessToken, url, req, run, extraHeaders = {}) => {
    const idempotent = (req.method ?? 'GET') === 'GET';
    for (let attemptNumber = 1; ; attemptNumber++) {
      const lastAttempt = !idempotent || attemptNumber >= retry.maxAttempts;
      let wait: number | undefined;
      try {
        const response = await attempt(accessToken, url, req, extraHeaders, run);
        if (lastAttempt) return response;
        if (RETRYABLE_STATUSES.has(response.status)) wait = backoffDelay(retry, attemptNumber);
        if (response.status === 429) {
          const asked = retryAfterMs(response.headers['retry-after'], clock.now());
          wait = asked === undefined ? backoffDelay(retry, attemptNumber) : asked <= retry.maxRetryAfterMs ? asked : undefined;
        }
        if (wait === undefined || clock.now() + wait >= run.deadline() || !spendRetry(run)) return response;
      } catch (error) {
        if (lastAttempt || !(error instanceof UpstreamError) || !error.retryable) throw error;
        wait = backoffDelay(retry, attemptNumber);
        if (clock.now() + wait >= run.deadline() || !spendRetry(run)) throw error;
      }
      stats.retries++;
      await sleep(clock, wait, run.signal);
      if (run.signal.aborted) throw clientGoneError();
    }
  };
}

/**
 * What an upstream exchange shows the outside: a call to the metrics (route template, method,
 * status, duration) and, when tracing is on, a client span under the GraphQL operation's span,
 * its trace context sent upstream in `traceparent`. The route is the template the circuits use
 * (`/movie/{id}`): never an id, a token or a query string.
 */

export interface ExchangeRecord {
  route: string;
  method: string;
  /** HTTP status, or 0 when no answer came (timeout, connection error, oversized body). */
  status: number;
  seconds: number;
}

export type ExchangeObserver = (record: ExchangeRecord) => void;

const tracer = trace.getTracer('media-catalog-gateway');

/**
 * Runs one exchange under observation. `headers` are the outgoing request's, which receive the
 * trace context. Without an observer and without an active trace it only counts in-flight calls.
 */
export async function observed<T extends { status: number }>(
  route: string,
  method: string,
  headers: Record<string, string>,
  observer: ExchangeObserver | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const parent = trace.getSpan(context.active());
  const span = parent
    ? tracer.startSpan(`${method} ${route}`, {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': method, 'url.template': route },
      })
    : undefined;
  if (span) propagation.inject(trace.setSpan(context.active(), span), headers);
  const started = performance.now();
  let status = 0;
  try {
    const result = await run();
    status = result.status;
    return result;
  } finally {
    observer?.({ route, method, status, seconds: (performance.now() - started) / 1000 });
    if (span) {
      span.setAttribute('http.response.status_code', status);
      if (status === 0 || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  }
}
