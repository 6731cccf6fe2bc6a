/**
 * The gateway as its own process, for profiling: the same parts as src/server.ts createGateway
 * (same schema, context, upstream client, HTTP front), assembled here so that each part can be
 * left out or measured without touching src/. Settings come from the environment as for
 * `npm start` (loadConfig), plus:
 *
 * - PROFILE_BUILD: `gateway` (default: src/server.ts createGateway itself) or `custom` (the copy
 *   below, whose parts the next settings choose).
 * - PROFILE_PLUGINS: comma list of what `custom` keeps, default `all`: persisted, defer-stream,
 *   armor-depth, armor-aliases, armor-directives, armor-tokens, armor-suggestions,
 *   introspection-depth, writes, no-introspection, client-errors, request-log, answer-outcome,
 *   metrics, phase-scopes (the resolvers' @defer phase wrapper).
 * - PROFILE_WITHOUT: comma list of parts `custom` leaves out of the above.
 * - PROFILE_MASKED: `off` turns Yoga's masked errors off (custom only).
 * - PROFILE_YOGA_BODY_LIMIT: `on` adds Yoga's own body bound (maxRequestBodySize) behind the
 *   front's, as the gateway had before docs/performance.md's finding 1 (custom only).
 * - PROFILE_FRONT: `plain` serves Yoga's own node adapter (createServer(yoga)) without the front.
 * - PROFILE_TIMELINE=1: performance.now() marks per request (timeline.ts reads them).
 * - PROFILE_COUNT=1: async resources (timers, ticks, promises, sockets) created per request.
 * - PROFILE_CACHES=1: counts real parse and validate runs against Yoga's hooks (cache hits).
 *
 * GET /__profile/stats answers what was recorded; GET /__profile/reset forgets it.
 */
import { createHook } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { createYoga, type Plugin } from 'graphql-yoga';
import { loadConfig } from '../../src/config.ts';
import { contextOptions, createContext } from '../../src/context.ts';
import { useClientErrors } from '../../src/errors.ts';
import { createCorsPolicy } from '../../src/http/cors.ts';
import { createHttpFront, useAnswerOutcome, type ServerContext } from '../../src/http/listener.ts';
import {
  createMemoryPersistedQueryStore,
  loadManifest,
  PERSISTED_PARAM_NAMES,
  persistedOperations,
} from '../../src/http/persisted-operations.ts';
import { createResponseCache } from '../../src/http/response-cache.ts';
import { usePhaseScopeLifetime, withPhaseScopes } from '../../src/http/incremental.ts';
import { useRequestLog } from '../../src/http/request-log.ts';
import { createHttpServer } from '../../src/http/serve.ts';
import { introspectionDepthRule } from '../../src/introspection-depth.ts';
import { createLogger } from '../../src/logger.ts';
import { createMetrics, type Metrics } from '../../src/metrics.ts';
import { protections } from '../../src/protections.ts';
import { schema } from '../../src/schema/index.ts';
import { createGateway } from '../../src/server.ts';
import { upstreamFromConfig } from '../../src/upstream/from-config.ts';

const env = process.env;
const config = { ...loadConfig(), catalogBaseUrl: env.CATALOG_BASE_URL! };
const logger = createLogger(config.logLevel);
const build = env.PROFILE_BUILD ?? 'gateway';
const kept = new Set((env.PROFILE_PLUGINS ?? 'all').split(','));
const left = new Set((env.PROFILE_WITHOUT ?? '').split(','));
const keeps = (name: string) => (kept.has('all') || kept.has(name)) && !left.has(name);

// ---- recording -------------------------------------------------------------------------------
const marks: Array<[string, number]> = [];
const timelines: Array<Array<[string, number]>> = [];
const counts: Record<string, number> = {};
const perRequestCounts: Array<Record<string, number>> = [];
const origins = new Map<string, number>();
const parse = { calls: 0, hooks: 0 };
const validate = { calls: 0, hooks: 0 };
let sockets = 0;
let inRequest = false;
const timeline = env.PROFILE_TIMELINE === '1';
const recording = timeline || env.PROFILE_COUNT === '1' || env.PROFILE_CACHES === '1';
const mark = (name: string) => {
  if (timeline && inRequest) marks.push([name, performance.now()]);
};

subscribe('undici:client:connected', () => sockets++);
if (timeline) {
  subscribe('undici:request:create', () => mark('undici request created'));
  subscribe('undici:client:sendHeaders', () => mark('undici headers written'));
  subscribe('undici:request:headers', () => mark('undici response headers'));
  subscribe('undici:request:trailers', () => mark('undici response complete'));
}
if (env.PROFILE_COUNT === '1') {
  createHook({
    init(_id, type, _trigger, resource) {
      if (!inRequest) return;
      // A timer is named by its delay, which says whose it is (10000: an upstream call's timeout).
      const delay = (resource as { _idleTimeout?: number })._idleTimeout;
      const key = type === 'Timeout' ? `Timeout(${delay} ms)` : type;
      counts[key] = (counts[key] ?? 0) + 1;
      // Where the short timers and the immediates come from: a 1 ms timer on the path is a 1 ms wait.
      if ((delay === 1 || type === 'Immediate') && origins.size < 20) {
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 30;
        const stack = (new Error().stack ?? '')
          .split('\n')
          .slice(1)
          .map((line) => line.trim().replace(/^at /, ''));
        Error.stackTraceLimit = limit;
        const own = stack.filter((line) => !/async_hooks|initAsyncResource|new Timeout|new Immediate|gateway-entry/.test(line));
        const origin = `${key}: ${own.slice(0, 5).join(' < ')}`;
        origins.set(origin, (origins.get(origin) ?? 0) + 1);
      }
    },
  }).enable();
}

/** First among the user plugins: marks each phase and counts real parse and validate runs. */
const usePhaseMarks: Plugin = {
  onRequestParse: () => {
    mark('yoga request parse');
    return { onRequestParseDone: () => mark('yoga request parsed') };
  },
  onParse: ({ parseFn, setParseFn }) => {
    parse.hooks++;
    mark('parse');
    setParseFn((...args: Parameters<typeof parseFn>) => {
      parse.calls++;
      return parseFn(...args);
    });
    return () => mark('parsed');
  },
  onValidate: ({ validateFn, setValidationFn }) => {
    validate.hooks++;
    mark('validate');
    setValidationFn((...args: Parameters<typeof validateFn>) => {
      validate.calls++;
      return validateFn(...args);
    });
    return () => mark('validated');
  },
  onContextBuilding: () => {
    mark('context');
    return () => mark('context built');
  },
  onExecute: () => {
    mark('execute');
    return { onExecuteDone: () => mark('executed') };
  },
  onResultProcess: () => mark('result process'),
};

/** Last of the user plugins: envelop runs after-hooks in plugin order, so these come last. */
const useParseCounter: Plugin = {
  // Armor's token limit replaces the parse function before this runs; wrap whatever is current.
  onParse: ({ parseFn, setParseFn }) => {
    setParseFn((...args: Parameters<typeof parseFn>) => {
      parse.calls++;
      return parseFn(...args);
    });
  },
};

// ---- the gateway -----------------------------------------------------------------------------
function customPlugins(metrics: Metrics): Plugin[] {
  const { limits } = config;
  const armorParts = ['armor-depth', 'armor-aliases', 'armor-directives', 'armor-tokens', 'armor-suggestions'];
  const persisted = persistedOperations({
    store: config.delivery.apqMaxBytes > 0 ? createMemoryPersistedQueryStore(config.delivery.apqMaxBytes) : undefined,
    manifest: config.persistedOperationsFile ? loadManifest(config.persistedOperationsFile) : undefined,
    only: config.persistedOperationsOnly,
  });
  const plugins: Array<Plugin | false> = [
    ...(keeps('persisted') ? persisted : []),
    keeps('defer-stream') && (useDeferStream() as Plugin),
    keeps('defer-stream') && usePhaseScopeLifetime,
    armorParts.some(keeps) &&
      (EnvelopArmorPlugin({
        maxDepth: { enabled: keeps('armor-depth'), n: limits.depth, exposeLimits: true, flattenFragments: true },
        maxAliases: { enabled: keeps('armor-aliases'), n: limits.aliases, exposeLimits: true },
        maxDirectives: { enabled: keeps('armor-directives'), n: limits.directives, exposeLimits: true },
        maxTokens: { enabled: keeps('armor-tokens'), n: limits.tokens, exposeLimits: true },
        costLimit: { enabled: false },
        blockFieldSuggestion: { enabled: keeps('armor-suggestions') && !config.introspection },
      }) as Plugin),
    keeps('introspection-depth') && { onValidate: ({ addValidationRule }) => addValidationRule(introspectionDepthRule()) },
    // protections()[2] is the writes fence (see src/protections.ts).
    keeps('writes') && protections(config)[2]!,
    keeps('no-introspection') && !config.introspection && (useDisableIntrospection() as Plugin),
    keeps('client-errors') && useClientErrors({ suggestions: config.introspection }),
    keeps('request-log') && useRequestLog(logger),
    keeps('answer-outcome') && (useAnswerOutcome as Plugin),
    ...(keeps('metrics') ? metrics.plugins : []),
  ];
  return plugins.filter((plugin): plugin is Plugin => plugin !== false);
}

function customGateway() {
  // Gauges read nothing here: only the per-request hooks and the per-call observer are measured.
  const metrics = createMetrics({
    inFlight: () => 0,
    queued: () => 0,
    circuits: () => ({ host: 0 }),
    cache: () => undefined,
    redis: () => undefined,
    budget: () => undefined,
  });
  const upstream = upstreamFromConfig(config, logger, keeps('metrics') ? metrics.upstreamCall : undefined);
  const requestContext = contextOptions(config);
  const yoga = createYoga<ServerContext>({
    schema: keeps('phase-scopes') ? withPhaseScopes(schema) : schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    cors: false,
    maskedErrors: env.PROFILE_MASKED === 'off' ? false : { isDev: false },
    // As src/server.ts: the front bounds every body; PROFILE_YOGA_BODY_LIMIT=on adds Yoga's own bound.
    maxRequestBodySize: env.PROFILE_YOGA_BODY_LIMIT === 'on' ? config.limits.bodyBytes : false,
    batching: { limit: config.limits.batch },
    extraParamNames: PERSISTED_PARAM_NAMES,
    // The recording plugins only when asked for: `custom` alone must measure like `gateway`.
    plugins: recording ? [usePhaseMarks, ...customPlugins(metrics), useParseCounter] : customPlugins(metrics),
    context: ({ request, freshness }) => createContext(upstream, request, requestContext, freshness),
    logging: false,
  });
  const responseCache =
    config.responseCacheMaxBytes > 0 && config.cacheMaxBytes > 0
      ? createResponseCache({ maxBytes: config.responseCacheMaxBytes, maxTtlMs: config.responseCacheMaxTtlMs })
      : undefined;
  const front = createHttpFront(yoga, {
    endpoint: '/graphql',
    maxBodyBytes: config.limits.bodyBytes,
    cors: createCorsPolicy(config.http.corsOrigins),
    cache: responseCache,
    serverToken: config.catalogAccessToken,
    logger,
    maxAgeMs: config.delivery.maxAgeMs,
    compressionMinBytes: config.delivery.compressionMinBytes,
  });
  return { yoga, front, upstream };
}

const gateway = build === 'custom' ? customGateway() : createGateway(config, logger);
const upstream = gateway.upstream;
if (timeline) {
  const send = upstream.send;
  upstream.send = (async (...args: Parameters<typeof send>) => {
    mark('upstream send');
    try {
      return await send(...args);
    } finally {
      mark('upstream answered');
    }
  }) as typeof send;
}

const inner: RequestListener = env.PROFILE_FRONT === 'plain' ? (gateway.yoga as unknown as RequestListener) : gateway.front.listener;

const listener: RequestListener = (request, response) => {
  if (request.url?.startsWith('/__profile/')) {
    if (request.url === '/__profile/reset') {
      marks.length = 0;
      timelines.length = 0;
      perRequestCounts.length = 0;
      for (const key of Object.keys(counts)) delete counts[key];
      parse.calls = parse.hooks = validate.calls = validate.hooks = 0;
      sockets = 0;
    }
    const body = {
      timelines,
      perRequestCounts,
      origins: [...origins.entries()],
      parse,
      validate,
      sockets,
      upstreamStats: upstream.stats,
      cache: upstream.cache?.stats,
    };
    return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
  // Nothing recorded: the gateway's own listener, with no wrapping of ours to pay for.
  if (!recording) return inner(request, response);
  // Requests are sequential in the timeline and count runs, so one "current request" is enough.
  inRequest = true;
  marks.length = 0;
  mark('request in');
  const end = response.end.bind(response);
  response.end = ((...args: Parameters<typeof end>) => {
    mark('response end');
    return end(...args);
  }) as typeof response.end;
  response.once('finish', () => {
    mark('response finished');
    inRequest = false;
    if (timeline) timelines.push([...marks]);
    if (env.PROFILE_COUNT === '1') {
      perRequestCounts.push({ ...counts });
      for (const key of Object.keys(counts)) delete counts[key];
    }
  });
  inner(request, response);
};

const server = env.PROFILE_FRONT === 'plain' ? createServer(listener) : createHttpServer(listener, config.http);
server.listen(Number(env.PORT ?? 0), env.HOST ?? '127.0.0.1', () => {
  console.log(
    `profiled gateway (${build}, ${env.PROFILE_PLUGINS ?? 'all'}) ready at http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
  );
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void upstream.close().then(() => process.exit(0)));
});
