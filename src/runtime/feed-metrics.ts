/** What `subscription { changes }` counts (src/upstream/change-events.ts keeps them; the gauges read them). */
export interface ChangeHubStats {
  /** Subscriptions open now. */
  open: number;
  opened: number;
  refusedTotal: number;
  refusedClient: number;
  delivered: number;
  /** Ended because the log had dropped notices they had not read. */
  lagged: number;
}

/** The change feeds' gauges (src/upstream/change-poller.ts), registered beside the others by createMetrics. */
export interface FeedGauges {
  healthy: boolean;
  /** ms since the last successful read; -1 before any. */
  lagMs: number;
  holder: boolean;
  reads: number;
  failures: number;
  objectReads: number;
  changes: Record<string, number>;
  httpEvictions: number;
  responseEvictions: number;
  pastMaxAge: number;
  /** `subscription { changes }` (src/upstream/change-events.ts), when it is on. */
  subscriptions?: ChangeHubStats;
}

type GaugeOf = (
  name: string,
  help: string,
  read: () => number | Record<string, number> | undefined,
  aggregator?: 'sum' | 'max' | 'min',
) => unknown;

export function feedGauges(gauge: GaugeOf, feeds: () => FeedGauges | undefined): void {
  gauge(
    'gateway_change_feed_healthy',
    'Whether the change feeds answer in time (1): answers about one object may then outlive their max-age.',
    () => {
      const state = feeds();
      return state && (state.healthy ? 1 : 0);
    },
    'min',
  );
  gauge(
    'gateway_change_feed_lag_seconds',
    'Seconds since the change feeds were last read successfully (-1: not yet).',
    () => {
      const state = feeds();
      return state && (state.lagMs < 0 ? -1 : state.lagMs / 1000);
    },
    'max',
  );
  gauge(
    'gateway_change_feed_holder',
    'Whether this process reads the change feeds for the fleet (1), or hears them from the holder (0).',
    () => {
      const state = feeds();
      return state && (state.holder ? 1 : 0);
    },
  );
  gauge(
    'gateway_change_feed_events',
    "Change feeds since start, by event: read, failure, object_read (one object's edits), and changed_movie, changed_tv, changed_person.",
    () => {
      const state = feeds();
      if (!state) return undefined;
      const events: Record<string, number> = { read: state.reads, failure: state.failures, object_read: state.objectReads };
      for (const [kind, count] of Object.entries(state.changes)) events[`changed_${kind}`] = count;
      return events;
    },
  );
  gauge(
    'gateway_change_feed_cache_events',
    'What the change feeds did to the caches since start, by event: http_eviction, response_eviction (entries dropped), past_max_age (a stale HTTP cache entry served because the feeds vouched for it).',
    () => {
      const state = feeds();
      return state && { http_eviction: state.httpEvictions, response_eviction: state.responseEvictions, past_max_age: state.pastMaxAge };
    },
  );
  gauge('gateway_change_subscriptions', '`subscription { changes }` streams open now.', () => feeds()?.subscriptions?.open);
  gauge(
    'gateway_change_subscription_events',
    '`subscription { changes }` since start, by event: opened, refused_total (CHANGES_SUBSCRIPTIONS_MAX), refused_client (CHANGES_SUBSCRIPTIONS_PER_CLIENT), delivered (notices sent), lagged (streams ended for reading too slowly).',
    () => {
      const stats = feeds()?.subscriptions;
      return (
        stats && {
          opened: stats.opened,
          refused_total: stats.refusedTotal,
          refused_client: stats.refusedClient,
          delivered: stats.delivered,
          lagged: stats.lagged,
        }
      );
    },
  );
}
