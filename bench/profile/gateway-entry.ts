/**
 * The gateway as its own process, for profiling: built by src/gateway.ts createGateway itself, with
 * the parts it lets leave out (src/graphql/gateway-parts.ts) chosen here, so that each part can be left
 * out or measured without a copy of the gateway. Settings come from the environment as for
 * `npm start` (loadConfig), plus:
 *
 * - PROFILE_BUILD: `gateway` (default: every part, production's Yoga settings) or `custom` (the
 *   parts and Yoga settings the next settings choose).
 * - PROFILE_PLUGINS: comma list of the parts `custom` keeps (GATEWAY_PARTS), default `all`;
 *   `none` keeps none.
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
import type { Plugin } from 'graphql-yoga';
import { loadConfig } from '../../src/runtime/config.ts';
import { GATEWAY_PARTS, KEEP_ALL, keepingAllBut } from '../../src/graphql/gateway-parts.ts';
import { createHttpServer } from '../../src/http/serve.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { createGateway } from '../../src/gateway.ts';

const env = process.env;
const config = { ...loadConfig(), catalogBaseUrl: env.CATALOG_BASE_URL! };
const logger = createLogger(config.logLevel);
const build = env.PROFILE_BUILD ?? 'gateway';
const custom = build === 'custom';
if (!custom && build !== 'gateway') throw new Error(`PROFILE_BUILD is gateway or custom, not ${build}`);
const listed = (value: string | undefined) => (value ?? '').split(',').filter((name) => name !== '');
const kept = listed(env.PROFILE_PLUGINS ?? 'all');
const keptParts = kept.includes('all') ? [...GATEWAY_PARTS] : kept.filter((name) => name !== 'none');
const keeps = custom
  ? keepingAllBut([...GATEWAY_PARTS.filter((part) => !keptParts.includes(part)), ...listed(env.PROFILE_WITHOUT)])
  : KEEP_ALL;
// A name in PROFILE_PLUGINS that is no part would otherwise keep nothing in silence.
keepingAllBut(keptParts);

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
const gateway = createGateway(config, logger, {
  keeps,
  // The recording plugins only when asked for: `custom` alone must measure like `gateway`.
  instrument: recording ? { first: [usePhaseMarks], last: [useParseCounter] } : undefined,
  yoga: custom
    ? {
        maskedErrors: env.PROFILE_MASKED === 'off' ? false : undefined,
        maxRequestBodySize: env.PROFILE_YOGA_BODY_LIMIT === 'on' ? config.limits.bodyBytes : undefined,
      }
    : undefined,
});
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
