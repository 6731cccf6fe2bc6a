import { createHash } from 'node:crypto';
import { request, type Dispatcher } from 'undici';
import { ACCEPTED_ENCODINGS, BodyTooLargeError, type Exchange, readBody, UndecodableBodyError } from './body.ts';
import type { RateBudget } from '../fleet/rate-budget.ts';
import type { CallScope, UpstreamRequest, UpstreamStats } from './request.ts';
import { circuitOpenError, clientGoneError, rateBudgetError, timeoutError, unreachableError } from './errors.ts';
import { type ExchangeObserver, observed } from './observe.ts';
import { routeOf } from './paths.ts';
import { type Breakers, retryAfterMs } from './resilience.ts';

/**
 * A turn of the rate budget must leave the call itself this long before its deadline: a call
 * that would get its turn later is refused (RATE_LIMITED) rather than sent to time out.
 */
const TURN_ROOM_MS = 500;

/** What every attempt of one client shares: the pool, the circuits, the budget, the counters. */
export interface AttemptParts {
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxBodyBytes: number;
  breakers: Breakers;
  stats: UpstreamStats;
  budget?: RateBudget;
  observer?: ExchangeObserver;
}

/** One HTTP exchange, within the deadline and the circuits of the host and the route. */
export type Attempt = (
  accessToken: string,
  url: string,
  req: UpstreamRequest,
  extraHeaders: Record<string, string>,
  deadline: number,
  scope: CallScope,
) => Promise<Exchange>;

export function createAttempt(parts: AttemptParts): Attempt {
  const { dispatcher, timeoutMs, maxBodyBytes, breakers, stats, budget, observer } = parts;
  return async (accessToken, url, req, extraHeaders, deadline, scope) => {
    const route = routeOf(req.path);
    if (scope.signal?.aborted) throw clientGoneError();
    // What a 429 limits: this credential on this route (the token only as a digest, never kept).
    const caller = createHash('sha256').update(accessToken).digest('base64url').slice(0, 22);
    // The turn first: a call waiting for it holds neither a connection nor a circuit's probe.
    if (budget) {
      const lanes = scope.lane ? [scope.lane, caller] : [caller];
      if (!(await budget.acquire(deadline - TURN_ROOM_MS, { pause: `${caller}:${route}`, lanes }))) throw rateBudgetError();
      if (scope.signal?.aborted) throw clientGoneError();
    }
    if (!breakers.tryAcquire(route)) {
      stats.shortCircuited++;
      throw circuitOpenError();
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      breakers.release(route);
      throw timeoutError();
    }
    // The clock runs from here, so time spent queued for a connection counts against it.
    const cutByDeadline = remaining < timeoutMs;
    const timeout = AbortSignal.timeout(Math.min(timeoutMs, remaining));
    const signal = scope.signal ? AbortSignal.any([timeout, scope.signal]) : timeout;
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
        if (response.statusCode === 429 && budget)
          await budget.pause(retryAfterMs(response.headers['retry-after']) ?? 0, `${caller}:${route}`);
        return { status: response.statusCode, headers: response.headers, text };
      });
    } catch (error) {
      // Too large or undecodable is this answer's fault, not the upstream's health; and a call
      // cut short by its request's own deadline says nothing about that health either.
      if (error instanceof BodyTooLargeError || error instanceof UndecodableBodyError) {
        breakers.release(route);
        throw error;
      }
      // A client that went away says nothing of the upstream either.
      if (scope.signal?.aborted) {
        breakers.release(route);
        throw clientGoneError();
      }
      if (timeout.aborted && cutByDeadline) breakers.release(route);
      else breakers.unreachable(route);
      if (timeout.aborted) throw timeoutError();
      throw unreachableError();
    }
  };
}
