import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE } from '../common/language.ts';
import { SUBGRAPH_TOKEN_HEADER } from '../common/credentials.ts';

/*
 * The headers of an answer that depend on the request, computed for every answer (cache hits
 * included), never replayed: its caching headers (Cache-Control, Vary, Content-Language) and
 * its CORS headers.
 *
 * HTTP caching of GET answers for browsers and CDNs (RFC 9111), and of every `/subgraph` answer
 * for a router's entity or response cache. An answer is public for as
 * long as the least fresh upstream answer behind it (the freshness the whole-response cache
 * tracks), capped by CACHE_CONTROL_MAX_AGE_MS; anything a user's credential or session took
 * part in, and any answer with an error, is `private, no-store`.
 */

/**
 * What an answer depends on besides its URL: the media type asked for, the coding, who asks,
 * and the language asked for. A shared cache keeps a separate copy per value of each.
 */
export const VARY = 'Accept, Accept-Encoding, Accept-Language, Authorization, X-Session-Id, X-Guest-Session-Id';

/** Every answer of a GraphQL path depends on these request headers, whatever it says; CORS may add Origin. */
export function varyWith(cors: Readonly<Record<string, string>>): string {
  return cors.vary ? `${VARY}, ${cors.vary}` : VARY;
}

/**
 * The languages an answer's texts are in, for Content-Language. When `language` arguments chose,
 * the languages its fields resolved in (recorded by src/schema/kit/language-scope.ts): one, or a
 * sorted list when the answer mixes several (RFC 9110 §8.5 allows a list for content meant for
 * several audiences). Otherwise the request's (Accept-Language, the same reading the upstream
 * calls get), else the catalog's default. A streamed (@defer/@stream) answer's header goes out
 * with its first part, so it names the languages known by then.
 */
export function contentLanguage(requested: string | undefined, resolvedIn?: ReadonlySet<string>): string {
  if (resolvedIn && resolvedIn.size > 0) return [...resolvedIn].sort().join(', ');
  return requested ?? DEFAULT_LANGUAGE;
}

/**
 * Whether the client sent a credential of its own. Any such header counts, even a malformed
 * one: an answer to it is never shared. The router's X-Subgraph-Token counts too: what it
 * unlocks (`/subgraph` with SUBGRAPH_TOKEN, `_service` with introspection off) must never be
 * kept by a shared cache for a request without it, which Vary alone would not say.
 */
export function isPersonal(headers: IncomingHttpHeaders): boolean {
  return sendsUserCredential(headers) || headers[SUBGRAPH_TOKEN_HEADER] !== undefined;
}

/**
 * Whether a user's credential or session came with the request (a router forwards them to
 * `/subgraph`). Alone, it decides a POST answer of `/subgraph`: no shared cache keeps a POST
 * answer (RFC 9110 §9.3.3), so the router's token need not make it private there, and the
 * router's entity or response cache may keep the catalog's data for `max-age`, but never one
 * user's data for another.
 */
export function sendsUserCredential(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined || headers['x-session-id'] !== undefined || headers['x-guest-session-id'] !== undefined;
}

export interface Cacheability {
  personal: boolean;
  /** The answer is a single result without errors. */
  clean: boolean;
  /** How long every upstream answer behind it stays fresh (Infinity: it used none). */
  freshForMs: number;
  /** CACHE_CONTROL_MAX_AGE_MS. */
  maxAgeMs: number;
  /** An answer of `/subgraph`, read by a router's cache. */
  forRouter?: boolean;
}

export function cacheControl({ personal, clean, freshForMs, maxAgeMs, forRouter }: Cacheability): string {
  // Hive Gateway's response cache reads only `max-age` of a subgraph's Cache-Control
  // (@graphql-mesh/plugin-response-cache): without `max-age=0` it would keep a session's
  // answer for its own default and serve it to the next user.
  if (personal || !clean || maxAgeMs <= 0) return forRouter ? 'private, no-store, max-age=0' : 'private, no-store';
  return `public, max-age=${Math.floor(Math.max(0, Math.min(freshForMs, maxAgeMs)) / 1000)}`;
}

/*
 * CORS for browser callers. Credentials travel in headers (Authorization, X-Session-Id), never
 * in cookies, so no answer ever says `access-control-allow-credentials`: a page on another
 * origin can only send what its own script holds. By default any origin may call; a configured
 * list restricts it. Computed for every request, never replayed from a cache.
 */

/** The CORS headers of this request's answer, and of a preflight. */
export interface CorsPolicy {
  /** Headers to add to the answer of this request (none without an Origin header). */
  headersFor(request: IncomingMessage): Readonly<Record<string, string>>;
  /** The answer headers of a preflight, or undefined when the request is not one. */
  preflight(request: IncomingMessage): Record<string, string> | undefined;
}

const PREFLIGHT_MAX_AGE_S = 7200; // Chromium's own cap; Firefox allows a day.
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;
const EXPOSED = 'x-request-id, etag, cache-control';
// The answers' headers that depend on nothing but the policy: made once, never changed (frozen).
const ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED,
});
const BY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({ vary: 'Origin' });
// Refused origins are logged once each; a client sending a new Origin on every request must not
// fill the log or the memory, so past this many the rest go unnamed (one line says so).
const REFUSED_ORIGINS_LOGGED = 100;
const ORIGIN_LOG_CHARS = 200;

export function createCorsPolicy(allowedOrigins?: readonly string[], logger?: Logger): CorsPolicy {
  const allowed = allowedOrigins && new Set(allowedOrigins);
  const refusedLogged = new Set<string>();

  /**
   * A browser reports a refused origin only in its own console, so the developer of an app on
   * `http://localhost:5173` allowed as `http://127.0.0.1:5173` would otherwise see nothing here.
   */
  function logRefused(origin: string, allowed: ReadonlySet<string>): void {
    if (!logger || refusedLogged.has(origin) || refusedLogged.size > REFUSED_ORIGINS_LOGGED) return;
    refusedLogged.add(origin);
    if (refusedLogged.size > REFUSED_ORIGINS_LOGGED) {
      logger.warn({ max: REFUSED_ORIGINS_LOGGED }, 'CORS: more origins refused; no more of them are logged until restart');
      return;
    }
    const shown = origin.slice(0, ORIGIN_LOG_CHARS);
    const hint = twinOf(shown, allowed);
    logger.warn(
      { origin: shown, ...(hint ? { allowedTwin: hint } : {}) },
      `CORS: origin ${JSON.stringify(shown)} refused: not in CORS_ORIGINS${hint ? ` (${hint} is; localhost and 127.0.0.1 are different origins)` : ''}`,
    );
  }

  function headersFor(request: IncomingMessage): Readonly<Record<string, string>> {
    const origin = request.headers.origin;
    // With any origin allowed, every answer says so, with or without an Origin header: a copy a
    // shared cache kept for a caller without one then serves a browser as well.
    if (!allowed) return ANY_ORIGIN;
    // A restricted answer depends on the Origin, so shared caches must keep them apart.
    if (!origin) return BY_ORIGIN;
    if (!allowed.has(origin)) {
      logRefused(origin, allowed);
      return BY_ORIGIN;
    }
    return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED, vary: 'Origin' };
  }

  function preflight(request: IncomingMessage): Record<string, string> | undefined {
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return undefined;
    const headers = headersFor(request);
    if (!headers['access-control-allow-origin']) return headers;
    const asked = request.headers['access-control-request-headers'];
    return {
      ...headers,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      // Any well-formed header list is allowed: with no cookies involved, a header grants nothing.
      'access-control-allow-headers': asked && HEADER_LIST.test(asked) ? asked : 'content-type, authorization',
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
    };
  }

  return { headersFor, preflight };
}

/** The allowed origin that differs from a refused one only by `localhost` against `127.0.0.1`. */
function twinOf(origin: string, allowed: ReadonlySet<string>): string | undefined {
  const twins = [origin.replace('://localhost', '://127.0.0.1'), origin.replace('://127.0.0.1', '://localhost')];
  return twins.find((twin) => twin !== origin && allowed.has(twin));
}
