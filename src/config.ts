import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';

/**
 * Configuration from the environment, validated once at start.
 * A bad value stops the start with one line naming the variable.
 */
export interface Config {
  /**
   * Gateway processes on the one port (node:cluster); 1 = one process, no primary. Default: the
   * available cores when NODE_ENV=production (the production start), else 1. Caches are per process.
   */
  workers: number;
  port: number;
  host: string;
  /** Upstream base URL including its version segment; undefined = start the embedded catalog (in production, only with CATALOG_EMBEDDED=true). */
  catalogBaseUrl?: string;
  /** Server-side bearer token, used when a request carries none. */
  catalogAccessToken?: string;
  /**
   * Base URL of the catalog site page where users approve request tokens
   * (`<base>/authenticate/<token>`). Its own setting, so an upstream reached through an internal
   * proxy never leaks that proxy's host to users. Default: the real service's public site.
   */
  approvalBaseUrl: string;
  /** Largest upstream answer body read, in bytes; a larger one fails its field, never the process. */
  upstreamMaxBodyBytes: number;
  /** Deadline for one upstream call, in milliseconds. */
  upstreamTimeoutMs: number;
  /** Deadline for all upstream work of one GraphQL request (retries and waits included). */
  requestDeadlineMs: number;
  /** Most upstream requests in flight at once; more wait their turn within their deadline. */
  upstreamMaxConnections: number;
  /** Bytes of the shared upstream HTTP cache; 0 when the cache is off. */
  cacheMaxBytes: number;
  /** Consecutive upstream failures that open the circuit breaker. */
  breakerThreshold: number;
  /** How long the open circuit fails fast before it lets one probe through. */
  breakerCooldownMs: number;
  /** Bytes of the whole-response cache in front of Yoga; 0 when it is off. */
  responseCacheMaxBytes: number;
  /** Longest a whole response is kept, even when its upstream answers stay fresh longer. */
  responseCacheMaxTtlMs: number;
  /** Merge sub-resource loads of one parent into one call with append_to_response. */
  appendToResponse: boolean;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** Whether the GraphiQL page is served. */
  graphiql: boolean;
  /** Whether introspection is allowed; when it is not, field suggestions are hidden too. */
  introspection: boolean;
  limits: QueryLimits;
  http: HttpSettings;
  /** Redis for what the fleet shares (upstream HTTP cache, rate budget, persisted queries); undefined = in process. */
  redisUrl?: string;
  /** Upstream requests per second for the whole fleet (per process without Redis); 0 = no budget. */
  upstreamRateLimit: number;
  /** Trusted documents: a JSON manifest of id → document (graphql-codegen's or Relay's). */
  persistedOperationsFile?: string;
  /** Only operations from the manifest run; anything else is refused. */
  persistedOperationsOnly: boolean;
  delivery: DeliverySettings;
  /**
   * A secret the federation router sends in `X-Subgraph-Token`: with it set, `/subgraph` answers
   * only requests that carry it, and is served in trusted-documents mode and gives `_service`
   * with introspection off. Undefined: `/subgraph` is public, and absent in those two modes.
   */
  subgraphToken?: string;
  /** A bearer token `/metrics` asks for; undefined = served to anyone who reaches the port. */
  metricsToken?: string;
  /** The longest pause a 429's Retry-After may put on a credential's route (it asked for a day: it gets this). */
  upstreamMaxPauseMs: number;
  /** Documents one client address may register by APQ per hour; more still run, unstored. */
  apqMaxPerClient: number;
  /** GraphiQL pages being written at once; one more visitor gets 503 (BUSY) with Retry-After. */
  graphiqlMaxConcurrent: number;
}

/** What the gateway does on the wire: persisted queries, caching headers, compression. */
export interface DeliverySettings {
  /** Bytes of the in-memory store of automatic persisted queries; 0 when APQ is off. */
  apqMaxBytes: number;
  /** The longest `max-age` a GET answer announces; 0 = every answer says `no-store`. */
  maxAgeMs: number;
  /** Answers at least this large are compressed (gzip or br, as the client accepts); undefined = never. */
  compressionMinBytes?: number;
}

/** How the HTTP server treats connections: timeouts, CORS and shutdown. */
export interface HttpSettings {
  /** Whole request (headers and body) must arrive within this, or the connection is cut (408). */
  requestTimeoutMs: number;
  /** Request headers must arrive within this. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** On SIGTERM/SIGINT, in-flight requests get this long to finish before connections are cut. */
  shutdownTimeoutMs: number;
  /** Origins allowed to call from a browser; undefined = any origin (credentials travel in headers, never cookies). */
  corsOrigins?: string[];
}

/** Bounds on what one client request may ask; each rejection names its limit. */
export interface QueryLimits {
  /** Deepest selection nesting. */
  depth: number;
  /** Aliases in one operation. */
  aliases: number;
  /** Directives in one operation. */
  directives: number;
  /** Tokens in one document. */
  tokens: number;
  /** Estimated upstream calls one operation can cause. */
  cost: number;
  /** Bytes of a request body. */
  bodyBytes: number;
  /** Operations in one batched request. */
  batch: number;
}

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.variable = variable;
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${env[name]}"`);
}

function oneOf(env: Env, name: string, fallback: string, allowed: string[]): string {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (!allowed.includes(raw)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${env[name]}"`);
  return raw;
}

function baseUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL such as https://api.themoviedb.org/3, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must use http or https, got "${url.protocol}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(name, 'must not carry a query, fragment or credentials');
  }
  return raw.replace(/\/+$/, '');
}

/** A host name or IP address to listen on; checked here so a typo is one clear line, not a stack trace. */
function listenHost(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const labels = raw.split('.');
  const hostname =
    raw.length <= 253 &&
    labels.every((label) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label)) &&
    !/^\d+$/.test(labels.at(-1) ?? '');
  if (!isIP(raw) && !hostname) throw new ConfigError(name, `must be an IP address or a host name, got "${raw}"`);
  return raw;
}

/** A comma-separated list of origins such as https://app.example.com. */
function origins(env: Env, name: string): string[] | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  return raw.split(',').map((item) => {
    const value = item.trim();
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value.replace(/\/$/, '')) {
      throw new ConfigError(name, `must be a comma-separated list of origins such as https://app.example.com, got "${value}"`);
    }
    return url.origin;
  });
}

/** A redis:// or rediss:// URL; its password is never echoed. */
function redisUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
    throw new ConfigError(name, 'must be a redis:// or rediss:// URL such as redis://localhost:6379');
  }
  return raw;
}

function token(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  // Never echo the value: it is a secret.
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new ConfigError(name, 'must be printable ASCII without spaces');
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const persistedOperationsOnly = boolean(env, 'PERSISTED_OPERATIONS_ONLY', false);
  const persistedOperationsFile = env.PERSISTED_OPERATIONS_FILE?.trim() || undefined;
  if (persistedOperationsOnly && !persistedOperationsFile) {
    throw new ConfigError('PERSISTED_OPERATIONS_ONLY', 'needs PERSISTED_OPERATIONS_FILE, the manifest of the operations allowed');
  }
  // Production never serves the fake catalog by accident: only when CATALOG_EMBEDDED=true asks for it.
  if (!boolean(env, 'CATALOG_EMBEDDED', false) && env.NODE_ENV === 'production' && !baseUrl(env, 'CATALOG_BASE_URL')) {
    throw new ConfigError('CATALOG_BASE_URL', 'must be set when NODE_ENV=production (or CATALOG_EMBEDDED=true to serve the demo catalog)');
  }
  const requestTimeoutMs = integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 100, 600_000);
  return {
    workers: integer(env, 'WORKERS', env.NODE_ENV === 'production' ? availableParallelism() : 1, 1, 64),
    port: integer(env, 'PORT', 4000, 0, 65535),
    host: listenHost(env, 'HOST', '0.0.0.0'),
    catalogBaseUrl: baseUrl(env, 'CATALOG_BASE_URL'),
    catalogAccessToken: token(env, 'CATALOG_ACCESS_TOKEN'),
    approvalBaseUrl: baseUrl(env, 'CATALOG_APPROVAL_BASE_URL') ?? 'https://www.themoviedb.org',
    upstreamMaxBodyBytes: integer(env, 'UPSTREAM_MAX_BODY_BYTES', 8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    upstreamTimeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', 10_000, 100, 120_000),
    requestDeadlineMs: integer(env, 'REQUEST_DEADLINE_MS', 15_000, 100, 300_000),
    upstreamMaxConnections: integer(env, 'UPSTREAM_MAX_CONNECTIONS', 20, 1, 1024),
    cacheMaxBytes: boolean(env, 'CACHE_ENABLED', true) ? integer(env, 'CACHE_MAX_BYTES', 32 * 1024 * 1024, 1024, 2 ** 40) : 0,
    appendToResponse: boolean(env, 'CATALOG_APPEND_TO_RESPONSE', true),
    responseCacheMaxBytes: boolean(env, 'RESPONSE_CACHE_ENABLED', true)
      ? integer(env, 'RESPONSE_CACHE_MAX_BYTES', 8 * 1024 * 1024, 1024, 2 ** 40)
      : 0,
    responseCacheMaxTtlMs: integer(env, 'RESPONSE_CACHE_MAX_TTL_MS', 60_000, 1, 86_400_000),
    breakerThreshold: integer(env, 'CIRCUIT_BREAKER_THRESHOLD', 5, 1, 1_000),
    breakerCooldownMs: integer(env, 'CIRCUIT_BREAKER_COOLDOWN_MS', 5_000, 10, 600_000),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    graphiql: boolean(env, 'GRAPHIQL', env.NODE_ENV !== 'production'),
    introspection: boolean(env, 'INTROSPECTION', env.NODE_ENV !== 'production'),
    limits: {
      depth: integer(env, 'MAX_DEPTH', 12, 1, 100),
      aliases: integer(env, 'MAX_ALIASES', 30, 0, 1_000),
      directives: integer(env, 'MAX_DIRECTIVES', 10, 0, 1_000),
      tokens: integer(env, 'MAX_TOKENS', 5_000, 10, 1_000_000),
      cost: integer(env, 'MAX_COST', 1_000, 1, 1_000_000),
      bodyBytes: integer(env, 'MAX_BODY_BYTES', 100_000, 100, 100_000_000),
      // 10: Apollo's BatchHttpLink sends up to 10 operations per request by default (batchMax).
      batch: integer(env, 'MAX_BATCH', 10, 1, 100),
    },
    http: {
      requestTimeoutMs,
      // Node requires the headers timeout not to exceed the request timeout.
      headersTimeoutMs: Math.min(integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000), requestTimeoutMs),
      keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
      shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
      corsOrigins: origins(env, 'CORS_ORIGINS'),
    },
    redisUrl: redisUrl(env, 'REDIS_URL'),
    upstreamRateLimit: integer(env, 'UPSTREAM_RATE_LIMIT', 0, 0, 100_000),
    persistedOperationsFile,
    persistedOperationsOnly,
    subgraphToken: token(env, 'SUBGRAPH_TOKEN'),
    metricsToken: token(env, 'METRICS_TOKEN'),
    upstreamMaxPauseMs: integer(env, 'UPSTREAM_MAX_PAUSE_MS', 60_000, 0, 3_600_000),
    apqMaxPerClient: integer(env, 'APQ_MAX_PER_CLIENT', 100, 0, 1_000_000),
    graphiqlMaxConcurrent: integer(env, 'GRAPHIQL_MAX_CONCURRENT', 8, 1, 1_000),
    delivery: {
      apqMaxBytes: boolean(env, 'APQ_ENABLED', true) ? integer(env, 'APQ_MAX_BYTES', 4 * 1024 * 1024, 1024, 2 ** 40) : 0,
      maxAgeMs: integer(env, 'CACHE_CONTROL_MAX_AGE_MS', 3_600_000, 0, 31_536_000_000),
      compressionMinBytes: boolean(env, 'COMPRESSION_ENABLED', true) ? integer(env, 'COMPRESSION_MIN_BYTES', 1024, 0, 2 ** 30) : undefined,
    },
  };
}
