import type { Server } from 'node:http';
import { createHttpServer } from '../src/http/serve.ts';
import type { AddressInfo } from 'node:net';
import { startCatalog, type CatalogOptions, type RunningCatalog } from '@media-catalog/catalog';
import { loadConfig, type Config } from '../src/runtime/config.ts';
import type { Logger } from 'pino';
import { createGateway, type Gateway, type GatewayOptions } from '../src/gateway.ts';
import type { UpstreamClient } from '../src/upstream/client.ts';
import type { Tracing } from '../src/runtime/tracing.ts';

export interface GraphQLResponse<Data = any> {
  status: number;
  /** The answer without `extensions.cost`, which varies with merging and limits and has its own tests. */
  body: {
    data?: Data;
    errors?: Array<{ message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }>;
    extensions?: Record<string, unknown>;
  };
  /** The answer's `extensions.cost` (src/graphql/cost-report.ts), when it has one. */
  cost?: { estimated: number; limit: number; upstreamCalls: number };
  text: string;
}

export interface Harness {
  catalog: RunningCatalog;
  /** The gateway's upstream client: its stats and cache. */
  upstream: UpstreamClient;
  /** The whole-response cache, when the config turns it on. */
  responseCache?: Gateway['responseCache'];
  /** The gateway's Yoga instance (for a test that asks Yoga's own entry the same). */
  yoga: Gateway['yoga'];
  /** The gateway's GraphQL endpoint. */
  url: string;
  query<Data = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphQLResponse<Data>>;
  /** GET from the catalog directly, with the demo token: the oracle for field-by-field checks. */
  rest<T = any>(path: string): Promise<T>;
  /** Calls the catalog received whose path matches. */
  callsTo(path: string | RegExp): number;
  /** HTTP requests the gateway has received so far. */
  served(): number;
  close(): Promise<void>;
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

export interface HarnessOptions {
  catalog?: CatalogOptions;
  /** Overrides of the gateway config; `catalogBaseUrl` defaults to the started catalog. */
  config?: Partial<Config>;
  /** The server-side token; defaults to the catalog's demo token, `null` for none. */
  serverToken?: string | null;
  /** Where the gateway logs; silent by default. */
  logger?: Logger;
  /** OpenTelemetry tracing for the gateway (an in-memory exporter in tests). */
  tracing?: Tracing;
  /** Where automatic persisted queries are kept (createGateway's option). */
  persistedQueryStore?: GatewayOptions['persistedQueryStore'];
  /** Which parts createGateway builds, and plugins around ours (the profiler's switches). */
  keeps?: GatewayOptions['keeps'];
  instrument?: GatewayOptions['instrument'];
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const catalog = await startCatalog(options.catalog);
  // Tests of the graph see the plain upstream: no cross-request cache, no merged calls, so
  // call counts name the endpoints. Tests of caching and merging opt in through `config`.
  // The change feeds' poller is off too (it calls the catalog on its own): tests of it opt in.
  const loaded = loadConfig({});
  const config = {
    ...loaded,
    changes: { ...loaded.changes, pollMs: 0 },
    cacheMaxBytes: 0,
    appendToResponse: false,
    logLevel: 'silent',
    ...options.config,
  };
  const gateway = createGateway(
    {
      ...config,
      catalogBaseUrl: options.config?.catalogBaseUrl ?? catalog.baseUrl,
      catalogAccessToken: options.serverToken === null ? undefined : (options.serverToken ?? catalog.demoToken),
      // The embedded catalog serves its own approval page, /authenticate/{token}, on its origin.
      approvalBaseUrl: options.config?.approvalBaseUrl ?? new URL(catalog.baseUrl).origin,
    },
    options.logger,
    { persistedQueryStore: options.persistedQueryStore, tracing: options.tracing, keeps: options.keeps, instrument: options.instrument },
  );
  let served = 0;
  const server = createHttpServer((request, response) => {
    served++;
    gateway.front.listener(request, response);
  }, config.http);
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}/graphql`;

  return {
    catalog,
    upstream: gateway.upstream,
    responseCache: gateway.responseCache,
    yoga: gateway.yoga,
    url,
    query: (query, variables, headers) => postQuery(url, query, variables, headers),
    async rest(path) {
      const response = await fetch(`${catalog.baseUrl}${path}`, { headers: { authorization: `Bearer ${catalog.demoToken}` } });
      if (!response.ok) throw new Error(`catalog ${path} answered ${response.status}`);
      return response.json();
    },
    callsTo(path) {
      return catalog.calls.filter((call) => (typeof path === 'string' ? call.path === path : path.test(call.path))).length;
    },
    served: () => served,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await gateway.upstream.close();
      await catalog.close();
    },
  };
}

/** A GraphQL POST over real HTTP, with its status, parsed body and text. */
export async function postQuery<Data = any>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<GraphQLResponse<Data>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  const { extensions, ...body } = JSON.parse(text);
  const { cost, ...otherExtensions } = extensions ?? {};
  return {
    status: response.status,
    body: Object.keys(otherExtensions).length > 0 ? { ...body, extensions: otherExtensions } : body,
    cost,
    text,
  };
}

/** Creates a user session through the real flow: request token, approval, session. */
export async function createUserSession(harness: Harness): Promise<string> {
  const { request_token } = await harness.rest<{ request_token: string }>('/authentication/token/new');
  harness.catalog.approveRequestToken(request_token);
  const result = await harness.query(
    `mutation($t: String!) { createSession(input: { requestToken: $t }) { session { sessionId success } } }`,
    {
      t: request_token,
    },
  );
  if (!result.body.data?.createSession?.session?.sessionId) throw new Error(`createSession failed: ${result.text}`);
  return result.body.data.createSession.session.sessionId;
}

/** The codes of the errors of a response, in order. */
export function errorCodes(response: GraphQLResponse): unknown[] {
  return (response.body.errors ?? []).map((error) => error.extensions?.code);
}
