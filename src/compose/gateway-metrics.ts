import type { Manifest } from '../graphql/persisted-operations.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { createMetrics, type Metrics, operationNamesOf } from '../runtime/metrics.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import type { ChangeHub } from '../upstream/change-events.ts';
import type { ChangePoller } from '../upstream/change-poller.ts';
import { MAX_ROUTES } from '../upstream/resilience.ts';

const CIRCUIT = { closed: 0, 'half-open': 1, open: 2 } as const;

/** What the gauges read when scraped: the parts made after the registry (the upstream client takes its counter). */
export interface MeteredParts {
  upstream(): UpstreamClient;
  feeds(): ChangePoller | undefined;
  responseCache(): ResponseCache | undefined;
  changeHub(): ChangeHub | undefined;
}

/** The gateway's metrics registry, its gauges reading the parts as they are at each scrape. */
export function gatewayMetrics(parts: MeteredParts, manifest: Manifest | undefined): Metrics {
  return createMetrics(
    {
      inFlight: () => parts.upstream().pool().running,
      queued: () => parts.upstream().pool().queued,
      circuits: () => {
        const { breakers } = parts.upstream();
        const states: Record<string, number> = { host: CIRCUIT[breakers.state()] };
        for (const route of breakers.routes()) states[route] = CIRCUIT[breakers.state(route)];
        return states;
      },
      cache: () => parts.upstream().cache?.stats,
      redis: () => parts.upstream().redis?.state,
      budget: () => parts.upstream().rateBudget?.stats,
      feeds: () => {
        const feeds = parts.feeds();
        const cache = parts.upstream().cache?.stats;
        return (
          feeds && {
            ...feeds.state(),
            ...feeds.stats,
            httpEvictions: cache?.feedEvictions ?? 0,
            responseEvictions: parts.responseCache()?.stats.feedEvictions ?? 0,
            pastMaxAge: cache?.pastMaxAge ?? 0,
            subscriptions: parts.changeHub()?.stats,
          }
        );
      },
    },
    // The manifest's operations always keep their own label.
    { maxRoutes: MAX_ROUTES, pinnedOperations: manifest && operationNamesOf(manifest.values()) },
  );
}
