/*
 * The upstream's request vocabulary: what a call asks for and what its steps share and count.
 * Its own file, so that the steps (the exchange and its retries, the HTTP cache's GET, the shared
 * calls), the domain files (`param`) and the client that assembles them all import it from below,
 * and none imports the client back.
 */

/**
 * A path segment that carries a string a user chose (a review id, an id in another database, a
 * session id). Marked so the route template counts it as a parameter: a route must name the
 * endpoint, never the value, or every value would get a circuit of its own.
 */
export interface PathParam {
  readonly param: string;
}

/** A literal string (part of the endpoint's name), a number (an id) or a marked user value. */
export type PathSegment = string | number | PathParam;

export function param(value: string): PathParam {
  return { param: value };
}

export type QueryValue = string | number | boolean | undefined;

export interface UpstreamRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /**
   * Path segments below the base URL; each one is encoded, so none can add a path or a
   * parameter. A string a user chose goes in as `param(value)` (above).
   */
  path: ReadonlyArray<PathSegment>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  /**
   * Never shared: a GET that mints a credential (request token, guest session) must not join an
   * identical call in flight or be answered from the cache, or two users would get the same one.
   */
  unshared?: boolean;
  /**
   * The readiness check's own call: it takes no turn of the rate budget, so a busy or paused
   * budget (a limit of our own making) never reads as the upstream failing. At most one a second.
   */
  probe?: boolean;
}

/**
 * Told, for each answer a call returned, how long that answer stays fresh in the shared cache
 * (0 when it was not stored: private, no-store, session-bound, a write, the cache off). A composed GraphQL
 * response is as fresh as its stalest part.
 */
export type FreshnessObserver = (freshForMs: number, tags?: readonly string[]) => void;

/**
 * The calls one HTTP request may make (MAX_COST), shared by the operations of a batch; each call
 * sent takes one, and one past the last is refused unsent (CallBudgetSpentError).
 */
export interface CallAllowance {
  readonly max: number;
  spent: number;
}

/** What one GraphQL request's calls share, besides the credential and the deadline. */
export interface CallScope {
  /** The request's call budget: checked and spent here, before any other step. */
  allowance?: CallAllowance;
  /** The operation's count of the calls it asked for (cache hits included), for `extensions.cost`. */
  tally?: { calls: number };
  /** The request's own lane of the rate budget (any id unique to the request). */
  lane?: string;
  /**
   * Who the request comes from (its address, an IPv6 one as its /64): credentials the upstream
   * has not accepted yet wait in one lane per client, so invented tokens from one address never
   * hold the turns of another's first call.
   */
  client?: string;
  /** Aborts when the client has gone: a call not yet made is not made, one in flight is cut. */
  signal?: AbortSignal;
}

/**
 * What the steps of one call (the HTTP cache's GET, retries, attempt) run under: its waiters, seen from
 * below (shared-call.ts). Read each time it is needed, since waiters come and go while it runs.
 */
export interface CallRun {
  /** The latest deadline (epoch ms) of the waiters still there. */
  deadline(): number;
  /** Aborts when every waiter has gone (its client hung up, or its deadline came): only then is the call cut. */
  signal: AbortSignal;
  /** Each waiter's request lane (undefined: it has none), those who join later too, until stopped. */
  watchLanes(onLane: (lane: string | undefined) => void): () => void;
  /** The client of the call's first waiter still there (CallScope.client). */
  client(): string | undefined;
  /** The call budget of the call's first waiter still there (CallScope.allowance): its retries spend it. */
  allowance(): CallAllowance | undefined;
}

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
