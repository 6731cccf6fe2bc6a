/**
 * Caching headers. The real service ties max-age to its own cache TTLs (CONTRACT.md §5);
 * here every resource kind gets one fixed value from this table so clients can rely on it.
 */
import { createHash } from 'node:crypto';

export interface CachePolicy {
  scope: 'public' | 'private';
  maxAgeSeconds: number;
}

export const CACHE = {
  /** configuration, regions, provider lists: change rarely. */
  reference: { scope: 'public', maxAgeSeconds: 86_400 },
  /** details of one thing: movie, series, season, episode, company, review, images, ids. */
  details: { scope: 'public', maxAgeSeconds: 14_400 },
  /** paged lists: lists, reviews, search, upcoming, trending. */
  pages: { scope: 'public', maxAgeSeconds: 3_600 },
  /** change logs move fastest. */
  changes: { scope: 'public', maxAgeSeconds: 900 },
  /** depends on a session or mints credentials: never stored by a shared cache, no ETag. */
  private: { scope: 'private', maxAgeSeconds: 0 },
  /** POST/DELETE answers, as the real service sends them. */
  write: { scope: 'public', maxAgeSeconds: 0 },
  /** 401 for a bad API key, as captured from the real service. */
  invalidApiKey: { scope: 'public', maxAgeSeconds: 300 },
} as const satisfies Record<string, CachePolicy>;

export function cacheControl(policy: CachePolicy): string {
  return `${policy.scope}, max-age=${policy.maxAgeSeconds}`;
}

/** For a response built from several parts (append_to_response): the most restrictive wins. */
export function strictest(a: CachePolicy, b: CachePolicy): CachePolicy {
  if (a.scope !== b.scope) return a.scope === 'private' ? a : b;
  return a.maxAgeSeconds <= b.maxAgeSeconds ? a : b;
}

export function weakEtag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('hex')}"`;
}

/** If-None-Match may list several tags or "*"; weak comparison ignores the W/ prefix. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
