import { baseUrl, flag, integer, redisUrl, secret, type SettingGroup } from './kinds.ts';

export const upstreamSettings = {
  title: 'The upstream',
  intro: 'The TMDB v3-compatible service the gateway calls, and how it calls it.',
  settings: {
    CATALOG_BASE_URL: baseUrl({
      description:
        'The upstream, including its version segment, e.g. `https://api.themoviedb.org/3`. Unset: `npm start` starts the embedded catalog on a free loopback port, uses it with its demo token, and says so; with `NODE_ENV=production` the start refuses instead, unless `CATALOG_EMBEDDED=true`.',
    }),
    CATALOG_EMBEDDED: flag({
      default: false,
      description:
        'Asks for the embedded catalog (invented data) on purpose where `NODE_ENV=production` would otherwise refuse a start without `CATALOG_BASE_URL`: a deploy that forgot the variable must not serve fake data and look healthy.',
    }),
    CATALOG_ACCESS_TOKEN: secret({
      description:
        'Server-side bearer token, sent upstream when a request carries no `Authorization` header at all (a present but empty or malformed header is `UNAUTHENTICATED`, never the server token).',
    }),
    CATALOG_APPROVAL_BASE_URL: baseUrl({
      default: 'https://www.themoviedb.org',
      description:
        "Where users approve request tokens: `approvalUrl` is `<this>/authenticate/<token>`. Its own setting, so an upstream reached through an internal host never shows that host; `npm start` with the embedded catalog uses the catalog's own page.",
    }),
    UPSTREAM_MAX_BODY_BYTES: integer({
      min: 1024,
      max: 1024 * 1024 * 1024,
      default: 8 * 1024 * 1024,
      description:
        "Largest upstream answer read (the real service's largest are well under 1 MB). Enforced while streaming, on the decoded bytes of a compressed answer (the gateway asks for `br, gzip`); a larger answer fails its field with `UPSTREAM_ERROR`, the process stays up.",
    }),
    UPSTREAM_TIMEOUT_MS: integer({ min: 100, max: 120_000, default: 10_000, description: 'Deadline of one upstream call.' }),
    REQUEST_DEADLINE_MS: integer({
      min: 100,
      max: 300_000,
      default: 15_000,
      description:
        'Deadline of all upstream work of one GraphQL request, retries and waits included. A router may state a shorter one in `X-Request-Deadline-Ms` ([composition.md](composition.md#deadlines-that-fit-a-router)).',
    }),
    UPSTREAM_MAX_CONNECTIONS: integer({
      min: 1,
      max: 1024,
      default: 20,
      description:
        "Upstream requests in flight at once; more wait their turn (within their deadline). 20 lets a page of 20 items load its sub-resources in one round trip while staying near the real service's ~40 requests/s ceiling at its usual latency.",
    }),
    CATALOG_APPEND_TO_RESPONSE: flag({
      default: true,
      description:
        'Merge the sub-resource loads of one movie, series, season, episode or person into one call. Turn off for an upstream without `append_to_response`; answers stay identical.',
    }),
    CIRCUIT_BREAKER_THRESHOLD: integer({
      min: 1,
      max: 1_000,
      default: 5,
      description:
        'Consecutive failures that open a circuit (calls then fail fast). 5xx answers count per upstream route (`/search/company`, `/movie/{id}`), so one failing endpoint pauses only itself; refused, reset or timed-out connections count toward the whole host.',
    }),
    CIRCUIT_BREAKER_COOLDOWN_MS: integer({
      min: 10,
      max: 600_000,
      default: 5_000,
      description: 'How long a circuit stays open before one probe goes through.',
    }),
    UPSTREAM_RATE_LIMIT: integer({
      min: 0,
      max: 100_000,
      default: 0,
      defaultText: '`0` (off)',
      description:
        "Upstream calls per second for the whole fleet on one `REDIS_URL`; without Redis, for the instance: each of its `WORKERS` processes keeps an equal share (the ready line says so). A call over budget waits its turn within its request's deadline (less 500 ms), or fails at once with `RATE_LIMITED` when its turn would come later. A credential the upstream has not yet accepted (no 2xx) waits in one lane per client address, shared by all the unaccepted credentials of that address. `/readiness` takes no turn.",
    }),
    UPSTREAM_MAX_PAUSE_MS: integer({
      min: 0,
      max: 3_600_000,
      default: 60_000,
      description:
        "The longest a 429's `Retry-After` pauses calls (it asked for a day: it gets this); the pause holds only the credential that got it, on that route, on every instance sharing `REDIS_URL`; a paused call books no turn of `UPSTREAM_RATE_LIMIT` until its pause ends, so nobody else waits behind it.",
    }),
    REDIS_URL: redisUrl({
      description:
        'The instances on it share the upstream HTTP cache, the upstream rate budget, 429 pauses and persisted queries ([operations.md](operations.md#scaling-out-with-redis)). Unset: all of it in process. Its password never reaches a log line.',
    }),
  },
} satisfies SettingGroup;
