import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request, type Dispatcher } from 'undici';
import {
  ACCEPTED_ENCODINGS,
  BodyTooLargeError,
  DEFAULT_MAX_BODY_BYTES,
  type Exchange,
  parseBody,
  readBody,
  UndecodableBodyError,
} from './body.ts';
import type { RateBudget } from '../fleet/rate-budget.ts';
import type { RedisConnection } from '../fleet/redis.ts';
import {
  circuitOpenError,
  clientGoneError,
  missingCredentialError,
  rateBudgetError,
  timeoutError,
  UpstreamError,
  unreachableError,
} from './errors.ts';
import {
  createHttpCache,
  lookup,
  revalidated,
  storeAnswer,
  type CachedAnswer,
  type FleetCacheStore,
  type HttpCache,
} from './http-cache.ts';
import { type ExchangeObserver, observed, poolLoad } from './observe.ts';
import { encodePath, isSessionBound, routeOf, type PathSegment } from './paths.ts';
import {
  backoffDelay,
  Breakers,
  DEFAULT_BREAKER,
  DEFAULT_RETRY,
  RETRYABLE_STATUSES,
  retryAfterMs,
  type BreakerOptions,
  type RetryPolicy,
} from './resilience.ts';

export type QueryValue = string | number | boolean | undefined;

export interface UpstreamRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /**
   * Path segments below the base URL; each one is encoded, so none can add a path or a
   * parameter. A string a user chose goes in as `param(value)` (see paths.ts).
   */
  path: ReadonlyArray<PathSegment>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  /**
   * Never shared: a GET that mints a credential (request token, guest session) must not join an
   * identical call in flight or be answered from the cache, or two users would get the same one.
   */
  unshared?: boolean;
}

/**
 * Told, for each answer a call returned, how long that answer stays fresh in the shared cache
 * (0 when it was not stored: private, no-store, session-bound, a write, the cache off). A composed GraphQL
 * response is as fresh as its stalest part.
 */
export type FreshnessObserver = (freshForMs: number) => void;

/** What one GraphQL request's calls share, besides the credential and the deadline. */
export interface CallScope {
  /** The request's own lane of the rate budget (any id unique to the request). */
  lane?: string;
  /** Aborts when the client has gone: a call not yet made is not made, one in flight is cut. */
  signal?: AbortSignal;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Most upstream requests in flight at once; more wait in the pool's queue, within their deadline. */
  maxConnections?: number;
  /** Bytes of the shared HTTP cache; 0 turns the cache off. */
  cacheMaxBytes?: number;
  retry?: RetryPolicy;
  breaker?: BreakerOptions;
  /** Largest answer body read, in bytes; a larger one fails its call (default 8 MB). */
  maxBodyBytes?: number;
  /** Injectable so tests and settings can swap the connection pool. */
  dispatcher?: Dispatcher;
  /** Where the fleet shares the HTTP cache (Redis); the in-process cache stays in front of it. */
  fleetCache?: FleetCacheStore;
  /** Turns for upstream calls (UPSTREAM_RATE_LIMIT) and the pauses a 429 asks for. */
  rateBudget?: RateBudget;
  /** The Redis connection behind the fleet's cache and budget: shown as `redis`, closed with the client. */
  redis?: RedisConnection;
  /** Told of every exchange (metrics); tracing needs no option (observe.ts). */
  observer?: ExchangeObserver;
}

/**
 * A turn of the rate budget must leave the call itself this long before its deadline: a call
 * that would get its turn later is refused (RATE_LIMITED) rather than sent to time out.
 */
const TURN_ROOM_MS = 500;

export interface UpstreamStats {
  /** HTTP exchanges actually made with the upstream. */
  calls: number;
  /** GETs that joined an identical GET already in flight instead of making their own. */
  coalesced: number;
  /** Extra attempts after a transient failure, a 502/503/504 or a short 429. */
  retries: number;
  /** Calls refused at once because the circuit was open. */
  shortCircuited: number;
}

export interface UpstreamClient {
  /**
   * Sends one request with the given bearer token and returns the parsed JSON body. Retries,
   * waits and the call itself all end by `deadline` (epoch ms; default now + the call timeout).
   */
  send<T>(
    accessToken: string | undefined,
    req: UpstreamRequest,
    deadline?: number,
    observe?: FreshnessObserver,
    scope?: CallScope,
  ): Promise<T>;
  /** The URL a request would go to, without credentials: the identity of a resource. */
  urlOf(req: UpstreamRequest): string;
  stats: UpstreamStats;
  cache?: HttpCache;
  /** The host's circuit and one per route template (`breakers.state('/movie/{id}')`, `breakers.routes()`). */
  breakers: Breakers;
  /** The rate budget and its counters (waits, refusals, pauses), when there is one. */
  rateBudget?: RateBudget;
  /** The fleet's Redis connection and its state (up, errors, outages), when configured. */
  redis?: RedisConnection;
  /** Exchanges running on the pool's connections, and waiting for one. */
  pool(): { running: number; queued: number };
  close(): Promise<void>;
}

/** The promise's outcome, or UPSTREAM_TIMEOUT when the deadline comes first. */
function withinDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const ownsDispatcher = !options.dispatcher;
  const dispatcher =
    options.dispatcher ??
    new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 600_000,
      connections: options.maxConnections ?? 20,
      pipelining: 1,
    });
  const cache = options.cacheMaxBytes ? createHttpCache(options.cacheMaxBytes, options.fleetCache) : undefined;
  const budget = options.rateBudget;
  const inFlight = new Map<string, Promise<unknown>>();
  const stats: UpstreamStats = { calls: 0, coalesced: 0, retries: 0, shortCircuited: 0 };
  const retry = options.retry ?? DEFAULT_RETRY;
  const breakers = new Breakers(options.breaker ?? DEFAULT_BREAKER);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  function urlOf(req: UpstreamRequest): string {
    const path = encodePath(req.path);
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(req.query ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
      if (value !== undefined) params.append(name, String(value));
    }
    const query = params.toString();
    return `${base}/${path}${query ? `?${query}` : ''}`;
  }

  /** One HTTP exchange, within the deadline and the circuits of the host and the route. */
  async function attempt(
    accessToken: string,
    url: string,
    req: UpstreamRequest,
    extraHeaders: Record<string, string>,
    deadline: number,
    scope: CallScope,
  ): Promise<Exchange> {
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
    const cutByDeadline = remaining < options.timeoutMs;
    const timeout = AbortSignal.timeout(Math.min(options.timeoutMs, remaining));
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
      return await observed(route, req.method ?? 'GET', headers, options.observer, async () => {
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
  }

  /**
   * An exchange with its retries. Only GETs are retried (a POST may have taken effect), only
   * on transient failures, and never past the deadline.
   */
  async function exchange(
    accessToken: string,
    url: string,
    req: UpstreamRequest,
    deadline: number,
    scope: CallScope,
    extraHeaders: Record<string, string> = {},
  ): Promise<Exchange> {
    const idempotent = (req.method ?? 'GET') === 'GET';
    for (let attemptNumber = 1; ; attemptNumber++) {
      const lastAttempt = !idempotent || attemptNumber >= retry.maxAttempts;
      let wait: number | undefined;
      try {
        const response = await attempt(accessToken, url, req, extraHeaders, deadline, scope);
        if (lastAttempt) return response;
        if (RETRYABLE_STATUSES.has(response.status)) wait = backoffDelay(retry, attemptNumber);
        if (response.status === 429) {
          const asked = retryAfterMs(response.headers['retry-after']);
          wait = asked === undefined ? backoffDelay(retry, attemptNumber) : asked <= retry.maxRetryAfterMs ? asked : undefined;
        }
        if (wait === undefined || Date.now() + wait >= deadline) return response;
      } catch (error) {
        if (lastAttempt || !(error instanceof UpstreamError) || !error.retryable) throw error;
        wait = backoffDelay(retry, attemptNumber);
        if (Date.now() + wait >= deadline) throw error;
      }
      stats.retries++;
      await sleep(wait, undefined, scope.signal ? { signal: scope.signal } : undefined).catch(() => undefined);
      if (scope.signal?.aborted) throw clientGoneError();
    }
  }

  /** A GET through the shared cache (its rules: http-cache.ts); `cache` is undefined when this answer must not be shared. */
  async function cachedGet<T>(
    accessToken: string,
    url: string,
    key: string,
    req: UpstreamRequest,
    deadline: number,
    cache: HttpCache | undefined,
    scope: CallScope,
  ): Promise<CachedAnswer<T>> {
    const { entry, fresh, validators } = await lookup(cache, key, url);
    if (fresh && entry) return { body: entry.body as T, freshUntil: entry.freshUntil };
    const response = await exchange(accessToken, url, req, deadline, scope, validators);
    if (cache && entry && response.status === 304) return revalidated<T>(cache, key, entry, url, response);
    return storeAnswer(cache, key, url, response, () => parseBody<T>(response));
  }

  async function send<T>(
    accessToken: string | undefined,
    req: UpstreamRequest,
    deadline?: number,
    observe?: FreshnessObserver,
    scope: CallScope = {},
  ): Promise<T> {
    if (!accessToken) throw missingCredentialError();
    const url = urlOf(req);
    const until = deadline ?? Date.now() + options.timeoutMs;
    if ((req.method ?? 'GET') !== 'GET' || req.unshared) {
      observe?.(0);
      return parseBody<T>(await exchange(accessToken, url, req, until, scope));
    }
    // A session's answers are its own and change with its writes: never shared, whatever
    // their Cache-Control says (a proxy may well call them public).
    const shared = isSessionBound(req.path, req.query) ? undefined : cache;
    // Identical GETs in flight (same URL, same credential) share one exchange and its answer.
    const key = cache?.keyOf(accessToken, url) ?? `${accessToken}\n${url}`;
    let promise = inFlight.get(key) as Promise<CachedAnswer<T>> | undefined;
    if (promise) {
      stats.coalesced++;
      // The shared call runs on its first caller's deadline; a joiner still keeps its own.
      promise = withinDeadline(promise, until);
    } else {
      promise = cachedGet<T>(accessToken, url, key, req, until, shared, scope).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
    }
    const { body, freshUntil } = await promise;
    observe?.(Math.max(0, freshUntil - Date.now()));
    return body;
  }

  return {
    send,
    urlOf,
    stats,
    cache,
    breakers,
    rateBudget: budget,
    pool: () => poolLoad(dispatcher),
    redis: options.redis,
    async close() {
      if (ownsDispatcher) await dispatcher.close();
      await options.redis?.close();
    },
  };
}
