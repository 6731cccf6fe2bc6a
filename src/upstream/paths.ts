import { UpstreamError } from './errors.ts';

/**
 * A path segment that carries a string a user chose (a review id, an id in another database, a
 * session id). Marked so the route template counts it as a parameter: a route must name the
 * endpoint, never the value, or every value would get a circuit of its own.
 */
export interface PathParam {
  readonly param: string;
}

/** A literal string (part of the endpoint's name), a number (an id) or a marked user value. */
export type PathSegment = string | number | PathParam;

export function param(value: string): PathParam {
  return { param: value };
}

function segmentText(segment: PathSegment): string {
  return typeof segment === 'object' ? segment.param : String(segment);
}

export function badPathSegmentError(): UpstreamError {
  return new UpstreamError('BAD_USER_INPUT', 'An identifier in this request is empty, "." or "..", which the catalog cannot look up.');
}

export function missingKeyError(): UpstreamError {
  return new UpstreamError('UPSTREAM_ERROR', "The catalog's answer lacks an identifier this request needs.");
}

/**
 * The encoded path. Each segment is percent-encoded, so none can add a path or a parameter.
 * Empty, "." and ".." segments are refused: URL parsers (undici's included) resolve "." and
 * ".." even when percent-encoded as %2E, so such a value would reach another resource, and an
 * empty one would join its neighbours into another path. A number is an id or a season or
 * episode number: arguments are validated before they get here, so one that is missing, NaN or
 * not a whole number came from an answer that left a key out, and is refused before any call
 * (never `/season/undefined/episode/1`).
 */
export function encodePath(path: ReadonlyArray<PathSegment>): string {
  return path
    .map((segment: PathSegment | null | undefined) => {
      if (segment === undefined || segment === null) throw missingKeyError();
      if (typeof segment === 'number' && !(Number.isSafeInteger(segment) && segment >= 0)) throw missingKeyError();
      if (typeof segment === 'object' && typeof segment.param !== 'string') throw missingKeyError();
      const value = segmentText(segment);
      if (value === '' || value === '.' || value === '..') throw badPathSegmentError();
      return encodeURIComponent(value);
    })
    .join('/');
}

/** What a literal segment of an endpoint's name looks like (`movie`, `account_states`, `4`). */
const LITERAL = /^[a-z0-9_]{1,40}$/;

/**
 * The upstream route a path belongs to, such as `/movie/{id}` or `/search/company`: literal
 * strings are kept, numbers and marked values become `{id}`. Routes are a fixed, small set. A
 * string that cannot be an endpoint's name (an unvalidated id such as "-1", "1.5" or "Zq%") counts
 * as a value too, so it never becomes a route, a metric label or a circuit of its own.
 */
export function routeOf(path: ReadonlyArray<PathSegment>): string {
  return `/${path.map((segment) => (typeof segment === 'string' && LITERAL.test(segment) ? segment : '{id}')).join('/')}`;
}

/**
 * Whether a call acts for one user's session: a session id in the query, or a guest session's
 * own path. Its answer belongs to that session alone and changes with every write the session
 * makes, so it is never kept in a shared cache, whatever the upstream's Cache-Control says.
 */
export function isSessionBound(path: ReadonlyArray<PathSegment>, query: Readonly<Record<string, unknown>> = {}): boolean {
  if (query.session_id !== undefined || query.guest_session_id !== undefined) return true;
  return path.some((segment, index) => segment === 'guest_session' && index + 1 < path.length);
}
