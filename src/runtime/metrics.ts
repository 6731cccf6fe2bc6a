import { type FeedGauges, feedGauges } from './feed-metrics.ts';
import cluster from 'node:cluster';
import { LRUCache } from 'lru-cache';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ERROR_CODES } from '../common/error-codes.ts';
import { workerScrape } from './workers.ts';

/**
 * What `/metrics` shows, in Prometheus' text format (prom-client). Every label value comes from a closed set or is capped, so the
 * series stay bounded whatever clients send: at most MAX_OPERATIONS operation names, the most
 * used (and the manifest's), the rest as `other`, error codes outside the gateway's table as `OTHER`, upstream routes are
 * templates (`/movie/{id}`, never `/movie/550`), and no label ever holds a credential or an id.
 */

const MAX_OPERATIONS = 100;
/** Few buckets: each one is a series per operation name. */
const SECONDS = [0.005, 0.025, 0.1, 0.5, 2.5, 10];
const KNOWN_CODES = new Set<string>([...Object.keys(ERROR_CODES), 'UNCODED']);

/** What the metrics read from the upstream client when scraped. */
export interface UpstreamGauges {
  inFlight(): number;
  queued(): number;
  /** 0 closed, 1 half-open, 2 open: the host's circuit as `host`, each route's by its template. */
  circuits(): Record<string, number>;
  cache(): { hits: number; misses: number; evictions: number } | undefined;
  /** The fleet's Redis, when REDIS_URL is set. */
  redis(): { up: boolean; errors: number } | undefined;
  /** The upstream rate budget, when there is one. */
  budget(): { waits: number; refusals: number } | undefined;
  /** The change feeds' poller, when CHANGES_POLL_MS is on. */
  feeds(): FeedGauges | undefined;
}

export interface UpstreamCall {
  /** Route template, e.g. `/movie/{id}/credits`. */
  route: string;
  method: string;
  /** HTTP status, or 0 when no answer came (timeout, connection error). */
  status: number;
  seconds: number;
}

/** The labels of an operation's duration. */
export interface OperationLabels {
  operationName: string;
  operationType: string;
}

export interface Metrics {
  registry: Registry;
  /** The labels of one executed operation: its name (capped, see operationLabels) and its type. */
  operationLabels(name: string | undefined, type: string | undefined): OperationLabels;
  /** One operation executed (src/graphql/observed-operation.ts, the Yoga plugin that reads them). */
  operationDone(labels: OperationLabels, seconds: number): void;
  /** One GraphQL error in an answer, by its extensions.code (`UNCODED` without one). */
  graphqlError(code: string): void;
  /** Told of each upstream exchange. */
  upstreamCall(call: UpstreamCall): void;
  responseCacheHit(): void;
  /** The text of `/metrics`. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** Upstream route templates as labels: a bounded set (the circuits' own bound), later ones share `other`. */
function routeLabels(max: number) {
  const seen = new Set<string>();
  return (route: string): string => {
    if (seen.has(route)) return route;
    if (seen.size >= max) return 'other';
    seen.add(route);
    return route;
  };
}

/**
 * An operation's name as the gateway shows it, in `/metrics` labels, log lines and trace spans:
 * a GraphQL name of at most 64 characters, else `anonymous`. A client chooses the name, and a
 * document registered by APQ with a name of 30,000 characters made each later 224-byte request
 * by its hash write a log line of 30 KB.
 */
const SHOWN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function shownOperationName(name: string | undefined): string {
  return name !== undefined && SHOWN.test(name) ? name : 'anonymous';
}

const OPERATION_TYPES = ['query', 'mutation', 'subscription'];

/**
 * Operation names as labels, at most `max` of them besides `anonymous` and `other`. Names of
 * the trusted-documents manifest always keep theirs. The other slots go to the names used most:
 * when they are full, a name used more often than the least used label takes its slot (that
 * label's series are removed, so the series stay bounded). Junk names sent once each therefore
 * hold a slot only until real operations outnumber them, never for the life of the process.
 */
function operationLabels(max: number, pinned: ReadonlySet<string>, forget: (name: string) => void) {
  const labelled = new Map<string, number>();
  const candidates = new LRUCache<string, number>({ max: 10 * max });
  return (name: string | undefined): string => {
    const value = shownOperationName(name);
    if (value === 'anonymous' || pinned.has(value)) return value;
    const uses = labelled.get(value);
    if (uses !== undefined) {
      labelled.set(value, uses + 1);
      return value;
    }
    const seen = (candidates.get(value) ?? 0) + 1;
    if (labelled.size >= max) {
      let least: string | undefined;
      let leastUses = Number.POSITIVE_INFINITY;
      for (const [label, count] of labelled) {
        if (count < leastUses) [least, leastUses] = [label, count];
      }
      if (least === undefined || seen <= leastUses) {
        candidates.set(value, seen);
        return 'other';
      }
      labelled.delete(least);
      candidates.set(least, leastUses);
      forget(least);
    }
    candidates.delete(value);
    labelled.set(value, seen);
    return value;
  };
}

/** The operation names a manifest of trusted documents declares. */
export function operationNamesOf(documents: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const document of documents) {
    for (const [, name] of document.matchAll(/\b(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/g)) if (name) names.add(name);
  }
  return names;
}

export function createMetrics(
  upstream: UpstreamGauges,
  /** maxRoutes: the upstream circuits' own bound of routes (MAX_ROUTES), given by whoever assembles both. */
  options: { maxRoutes: number; maxOperations?: number; pinnedOperations?: ReadonlySet<string> },
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gateway_' });
  // The exact Node version tells an attacker which advisories apply; an operator knows it already.
  registry.removeSingleMetric('gateway_nodejs_version_info');
  const operationName = operationLabels(options.maxOperations ?? MAX_OPERATIONS, options.pinnedOperations ?? new Set(), (name) => {
    for (const operationType of OPERATION_TYPES) duration.remove({ operationName: name, operationType });
  });
  const routeLabel = routeLabels(options.maxRoutes);

  const errors = new Counter({
    name: 'gateway_graphql_errors_total',
    help: 'GraphQL errors in answers, by extensions.code.',
    labelNames: ['code'],
    registers: [registry],
  });
  const upstreamCalls = new Counter({
    name: 'gateway_upstream_calls_total',
    help: 'HTTP exchanges with the upstream, by route template, method and status (0: no answer).',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const upstreamDuration = new Histogram({
    name: 'gateway_upstream_call_duration_seconds',
    help: 'Duration of upstream exchanges, by route template.',
    labelNames: ['route'],
    buckets: SECONDS,
    registers: [registry],
  });
  const responseCacheHits = new Counter({
    name: 'gateway_response_cache_hits_total',
    help: 'Answers served whole from the response cache.',
    registers: [registry],
  });
  /** A gauge read when scraped: one value, or one per label value; undefined sets nothing (the part is off). */
  const gauge = (
    name: string,
    help: string,
    read: () => number | Record<string, number> | undefined,
    aggregator: 'sum' | 'max' | 'min' = 'sum',
  ) =>
    new Gauge({
      name,
      help,
      // How WORKERS processes add up in one scrape (src/runtime/workers.ts): counts sum, a state takes the worst.
      aggregator,
      labelNames: ['event'],
      registers: [registry],
      collect() {
        const value = read();
        if (typeof value === 'number') this.set(value);
        else for (const [event, count] of Object.entries(value ?? {})) this.set({ event }, count);
      },
    });
  gauge('gateway_upstream_in_flight', 'Upstream exchanges in flight now.', upstream.inFlight);
  gauge('gateway_upstream_queued', 'Upstream exchanges waiting for a connection now.', upstream.queued);
  new Gauge({
    name: 'gateway_upstream_circuit_state',
    help: 'Upstream circuits: 0 closed, 1 half-open, 2 open; circuit="host" for connection failures, else the route template whose 5xx answers it counts.',
    // WORKERS processes (src/runtime/workers.ts): each circuit shows its worst worker's state.
    aggregator: 'max',
    labelNames: ['circuit'],
    registers: [registry],
    collect() {
      for (const [circuit, state] of Object.entries(upstream.circuits())) this.set({ circuit }, state);
    },
  });
  gauge('gateway_http_cache_events', 'Upstream HTTP cache lookups and evictions since start, by event (hit, miss, eviction).', () => {
    const stats = upstream.cache();
    return stats && { hit: stats.hits, miss: stats.misses, eviction: stats.evictions };
  });
  gauge(
    'gateway_redis_up',
    'Whether the fleet Redis (REDIS_URL) answers: 1 up, 0 down (the gateway then serves from its own cache and the upstream).',
    () => {
      const redis = upstream.redis();
      return redis && (redis.up ? 1 : 0);
    },
    'min',
  );
  gauge('gateway_redis_errors', 'Redis commands that failed or timed out since start.', () => upstream.redis()?.errors);
  gauge(
    'gateway_upstream_rate_budget_events',
    'Upstream rate budget since start, by event: wait (a call waited for its turn), refusal (no turn before its deadline: RATE_LIMITED).',
    () => {
      const budget = upstream.budget();
      return budget && { wait: budget.waits, refusal: budget.refusals };
    },
  );

  feedGauges(gauge, upstream.feeds);

  const duration = new Histogram({
    name: 'gateway_graphql_request_duration_seconds',
    help: 'Time to execute a GraphQL operation, by operation name (capped) and type.',
    labelNames: ['operationName', 'operationType'],
    buckets: SECONDS,
    registers: [registry],
  });

  return {
    registry,
    operationLabels: (name, type) => ({ operationName: operationName(name), operationType: type ?? 'query' }),
    operationDone: (labels, seconds) => duration.observe(labels, seconds),
    graphqlError: (code) => errors.inc({ code: KNOWN_CODES.has(code) ? code : 'OTHER' }),
    upstreamCall: (call) => {
      const route = routeLabel(call.route);
      upstreamCalls.inc({ route, method: call.method, status: String(call.status) });
      upstreamDuration.observe({ route }, call.seconds);
    },
    responseCacheHit: () => responseCacheHits.inc(),
    // One of WORKERS processes answers for the instance, not for itself (src/runtime/workers.ts).
    scrape: cluster.isWorker ? workerScrape(registry) : async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}
