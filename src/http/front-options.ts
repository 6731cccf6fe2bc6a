import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import type { ServerContext } from '../common/request-state.ts';
import type { CorsPolicy } from './response-headers.ts';
import type { SharedPage } from './page.ts';
import type { ProbeAnswer } from './probes.ts';
import type { ResponseCache } from './response-cache.ts';

/* What the HTTP front (listener.ts) is given and gives: its own file, so that the front stays one readable page. */

/**
 * The Yoga surface the front needs, all of it public: its Fetch implementation's Request, which
 * the front builds from what it has read, and its one entry for a Request (`handleRequest` of
 * Yoga's server adapter), which runs every plugin hook Yoga has (onRequest, the parse, the
 * params, execution, the result's processing, onResponse) and answers with a Fetch Response
 * the front writes.
 */
export interface FetchHandler {
  fetchAPI: { Request: typeof Request };
  handleRequest(request: Request, serverContext: ServerContext, ...more: object[]): Promise<Response> | Response;
}

export interface HttpFrontOptions {
  /** The GraphQL endpoint served by the handler given first; the whole-response cache and caching headers apply to it. */
  endpoint: string;
  /** Other paths served by handlers of their own (a second Yoga instance), with every per-request concern but the caches. */
  routes?: Readonly<Record<string, FetchHandler>>;
  maxBodyBytes: number;
  cors: CorsPolicy;
  cache?: ResponseCache;
  serverToken?: string;
  logger: Logger;
  /** CACHE_CONTROL_MAX_AGE_MS: the longest max-age a GET answer announces; 0 or unset = never public. */
  maxAgeMs?: number;
  /** Answers at least this large are compressed when the client accepts it; undefined = never. */
  compressionMinBytes?: number;
  /** WRITE_TIMEOUT_MS: a client that takes none of its answer for this long is dropped (deliver.ts); default 30 s. */
  writeTimeoutMs?: number;
  /** Told of each answer served from the whole-response cache (metrics). */
  onCacheHit?: () => void;
  /** `/health`, `/readiness`, `/metrics`: answered before any GraphQL concern, while draining too. */
  probes?: (pathname: string, method: string, authorization: string | undefined) => Promise<ProbeAnswer | undefined>;
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client (request-reading.ts); unset = the socket's address. */
  trustedProxies?: readonly string[];
  /** The GraphiQL page, served at the endpoint to a browser's GET (page.ts); undefined = none. */
  page?: SharedPage;
}

export interface HttpFront {
  listener: RequestListener;
  /**
   * The first step of a shutdown: readiness answers 503 so that balancers take the instance out,
   * while every request is still served, each answer closing its connection (its client's next
   * request opens one the balancer sends elsewhere).
   */
  leave(): void;
  /** From now on new requests get 503 and every answer closes its connection. */
  drain(): void;
  /** Whether the instance is leaving or draining: readiness says not ready. */
  draining(): boolean;
}
