import { setTimeout as sleep } from 'node:timers/promises';
import type { Attempt } from './attempt.ts';
import type { Exchange } from './body.ts';
import type { CallRun, UpstreamRequest, UpstreamStats } from './request.ts';
import { clientGoneError, UpstreamError } from './errors.ts';
import { backoffDelay, RETRYABLE_STATUSES, retryAfterMs, type RetryPolicy } from './resilience.ts';

/** An exchange with its retries; `extraHeaders` go on every attempt (a revalidation's validators). */
export type RetriedExchange = (
  accessToken: string,
  url: string,
  req: UpstreamRequest,
  run: CallRun,
  extraHeaders?: Record<string, string>,
) => Promise<Exchange>;

/**
 * Only GETs are retried (a POST may have taken effect), only on transient failures or a
 * 502/503/504 or a 429 whose Retry-After is short enough, and never past the deadline (the
 * latest of the call's waiters', read before each wait: a joiner may have extended it). A retry
 * is a call like any other: it takes one from its request's MAX_COST allowance (the first
 * waiter's still there), and is not made when none is left; before, a budgeted call could make
 * three exchanges.
 */
/** Takes a retry from the call's allowance; false when none is left. */
function spendRetry(run: CallRun): boolean {
  const allowance = run.allowance();
  if (!allowance) return true;
  if (allowance.spent >= allowance.max) return false;
  allowance.spent++;
  return true;
}

export function withRetries(attempt: Attempt, retry: RetryPolicy, stats: UpstreamStats): RetriedExchange {
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
          const asked = retryAfterMs(response.headers['retry-after']);
          wait = asked === undefined ? backoffDelay(retry, attemptNumber) : asked <= retry.maxRetryAfterMs ? asked : undefined;
        }
        if (wait === undefined || Date.now() + wait >= run.deadline() || !spendRetry(run)) return response;
      } catch (error) {
        if (lastAttempt || !(error instanceof UpstreamError) || !error.retryable) throw error;
        wait = backoffDelay(retry, attemptNumber);
        if (Date.now() + wait >= run.deadline() || !spendRetry(run)) throw error;
      }
      stats.retries++;
      await sleep(wait, undefined, { signal: run.signal }).catch(() => undefined);
      if (run.signal.aborted) throw clientGoneError();
    }
  };
}
