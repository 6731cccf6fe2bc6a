import type * as z from 'zod';
import { changeSettings } from './changes.ts';
import { cacheSettings, deliverySettings } from './delivery.ts';
import { type SettingGroup, settingMeta } from './kinds.ts';
import { limitSettings } from './limits.ts';
import { accessSettings, httpSettings, processSettings } from './server.ts';
import { upstreamSettings } from './upstream.ts';

/** Every setting, by topic, in the order docs/configuration.md and the error lines show them. */
export const settingGroups: readonly SettingGroup[] = [
  processSettings,
  httpSettings,
  accessSettings,
  upstreamSettings,
  limitSettings,
  cacheSettings,
  changeSettings,
  deliverySettings,
];

const shape = {
  ...processSettings.settings,
  ...httpSettings.settings,
  ...accessSettings.settings,
  ...upstreamSettings.settings,
  ...limitSettings.settings,
  ...cacheSettings.settings,
  ...changeSettings.settings,
  ...deliverySettings.settings,
};

type Env = Record<string, string | undefined>;
/** Each variable's value, typed by its declaration. */
type Values = { [K in keyof typeof shape]: z.output<(typeof shape)[K]> };

/** One wrong variable and what is wrong with it; `problem` never quotes a secret. */
export interface ConfigProblem {
  variable: string;
  problem: string;
}

/** A configuration refused: every wrong variable, one line each (`Invalid configuration: NAME …`). */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];
  /** The first variable named (the only one, for a single problem). */
  readonly variable: string;
  constructor(variable: string, problem: string);
  constructor(problems: readonly ConfigProblem[]);
  constructor(first: string | readonly ConfigProblem[], problem = '') {
    const problems = typeof first === 'string' ? [{ variable: first, problem }] : first;
    super(problems.map((p) => `Invalid configuration: ${p.variable} ${p.problem}`).join('\n'));
    this.problems = problems;
    this.variable = problems[0]?.variable ?? '';
    this.name = 'ConfigError';
  }
}

/** Under NODE_ENV=production, an unset variable with a production default reads as that default. */
function withProductionDefaults(env: Env): Env {
  // Read as the NODE_ENV setting is (trimmed), so these defaults and the production rule agree.
  if (env.NODE_ENV?.trim() !== 'production') return env;
  const filled: Env = { ...env };
  for (const [name, schema] of Object.entries(shape)) {
    const production = settingMeta.get(schema)?.production;
    if (production && !env[name]?.trim()) filled[name] = production();
  }
  return filled;
}

/** A rule across settings: checked when the variables it reads are valid, named after `variable`. */
interface Rule {
  reads: readonly (keyof Values)[];
  variable: keyof Values;
  broken(values: Values): boolean;
  problem: string;
}

/** Typed by the variables it reads, so a rule cannot look at one it does not list. */
function rule<K extends keyof Values>(reads: readonly K[], variable: K, broken: (v: Pick<Values, K>) => boolean, problem: string): Rule {
  return { reads, variable, broken, problem };
}

const RULES = [
  rule(
    ['PERSISTED_OPERATIONS_ONLY', 'PERSISTED_OPERATIONS_FILE'],
    'PERSISTED_OPERATIONS_ONLY',
    (v) => v.PERSISTED_OPERATIONS_ONLY && v.PERSISTED_OPERATIONS_FILE === undefined,
    'needs PERSISTED_OPERATIONS_FILE, the manifest of the operations allowed',
  ),
  // A production deploy that forgot the upstream must not serve the fake catalog and look healthy.
  rule(
    ['NODE_ENV', 'CATALOG_BASE_URL', 'CATALOG_EMBEDDED'],
    'CATALOG_BASE_URL',
    (v) => v.NODE_ENV === 'production' && v.CATALOG_BASE_URL === undefined && !v.CATALOG_EMBEDDED,
    'must be set when NODE_ENV=production, or the embedded catalog would serve invented data; CATALOG_EMBEDDED=true asks for it on purpose',
  ),
];

/**
 * Every variable is parsed on its own, then the rules across them: a zod object would skip its
 * refinements once any field failed hard (a bad switch), and drop those lines.
 */
function parse(env: Env): { values: Values; problems: ConfigProblem[] } {
  const values: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    const result = schema.safeParse(env[name]);
    if (result.success) values[name] = result.data;
    else problems.push({ variable: name, problem: result.error.issues[0]?.message ?? 'is not valid' });
  }
  for (const { reads, variable, broken, problem } of RULES) {
    if (reads.every((name) => name in values) && broken(values as Values)) problems.push({ variable, problem });
  }
  return { values: values as Values, problems };
}

/** The settings as the code uses them, grouped as its parts take them. */
function toConfig(v: Values) {
  const requestTimeoutMs = v.HTTP_REQUEST_TIMEOUT_MS;
  return {
    workers: v.WORKERS,
    port: v.PORT,
    host: v.HOST,
    catalogBaseUrl: v.CATALOG_BASE_URL,
    catalogEmbedded: v.CATALOG_EMBEDDED,
    catalogAccessToken: v.CATALOG_ACCESS_TOKEN,
    approvalBaseUrl: v.CATALOG_APPROVAL_BASE_URL,
    upstreamMaxBodyBytes: v.UPSTREAM_MAX_BODY_BYTES,
    upstreamTimeoutMs: v.UPSTREAM_TIMEOUT_MS,
    requestDeadlineMs: v.REQUEST_DEADLINE_MS,
    upstreamMaxConnections: v.UPSTREAM_MAX_CONNECTIONS,
    // 0: the cache is off.
    cacheMaxBytes: v.CACHE_ENABLED ? v.CACHE_MAX_BYTES : 0,
    appendToResponse: v.CATALOG_APPEND_TO_RESPONSE,
    responseCacheMaxBytes: v.RESPONSE_CACHE_ENABLED ? v.RESPONSE_CACHE_MAX_BYTES : 0,
    responseCacheMaxTtlMs: v.RESPONSE_CACHE_MAX_TTL_MS,
    parseCacheMaxBytes: v.PARSE_CACHE_MAX_BYTES,
    breakerThreshold: v.CIRCUIT_BREAKER_THRESHOLD,
    breakerCooldownMs: v.CIRCUIT_BREAKER_COOLDOWN_MS,
    logLevel: v.LOG_LEVEL as string,
    graphiql: v.GRAPHIQL,
    introspection: v.INTROSPECTION,
    limits: {
      depth: v.MAX_DEPTH,
      aliases: v.MAX_ALIASES,
      directives: v.MAX_DIRECTIVES,
      tokens: v.MAX_TOKENS,
      cost: v.MAX_COST,
      responseBytes: v.MAX_RESPONSE_BYTES,
      bodyBytes: v.MAX_BODY_BYTES,
      batch: v.MAX_BATCH,
    },
    http: {
      requestTimeoutMs,
      // Node requires the headers timeout not to exceed the request timeout.
      headersTimeoutMs: Math.min(v.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs),
      keepAliveTimeoutMs: v.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      shutdownDelayMs: v.SHUTDOWN_DELAY_MS,
      shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
      corsOrigins: v.CORS_ORIGINS,
      trustedProxies: v.TRUSTED_PROXIES,
    },
    redisUrl: v.REDIS_URL,
    upstreamRateLimit: v.UPSTREAM_RATE_LIMIT,
    persistedOperationsFile: v.PERSISTED_OPERATIONS_FILE,
    persistedOperationsOnly: v.PERSISTED_OPERATIONS_ONLY,
    subgraphToken: v.SUBGRAPH_TOKEN,
    subgraphPrefix: v.SUBGRAPH_PREFIX,
    metricsToken: v.METRICS_TOKEN,
    upstreamMaxPauseMs: v.UPSTREAM_MAX_PAUSE_MS,
    apqMaxPerClient: v.APQ_MAX_PER_CLIENT,
    graphiqlMaxConcurrent: v.GRAPHIQL_MAX_CONCURRENT,
    graphiqlWriteTimeoutMs: v.GRAPHIQL_WRITE_TIMEOUT_MS,
    writeTimeoutMs: v.WRITE_TIMEOUT_MS,
    changes: {
      pollMs: v.CHANGES_POLL_MS,
      feedMaxAgeMs: v.CACHE_FEED_MAX_AGE_MS,
      subscriptionsMax: v.CHANGES_SUBSCRIPTIONS_MAX,
      subscriptionsPerClient: v.CHANGES_SUBSCRIPTIONS_PER_CLIENT,
    },
    delivery: {
      apqMaxBytes: v.APQ_ENABLED ? v.APQ_MAX_BYTES : 0,
      maxAgeMs: v.CACHE_CONTROL_MAX_AGE_MS,
      // undefined: never compress.
      compressionMinBytes: v.COMPRESSION_ENABLED ? v.COMPRESSION_MIN_BYTES : undefined,
    },
  };
}

/** A setting that may be unset is an optional property, as callers building a Config in tests expect. */
type UnsetIsOptional<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K] extends readonly unknown[]
    ? T[K]
    : T[K] extends object
      ? UnsetIsOptional<T[K]>
      : T[K];
} & { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] };

/** The configuration the code uses; what each value means is in the setting's declaration. */
export type Config = UnsetIsOptional<ReturnType<typeof toConfig>>;
export type QueryLimits = Config['limits'];
export type HttpSettings = Config['http'];
export type DeliverySettings = Config['delivery'];

/**
 * Configuration from the environment, validated once at start. A bad start names every wrong
 * variable at once, one line each, in a ConfigError.
 */
export function loadConfig(env: Env = process.env): Config {
  const { values, problems } = parse(withProductionDefaults(env));
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(values);
}
