import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { startCatalog, type CatalogOptions, type RunningCatalog } from '@media-catalog/catalog';
import { loadConfig, type Config } from '../../src/runtime/config.ts';
import { createHttpServer } from '../../src/http/serve.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { createGateway, type Gateway } from '../../src/gateway.ts';
import { listen, postQuery, type GraphQLResponse } from '../helpers.ts';

/**
 * One catalog and several gateway instances on loopback, as a fleet behind a load balancer:
 * each instance has its own process state (caches, budget, pool) and shares only what its
 * settings share (Redis). Calls are counted at the catalog.
 */
export interface Instance {
  gateway: Gateway;
  url: string;
  query<Data = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphQLResponse<Data>>;
  close(): Promise<void>;
}

export interface Fleet {
  catalog: RunningCatalog;
  instances: Instance[];
  /** Every line the instances logged, as written. */
  logLines: string[];
  close(): Promise<void>;
}

export interface FleetOptions {
  instances: number;
  catalog?: CatalogOptions;
  /** Overrides of every instance's settings (e.g. redisUrl, upstreamRateLimit). */
  config?: Partial<Config>;
}

/** One gateway instance on a free loopback port, logging into `logLines`. */
export async function startInstance(config: Config & { catalogBaseUrl: string }, logLines: string[] = []): Promise<Instance> {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const gateway = createGateway(config, createLogger('info', sink));
  const server: Server = createHttpServer(gateway.front.listener, config.http);
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}/graphql`;
  return {
    gateway,
    url,
    query: (query, variables, headers) => postQuery(url, query, variables, headers),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await gateway.upstream.close();
    },
  };
}

/** The settings of an instance: the defaults, the HTTP cache on, then the overrides. */
export function instanceConfig(catalogBaseUrl: string, token: string, config: Partial<Config> = {}): Config & { catalogBaseUrl: string } {
  const loaded = loadConfig({});
  return {
    ...loaded,
    // The change feeds' poller calls the catalog on its own: off unless a test opts in.
    changes: { ...loaded.changes, pollMs: 0 },
    cacheMaxBytes: 8 * 1024 * 1024,
    ...config,
    catalogBaseUrl,
    catalogAccessToken: token,
    approvalBaseUrl: new URL(catalogBaseUrl).origin,
  };
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const catalog = await startCatalog(options.catalog);
  const logLines: string[] = [];
  const config = instanceConfig(catalog.baseUrl, catalog.demoToken, options.config);
  const instances: Instance[] = [];
  for (let i = 0; i < options.instances; i++) instances.push(await startInstance(config, logLines));
  return {
    catalog,
    instances,
    logLines,
    async close() {
      await Promise.all(instances.map((instance) => instance.close()));
      await catalog.close();
    },
  };
}

/** Resolves once `check` holds, polling; fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
