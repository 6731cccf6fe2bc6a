/**
 * What keeps the gateway up when the upstream is not: bounded retries with jittered
 * exponential backoff, Retry-After handling, and a circuit breaker that fails fast while the
 * upstream is down and lets one probe through to find out when it is back.
 */

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After the gateway waits for; a longer one fails the field at once. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 50, maxDelayMs: 1_000, maxRetryAfterMs: 2_000 };

/** Statuses worth another try of an idempotent GET: the upstream or its proxy is briefly unwell. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** "Equal jitter": half the exponential delay, plus a random share of the other half. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return exponential / 2 + random() * (exponential / 2);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface BreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one probe may go through. */
  cooldownMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = { failureThreshold: 5, cooldownMs: 5_000 };

export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private probing = false;

  constructor(
    private readonly options: BreakerOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.failures < this.options.failureThreshold) return 'closed';
    return this.now() < this.openUntil ? 'open' : 'half-open';
  }

  /** Whether a call may go out now. In half-open state only one probe at a time may. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.probing) return false;
    this.probing = true;
    return true;
  }

  success(): void {
    this.failures = 0;
    this.probing = false;
  }

  failure(): void {
    this.failures++;
    this.probing = false;
    if (this.failures >= this.options.failureThreshold) this.openUntil = this.now() + this.options.cooldownMs;
  }

  /** A call that went out and came back without telling us anything about upstream health. */
  release(): void {
    this.probing = false;
  }
}
