/**
 * append_to_response: each comma-separated item is a sub-path of the detail path, answered by
 * the very route that serves it standalone (so the two can never disagree) with the same query.
 * Items that name no appendable route, or whose thing does not exist or needs a session the
 * request lacks, are silently left out; bad parameters still fail the whole request.
 */
import { strictest } from './caching.ts';
import { CODE, CatalogError } from './errors.ts';
import type { Reply, RouteRequest, Router } from './router.ts';

export const MAX_APPENDS = 20;

function appendItems(text: string): string[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length > MAX_APPENDS) throw new CatalogError(CODE.tooManyAppends);
  return [...new Set(items)];
}

function withoutId(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { id: _parentId, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** Adds one top-level key per item, named exactly as the item (e.g. "images", "season/1"). */
export function appendToResponse(router: Router, request: RouteRequest, segments: readonly string[], reply: Reply): Reply {
  const { append_to_response: list, ...query } = request.query;
  if (list === undefined) return reply;
  const body = { ...(reply.body as Record<string, unknown>) };
  let cache = reply.cache;
  for (const item of appendItems(list)) {
    const match = router.match('GET', [...segments, ...item.split('/')]);
    if (!match || match === 'wrong-method' || !match.route.appendAs) continue;
    let part: Reply;
    try {
      part = match.route.handle({ ...request, params: match.params, query });
    } catch (error) {
      if (error instanceof CatalogError && (error.httpStatus === 404 || error.httpStatus === 401)) continue;
      throw error;
    }
    body[item] = match.route.appendAs === 'sub-resource' ? withoutId(part.body) : part.body;
    cache = strictest(cache, part.cache);
  }
  return { ...reply, body, cache };
}
