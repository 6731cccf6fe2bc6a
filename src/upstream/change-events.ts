import type { ChangeHubStats } from '../runtime/feed-metrics.ts';
import type { FeedKind } from './entity-tags.ts';

/**
 * What the change feeds tell clients that follow them (`subscription { changes }`): each change
 * the poller (change-poller.ts) marks as news, as a notice. The GraphQL layer sees only
 * `ChangeEventSource`, handed to it in the resolvers' context; the gateway publishes into the hub.
 *
 * One log of recent notices, bounded in bytes, read by every subscriber from its own place in it:
 * a thousand subscribers cost a thousand numbers, not a thousand queues. A subscriber is read only
 * as fast as its client takes the stream (the HTTP front's back-pressure); one that falls so far
 * behind that the log has dropped what it had not read yet is ended (its client resubscribes and
 * refetches what it shows) rather than told a partial story.
 */

export interface ChangeNotice {
  kind: FeedKind;
  /** The catalog's id of the movie, series or person. */
  id: number;
  /** The keys its own log named for the edit (`title`, `images`...), when the poller read that log. */
  keys?: readonly string[];
  /** The edit's own time when the poller read the object's log, else the time of the read that listed it (epoch ms). */
  at: number;
}

/** Why a subscription was not opened: the hub is off, or at its bound in all or for this client. */
export type Refusal = 'off' | 'total' | 'client';

export type Subscribed = { notices: AsyncIterableIterator<ChangeNotice> } | { refused: Refusal; max?: number };

export interface SubscribeRequest {
  /** Who asks (RequestState.clientNetwork): the per-client bound counts by it. */
  client?: string;
  /** The kinds to hear; all when absent or empty. */
  kinds?: readonly FeedKind[];
  /** Ends the subscription when it aborts (the client went away). */
  signal?: AbortSignal;
}

/** The change feeds as the GraphQL layer may follow them. */
export interface ChangeEventSource {
  subscribe(request: SubscribeRequest): Subscribed;
}

export interface ChangeHub extends ChangeEventSource {
  publish(notices: readonly ChangeNotice[]): void;
  /** Ends every subscription (the gateway drains): their streams complete, and no new one opens. */
  close(): void;
  stats: ChangeHubStats;
}

export interface ChangeHubOptions {
  maxSubscribers: number;
  maxPerClient: number;
  /** The log's bound; default LOG_BYTES. */
  logBytes?: number;
}

/** About 10,000 notices: a large day's poll (the service lists thousands of ids a day) fits. */
export const LOG_BYTES = 1024 * 1024;
/** What a notice costs besides its keys: the object, its number, the array slot. */
const NOTICE_BYTES = 96;

const sizeOf = (notice: ChangeNotice) => NOTICE_BYTES + (notice.keys?.reduce((sum, key) => sum + key.length + 16, 0) ?? 0);

export function createChangeHub(options: ChangeHubOptions): ChangeHub {
  const logBytes = options.logBytes ?? LOG_BYTES;
  const stats: ChangeHubStats = { open: 0, opened: 0, refusedTotal: 0, refusedClient: 0, delivered: 0, lagged: 0 };
  // The log: log[i] is notice number `first + i`.
  let log: Array<{ notice: ChangeNotice; bytes: number }> = [];
  let first = 0;
  let bytes = 0;
  let closed = false;
  const perClient = new Map<string, number>();
  // Subscribers waiting for the next notice.
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const resume of [...waiting]) resume();
  };

  function subscribe({ client = 'unknown', kinds, signal }: SubscribeRequest): Subscribed {
    if (closed || options.maxSubscribers <= 0) return { refused: 'off' };
    if (stats.open >= options.maxSubscribers) {
      stats.refusedTotal++;
      return { refused: 'total', max: options.maxSubscribers };
    }
    const held = perClient.get(client) ?? 0;
    if (held >= options.maxPerClient) {
      stats.refusedClient++;
      return { refused: 'client', max: options.maxPerClient };
    }
    perClient.set(client, held + 1);
    stats.open++;
    stats.opened++;
    const wanted = kinds && kinds.length > 0 ? new Set(kinds) : undefined;
    // The first notice this subscriber hears: the next one published.
    let next = first + log.length;
    let ended = false;
    let resume: (() => void) | undefined;

    function end(): IteratorResult<ChangeNotice> {
      if (!ended) {
        ended = true;
        stats.open--;
        const count = (perClient.get(client) ?? 1) - 1;
        if (count > 0) perClient.set(client, count);
        else perClient.delete(client);
        signal?.removeEventListener('abort', onAbort);
        resume?.();
      }
      return { done: true, value: undefined };
    }
    const onAbort = () => end();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) end();

    async function read(): Promise<IteratorResult<ChangeNotice>> {
      while (!ended && !closed) {
        if (next < first) {
          stats.lagged++;
          return end();
        }
        for (let entry = log[next - first]; entry; entry = log[next - first]) {
          const { notice } = entry;
          next++;
          if (!wanted || wanted.has(notice.kind)) {
            stats.delivered++;
            return { done: false, value: notice };
          }
        }
        await new Promise<void>((resolve) => {
          const resumed = () => {
            waiting.delete(resumed);
            resolve();
          };
          resume = resumed;
          waiting.add(resumed);
        });
        resume = undefined;
      }
      return end();
    }

    // Not an async generator: its `return` would wait for a pending `next`, and a client gone
    // while nothing changes would hold its place until the next change.
    const notices: AsyncIterableIterator<ChangeNotice> = {
      next: read,
      return: async () => end(),
      [Symbol.asyncIterator]: () => notices,
    };
    return { notices };
  }

  function publish(notices: readonly ChangeNotice[]): void {
    if (closed || notices.length === 0) return;
    for (const notice of notices) {
      const size = sizeOf(notice);
      log.push({ notice, bytes: size });
      bytes += size;
    }
    let drop = 0;
    for (const entry of log) {
      if (bytes <= logBytes) break;
      bytes -= entry.bytes;
      drop++;
    }
    // With nobody subscribed, nothing needs the past: the log starts again from here.
    if (stats.open === 0) {
      drop = log.length;
      bytes = 0;
    }
    if (drop > 0) {
      log = log.slice(drop);
      first += drop;
    }
    wake();
  }

  return {
    subscribe,
    publish,
    close() {
      closed = true;
      wake();
    },
    stats,
  };
}
