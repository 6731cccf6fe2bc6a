/**
 * What keeps the gateway up when the upstream is not: bounded retries with jittered
 * exponential backoff, Retry-After handling, and a circuit breaker that fails fast while the
 * upstream is down and lets one probe through to find out when it is back, one circuit per route
 * template (exchange.ts, routeOf). The retry loop itself is exchange.ts's.
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

export type BreakerState = 'closed' | 'open' | 'half-open';

export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private probing = false;

  private readonly options: BreakerOptions;
  private readonly now: () => number;

  constructor(options: BreakerOptions, now: () => number = Date.now) {
    this.options = options;
    this.now = now;
  }

  get state(): BreakerState {
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

  /** No failure counted, no probe out: a success would change nothing. */
  isQuiet(): boolean {
    return this.failures === 0 && !this.probing;
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

/**
 * Routes are a fixed set of templates (about 150); past this many, a new one gets no circuit of
 * its own and answers to the host's alone: the table stays bounded, and no two routes ever share
 * a circuit, so no input can make a failing search pause movie details.
 */
export const MAX_ROUTES = 512;

/**
 * The circuits of one upstream. A 5xx answer says one endpoint is failing, so it counts
 * against that route's circuit alone: a broken search must not pause movie details. Only
 * failures to talk to the host at all (refused, reset, timed out) count against the host's
 * circuit, which pauses every route.
 */
export class Breakers {
  private readonly host: CircuitBreaker;
  private readonly byRoute = new Map<string, CircuitBreaker>();

  /**
   * No circuit has counted a failure or handed out a probe: every call may go out, and an answer
   * below 500 changes nothing. A field, read by exchange.ts before it consults any circuit, so a
   * healthy upstream costs no circuit's bookkeeping per call.
   */
  quiet = true;

  private readonly options: BreakerOptions;
  private readonly now: () => number;

  constructor(options: BreakerOptions, now: () => number = Date.now) {
    this.options = options;
    this.now = now;
    this.host = new CircuitBreaker(options, now);
  }

  private route(route: string): CircuitBreaker | undefined {
    let breaker = this.byRoute.get(route);
    if (!breaker && this.byRoute.size < MAX_ROUTES) {
      breaker = new CircuitBreaker(this.options, this.now);
      this.byRoute.set(route, breaker);
    }
    return breaker;
  }

  /** The state of a route's circuit, or of the host's when no route is named. */
  state(route?: string): BreakerState {
    if (route === undefined) return this.host.state;
    return this.byRoute.get(route)?.state ?? 'closed';
  }

  /** The route templates seen so far, e.g. "/movie/{id}". */
  routes(): string[] {
    return [...this.byRoute.keys()];
  }

  /** Whether a call to the route may go out now: both its circuit and the host's must agree. */
  tryAcquire(route: string): boolean {
    if (!this.host.tryAcquire()) return false;
    if (this.route(route)?.tryAcquire() ?? true) {
      this.settle();
      return true;
    }
    // A probe the host's circuit handed out is handed back: this call never went.
    this.host.release();
    return false;
  }

  /** The upstream answered: the host is reachable; a 5xx counts against the route. */
  answered(route: string, status: number): void {
    this.host.success();
    if (status >= 500) this.route(route)?.failure();
    else this.route(route)?.success();
    this.settle();
  }

  /** The host could not be reached, or did not answer in time. */
  unreachable(route: string): void {
    this.host.failure();
    this.byRoute.get(route)?.release();
    this.settle();
  }

  /** The call ended without telling anything about the upstream's health. */
  release(route: string): void {
    this.host.release();
    this.byRoute.get(route)?.release();
    this.settle();
  }

  /** Closes every circuit, as after a success. */
  reset(): void {
    this.host.success();
    for (const breaker of this.byRoute.values()) breaker.success();
    this.settle();
  }

  private settle(): void {
    this.quiet = this.host.isQuiet() && [...this.byRoute.values()].every((breaker) => breaker.isQuiet());
  }
}
