import type { UpstreamClient } from './client.ts';
import type { FeedKind } from './entity-tags.ts';

/**
 * The catalog's change feeds, read over HTTP: `GET /{kind}/changes` lists the ids of the objects
 * edited in a window of whole days (at most 14, paged by 100, most recently edited first), and
 * `GET /{kind}/{id}/changes` lists one object's edits, each with its time. The poller
 * (change-poller.ts) reads the lists every interval and an object's own edits only to tell a
 * second edit of the same day from the first.
 *
 * Every read goes through the one UpstreamClient, so it takes turns of the fleet's rate budget like
 * any call, in a lane of its own (it never holds more than one turn: its reads are one at a time),
 * and it is never answered from the HTTP cache nor shared with a client's call (`unshared`): a feed
 * the cache kept for its 15 minutes would hide every change of those minutes.
 */

/** The service answers at most page 500 of a list. */
export const MAX_FEED_PAGES = 500;
/** The widest window the service accepts, in days. */
export const MAX_WINDOW_DAYS = 14;
export const DAY_MS = 86_400_000;

export interface FeedWindow {
  start_date: string;
  end_date: string;
}

/** The UTC day of an instant, as the feeds' `start_date`/`end_date` read it. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface FeedReader {
  /** The ids listed in the window, every page of each kind. */
  changedIds(kind: FeedKind, window: FeedWindow): Promise<number[]>;
  /** The time of the object's latest edit in the window (epoch ms, 0 for none), and the keys edited after `after`. */
  latestChange(kind: FeedKind, id: number, window: FeedWindow, after: number): Promise<LatestChange>;
}

export interface LatestChange {
  at: number;
  keys: string[];
}

/** Keys one change names at most, each of at most KEY_CHARS: what a subscriber is told is bounded. */
export const MAX_KEYS = 32;
export const KEY_CHARS = 64;

interface ListPage {
  results?: Array<{ id?: unknown }>;
  total_pages?: unknown;
}

interface ObjectChanges {
  changes?: Array<{ key?: unknown; items?: Array<{ time?: unknown }> }>;
}

/** "2022-05-30 22:04:19 UTC" → epoch ms; NaN for anything else. */
export function changeTime(text: unknown): number {
  const match = typeof text === 'string' ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(text) : null;
  return match ? Date.parse(`${match[1]}T${match[2]}Z`) : Number.NaN;
}

export function feedReader(upstream: UpstreamClient, token: string, timeoutMs: number): FeedReader {
  const scope = { lane: 'change-feeds' };
  const get = <T>(path: Array<string | number>, query: Record<string, string | number>) =>
    upstream.send<T>(token, { path, query, unshared: true }, Date.now() + timeoutMs, undefined, scope);
  return {
    async changedIds(kind, window) {
      const ids: number[] = [];
      let pages = 1;
      for (let page = 1; page <= pages; page++) {
        const body = await get<ListPage>([kind, 'changes'], { ...window, page });
        for (const entry of Array.isArray(body?.results) ? body.results : []) {
          if (Number.isSafeInteger(entry?.id) && (entry.id as number) > 0) ids.push(entry.id as number);
        }
        const total = Number(body?.total_pages);
        if (page === 1) pages = Number.isSafeInteger(total) ? Math.min(Math.max(total, 1), MAX_FEED_PAGES) : 1;
      }
      return ids;
    },
    async latestChange(kind, id, window, after) {
      const body = await get<ObjectChanges>([kind, id, 'changes'], { ...window });
      let latest = 0;
      const keys = new Set<string>();
      for (const group of Array.isArray(body?.changes) ? body.changes : []) {
        for (const item of Array.isArray(group?.items) ? group.items : []) {
          const time = changeTime(item?.time);
          if (time > latest) latest = time;
          if (time > after && typeof group.key === 'string' && group.key.length <= KEY_CHARS && keys.size < MAX_KEYS) keys.add(group.key);
        }
      }
      return { at: latest, keys: [...keys] };
    },
  };
}
