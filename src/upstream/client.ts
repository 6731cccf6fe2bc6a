import { Agent, type Dispatcher } from 'undici';
import { createAttempt, type ExchangeObserver, withRetries } from './exchange.ts';
import { createCoalescer, runAlone } from './shared-call.ts';
import { type Clock, systemClock } from '../common/clock.ts';
import type { RateBudget } from '../fleet/rate-budget.ts';
import type { RedisConnection } from '../fleet/redis.ts';
import {
  badPathSegmentError,
  CallBudgetSpentError,
  DEFAULT_MAX_BODY_BYTES,
  missingCredentialError,
  missingKeyError,
  parseBody,
} from './answer.ts';
import type { FleetCacheStore } from '../fleet/cache-store.ts';
import { cachedGet, createHttpCache, type HttpCache } from './http-cache.ts';
import { Breakers, DEFAULT_BREAKER, DEFAULT_RETRY, type BreakerOptions, type RetryPolicy } from './resilience.ts';
import type { CallScope, FreshnessObserver, PathSegment, UpstreamRequest, UpstreamStats } from './request.ts';

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
  /** Bytes of the HTTP cache's index by the objects its entries carried; 0 or absent when the change feeds are off. */
  cacheTagIndexBytes?: number;
  /** Where the fleet shares the HTTP cache (Redis); the in-process cache stays in front of it. */
  fleetCache?: FleetCacheStore;
  /** Turns for upstream calls (UPSTREAM_RATE_LIMIT) and the pauses a 429 asks for. */
  rateBudget?: RateBudget;
  /** The Redis connection behind the fleet's cache and budget: shown as `redis`, closed with the client. */
  redis?: RedisConnection;
  /** Told of every exchange (metrics); tracing needs no option (exchange.ts). */
  observer?: ExchangeObserver;
  /** The server's own token (CATALOG_ACCESS_TOKEN): a credential the budget trusts before any answer (exchange.ts). */
  serverToken?: string;
  /**
   * The clock deadlines, retry waits and circuits read (the system's; a test's to check them
   * without waiting). The HTTP cache reads `Date`, as http-cache-semantics does.
   */
  clock?: Clock;
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
  /** Runs `stop` first when the client closes (the change feeds' poller). */
  onClose(stop: () => void | Promise<void>): void;
  close(): Promise<void>;
}

function segmentText(segment: PathSegment): string {
  return typeof segment === 'object' ? segment.param : String(segment);
}

/**
 * The encoded path. Each segment is percent-encoded, so none can add a path or a parameter.
 * Empty, "." and ".." segments are refused: URL parsers (undici's included) resolve "." and
 * ".." even when percent-encoded as %2E, so such a value would reach another resource, and an
 * empty one would join its neighbours into another path. A number is an id or a season or
 * episode number: arguments are validated before they get here, so one that is missing, NaN or
 * not a whole number came from an answer that left a key out, and is refused before any call
 * (never `/season/undefined/episode/1`).
 */
export function encodePath(path: ReadonlyArray<PathSegment>): string {
  // A loop rather than map and join: every load is keyed by its URL, so this runs for each.
  let encoded = '';
  for (const segment of path as ReadonlyArray<PathSegment | null | undefined>) {
    if (segment === undefined || segment === null) throw missingKeyError();
    if (typeof segment === 'number' && !(Number.isSafeInteger(segment) && segment >= 0)) throw missingKeyError();
    if (typeof segment === 'object' && typeof segment.param !== 'string') throw missingKeyError();
    const value = segmentText(segment);
    if (value === '' || value === '.' || value === '..') throw badPathSegmentError();
    encoded += encoded === '' ? encodeURIComponent(value) : `/${encodeURIComponent(value)}`;
  }
  return encoded;
}

/**
 * Whether a call acts for one user's session: a session id in the query, or a guest session's
 * own path. Its answer belongs to that session alone and changes with every write the session
 * makes, so it is never kept in a shared cache, whatever the upstream's Cache-Control says.
 */
export function isSessionBound(path: ReadonlyArray<PathSegment>, query: Readonly<Record<string, unknown>> = {}): boolean {
  if (query.session_id !== undefined || query.guest_session_id !== undefined) return true;
  return path.some((segment, index) => segment === 'guest_session' && index + 1 < path.length);
}

/** Running and queued exchanges of undici's pools (an Agent keeps one pool per origin). */
function poolLoad(dispatcher: Dispatcher): { running: number; queued: number } {
  const stats = (dispatcher as { stats?: Record<string, { running?: number; pending?: number }> }).stats ?? {};
  let running = 0;
  let queued = 0;
  for (const pool of Object.values(stats)) {
    running += pool.running ?? 0;
    queued += pool.pending ?? 0;
  }
  return { running, queued };
}

/**
 * The query's names in the order `localeCompare` gives (a call's URL, and so its cache key, stays
 * as it was), from one collator made once: `localeCompare` without a locale looks one up for every
 * comparison (urlOf took about 2 % of the CPU of the movie page, docs/performance.md).
 */
const byName = new Intl.Collator().compare;

/**
 * A call's query as URLSearchParams writes it, names in `byName` order, values left out when
 * undefined. Written by hand: a URLSearchParams, an entries array and its sort per call were 7 %
 * of what an uncached (c) answer allocates, as every load is keyed by its URL
 * (docs/performance.md, "The upstream URL written once per load").
 */
export function queryText(query: Readonly<Record<string, unknown>>): string {
  const names: string[] = [];
  for (const name of Object.keys(query)) if (query[name] !== undefined) names.push(name);
  if (names.length > 1) names.sort(byName);
  let text = '';
  for (const name of names) text += `${text === '' ? '' : '&'}${formEncoded(name)}=${formEncoded(String(query[name]))}`;
  return text;
}

/** What application/x-www-form-urlencoded leaves as it is (URLSearchParams' own set). */
const FORM_SAFE = /^[\w*.-]*$/;

/** `text` as URLSearchParams encodes it: a space as `+`, and `!'()~` escaped too. */
function formEncoded(text: string): string {
  if (FORM_SAFE.test(text)) return text;
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate, which encodeURIComponent refuses: URLSearchParams' own U+FFFD for it.
    return new URLSearchParams([['', text]]).toString().slice(1);
  }
  return encoded.replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
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
  const cache = options.cacheMaxBytes
    ? createHttpCache(options.cacheMaxBytes, { fleet: options.fleetCache, tagIndexBytes: options.cacheTagIndexBytes })
    : undefined;
  const budget = options.rateBudget;
  const stats: UpstreamStats = { calls: 0, coalesced: 0, retries: 0, shortCircuited: 0 };
  const retry = options.retry ?? DEFAULT_RETRY;
  const clock = options.clock ?? systemClock;
  const breakers = new Breakers(options.breaker ?? DEFAULT_BREAKER, clock.now);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  // Each request's URL, written once: a loader keys a load by it, then sends the same request.
  const urls = new WeakMap<UpstreamRequest, string>();
  function urlOf(req: UpstreamRequest): string {
    let url = urls.get(req);
    if (url !== undefined) return url;
    const path = encodePath(req.path);
    const query = req.query ? queryText(req.query) : '';
    url = query ? `${base}/${path}?${query}` : `${base}/${path}`;
    urls.set(req, url);
    return url;
  }

  // The request function's steps, innermost first: one exchange, its retries, the shared in-flight GET.
  const attempt = createAttempt({
    dispatcher,
    timeoutMs: options.timeoutMs,
    maxBodyBytes,
    breakers,
    stats,
    budget,
    observer: options.observer,
    serverToken: options.serverToken,
    clock,
  });
  const exchange = withRetries(attempt, retry, stats, clock);
  const coalesce = createCoalescer(stats, clock);

  async function send<T>(
    accessToken: string | undefined,
    req: UpstreamRequest,
    deadline?: number,
    observe?: FreshnessObserver,
    scope: CallScope = {},
  ): Promise<T> {
    const { allowance, tally } = scope;
    if (allowance) {
      if (allowance.spent >= allowance.max) throw new CallBudgetSpentError(allowance.max);
      allowance.spent++;
    }
    if (tally) tally.calls++;
    if (!accessToken) throw missingCredentialError();
    const url = urlOf(req);
    const waiter = {
      deadline: deadline ?? clock.now() + options.timeoutMs,
      signal: scope.signal,
      lane: scope.lane,
      client: scope.client,
      allowance,
    };
    if ((req.method ?? 'GET') !== 'GET' || req.unshared) {
      observe?.(0);
      return parseBody<T>(await runAlone(waiter, (run) => exchange(accessToken, url, req, run), clock));
    }
    // A session's answers are its own and change with its writes: never shared, whatever
    // their Cache-Control says (a proxy may well call them public).
    const shared = isSessionBound(req.path, req.query) ? undefined : cache;
    // Identical GETs in flight (same URL, same credential) share one exchange and its answer.
    const key = cache?.keyOf(accessToken, url) ?? `${accessToken}\n${url}`;
    const promise = coalesce(key, waiter, (run) => cachedGet<T>(exchange, accessToken, url, key, req, shared, run));
    const { body, freshUntil, tags } = await promise;
    observe?.(Math.max(0, freshUntil - Date.now()), tags);
    return body;
  }

  const stops: Array<() => void | Promise<void>> = [];
  return {
    send,
    urlOf,
    stats,
    cache,
    breakers,
    rateBudget: budget,
    pool: () => poolLoad(dispatcher),
    redis: options.redis,
    onClose: (stop) => void stops.push(stop),
    async close() {
      await Promise.all(stops.map((stop) => stop()));
      if (ownsDispatcher) await dispatcher.close();
      await options.redis?.close();
    },
  };
}
