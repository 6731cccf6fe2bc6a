import { integer, type SettingGroup } from './kinds.ts';

export const changeSettings = {
  title: 'Change feeds',
  intro:
    "The catalog's change feeds (`/movie/changes`, `/tv/changes`, `/person/changes`) drive the caches and the `changes` subscription ([operations.md](operations.md#freshness-and-the-change-feeds)).",
  settings: {
    CHANGES_POLL_MS: integer({
      min: 0,
      max: 86_400_000,
      default: 60_000,
      defaultText: '`60000` (a minute)',
      description:
        "How often the feeds are read (with `CATALOG_ACCESS_TOKEN`, within `UPSTREAM_RATE_LIMIT` in a lane of their own, one call at a time); what they list is dropped from the HTTP cache (Redis's too) and the whole-response cache, and told to `changes` subscribers. The first read comes one interval after start. With `REDIS_URL` one instance reads them for the fleet (a lease that moves when it dies) and every instance drops. `0`: off (answers live by their `max-age` alone). Needs `CATALOG_ACCESS_TOKEN`.",
    }),
    CACHE_FEED_MAX_AGE_MS: integer({
      min: 0,
      max: 7 * 86_400_000,
      default: 3 * 3_600_000,
      defaultText: '`10800000` (3 hours)',
      description:
        'How long an answer about one movie, series or person (its details and sub-resources) may be served past its own `max-age` while the feeds have not listed it since it was fetched. Only while the feeds are healthy: a failed read, or none for three poll intervals, falls back to `max-age` at once (one log line, `gateway_change_feed_healthy` 0) until a read succeeds again. Lists, searches and pages keep their `max-age`. `0`: never past `max-age`.',
    }),
    CHANGES_SUBSCRIPTIONS_MAX: integer({
      min: 0,
      max: 100_000,
      default: 1_000,
      production: 0,
      productionText: '`0` (off)',
      description:
        "`subscription { changes }` streams (GraphQL over SSE) open at once in this process; one more is refused with `TOO_MANY_SUBSCRIPTIONS`. Each holds a connection open for as long as its client listens: off under `NODE_ENV=production` until set, so that a deploy sizes it (connections, file descriptors, its proxy's idle timeouts) on purpose. `0`: the subscription is refused with `SUBSCRIPTIONS_OFF` (so it is while the feeds are off).",
    }),
    CHANGES_SUBSCRIPTIONS_PER_CLIENT: integer({
      min: 1,
      max: 10_000,
      default: 4,
      description:
        'Of those, how many one client (its address, behind `TRUSTED_PROXIES` the one they forwarded, an IPv6 one by its /64) may hold open at once; one more is refused with `TOO_MANY_SUBSCRIPTIONS`.',
    }),
  },
} satisfies SettingGroup;
