import { parseBody } from './body.ts';
import type { CallRun, UpstreamRequest } from './request.ts';
import { type CachedAnswer, type HttpCache, lookup, revalidated, storeAnswer } from './http-cache.ts';
import type { RetriedExchange } from './retries.ts';

/**
 * A GET through the shared cache (its rules: http-cache.ts): a fresh entry answers at once, a
 * stale one is revalidated with its validators. `cache` is undefined when this answer must not be shared.
 */
export async function cachedGet<T>(
  exchange: RetriedExchange,
  accessToken: string,
  url: string,
  key: string,
  req: UpstreamRequest,
  cache: HttpCache | undefined,
  run: CallRun,
): Promise<CachedAnswer<T>> {
  const { entry, fresh, freshUntil, validators } = await lookup(cache, key, url);
  if (fresh && entry) return { body: entry.body as T, freshUntil, tags: entry.tags };
  const response = await exchange(accessToken, url, req, run, validators);
  if (cache && entry && response.status === 304) return revalidated<T>(cache, key, entry, url, response);
  return storeAnswer(cache, key, url, response, () => parseBody<T>(response));
}
