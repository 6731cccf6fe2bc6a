import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';

/**
 * CORS for browser callers. Credentials travel in headers (Authorization, X-Session-Id), never
 * in cookies, so no answer ever says `access-control-allow-credentials`: a page on another
 * origin can only send what its own script holds. By default any origin may call; a configured
 * list restricts it. Computed for every request, never replayed from a cache.
 */
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
