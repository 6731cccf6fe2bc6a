import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { DEFAULT_LANGUAGE } from '../common/language.ts';
import { SUBGRAPH_TOKEN_HEADER } from '../common/credentials.ts';

/**
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

/**
 * A weak validator over the uncompressed bytes: weak, because the gzip and br forms of one
 * answer are the same content in different bytes, so one tag serves all of them (as nginx
 * does when it compresses).
 */
export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match with the weak comparison RFC 9110 §13.1.2 asks for. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
