import type { Config, QueryLimits } from './config.ts';
import { currentPhase } from './http/incremental.ts';
import type { CallScope, UpstreamClient } from './upstream/client.ts';
import { createActions, createLoaders, type Actions, type Credentials, type Loaders } from './upstream/loaders.ts';

/** What every resolver of one GraphQL request sees. Built once per request, read-only. */
export interface GatewayContext {
  readonly loaders: Loaders;
  readonly actions: Actions;
  /** The page where a user approves a request token: `<approvalBaseUrl>/authenticate/<token>`. */
  readonly approvalUrl: (requestToken: string) => string;
  /** The configured query limits, read by the schema's cost check. */
  readonly limits: QueryLimits;
  /** The catalog calls this request has needed so far, reported in `extensions.cost` (src/cost-report.ts). */
  readonly upstream: UpstreamTally;
}

/**
 * Calls the request's loaders and actions sent to the upstream client, after the request's own
 * de-duplication and merging: the calls its answer needed, whether the catalog or the gateway's
 * HTTP cache answered them, so the same query over the same data reports the same number.
 */
export interface UpstreamTally {
  calls: number;
}

const BEARER = /^Bearer\s+([\x21-\x7e]{1,4096})$/i;
const SESSION_ID = /^[A-Za-z0-9_-]{1,256}$/;

/** A session id header, dropped when malformed so it can never reach an upstream URL. */
function sessionHeader(headers: Pick<Headers, 'get'>, name: string): string | undefined {
  const value = headers.get(name)?.trim();
  return value && SESSION_ID.test(value) ? value : undefined;
}

/**
 * The request's own bearer token wins; the server token is the fallback only when the
 * request sent no Authorization header at all, so a malformed header never borrows it.
 */
export function credentialsFrom(headers: Pick<Headers, 'get'>, serverToken: string | undefined): Credentials {
  const authorization = headers.get('authorization');
  const accessToken = authorization === null ? serverToken : BEARER.exec(authorization.trim())?.[1];
  return {
    accessToken,
    sessionId: sessionHeader(headers, 'x-session-id'),
    guestSessionId: sessionHeader(headers, 'x-guest-session-id'),
  };
}

export interface ContextOptions {
  serverToken?: string;
  appendToResponse: boolean;
  /** Budget of one GraphQL request's upstream work, retries included. */
  requestDeadlineMs: number;
  limits: QueryLimits;
  /**
   * Base URL of the catalog site's approval page. Its own setting, never derived from the
   * upstream's URL, so an upstream reached through an internal host never shows that host.
   */
  approvalBaseUrl: string;
}

/** The options of every request's context, from the gateway's settings: made once, not per request. */
export function contextOptions(config: Config): ContextOptions {
  return {
    serverToken: config.catalogAccessToken,
    appendToResponse: config.appendToResponse,
    requestDeadlineMs: config.requestDeadlineMs,
    limits: config.limits,
    approvalBaseUrl: config.approvalBaseUrl,
  };
}

/** How long the answers one GraphQL request used stay fresh: the least of them. */
export interface Freshness {
  freshForMs: number;
}

/** Numbers each request's lane; unique within the process, which is where lanes live. */
let requests = 0;

export function createContext(
  client: UpstreamClient,
  request: Request,
  options: ContextOptions,
  freshness?: Freshness,
  /** Aborts when the client has gone (the HTTP front's). */
  signal?: AbortSignal,
): GatewayContext {
  const credentials = credentialsFrom(request.headers, options.serverToken);
  const deadline = Date.now() + options.requestDeadlineMs;
  const approvalBase = options.approvalBaseUrl.replace(/\/+$/, '');
  const observe = freshness && ((ms: number) => void (freshness.freshForMs = Math.min(freshness.freshForMs, ms)));
  // The request's own lane of the rate budget, and its client's going away, reach every call.
  const scope: CallScope = { lane: `r${++requests}`, signal };
  const upstream: UpstreamTally = { calls: 0 };
  // The shared client, with this request's count of calls in front of its send.
  const counted: UpstreamClient = Object.create(client, {
    send: {
      value: ((...args) => {
        upstream.calls++;
        return client.send(...args);
      }) satisfies UpstreamClient['send'],
    },
  });
  return {
    // The phase keeps a deferred sub-resource out of the first part's calls (src/http/incremental.ts).
    loaders: createLoaders(counted, credentials, {
      appendToResponse: options.appendToResponse,
      deadline,
      observe,
      phase: currentPhase,
      scope,
    }),
    actions: createActions(counted, credentials, deadline, observe, scope),
    approvalUrl: (requestToken) => `${approvalBase}/authenticate/${encodeURIComponent(requestToken)}`,
    limits: options.limits,
    upstream,
  };
}
