import { availableParallelism } from 'node:os';
import { addressList, flag, integer, listenHost, oneOf, origins, secret, text, type SettingGroup, typeNamePrefix } from './kinds.ts';

/** The process, its HTTP server, and who may reach what on it. */

export const processSettings = {
  title: 'The process',
  intro: 'How the gateway runs and where it listens.',
  settings: {
    NODE_ENV: text({
      description:
        '`production` is a production start: the defaults of `WORKERS`, `INTROSPECTION`, `GRAPHIQL` and `CHANGES_SUBSCRIPTIONS_MAX` change, and `CATALOG_BASE_URL` is required (or `CATALOG_EMBEDDED=true`). Anything else is a development start.',
    }),
    PORT: integer({ min: 0, max: 65535, default: 4000, description: 'Port the gateway listens on.' }),
    HOST: listenHost({ default: '0.0.0.0', description: 'Interface the gateway listens on: an IP address or a host name.' }),
    WORKERS: integer({
      min: 1,
      max: 64,
      default: 1,
      production: () => availableParallelism(),
      productionText: 'the available cores',
      description:
        'Gateway processes sharing the port (node:cluster); `1` is one process, no primary. In-memory caches are per process, `REDIS_URL` shares them. docs/performance.md, "Workers".',
    }),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      default: 'info',
      description: 'pino level; `silent` turns logs off.',
    }),
  },
} satisfies SettingGroup;

export const httpSettings = {
  title: 'HTTP server',
  intro: 'How the server treats connections: timeouts, CORS and shutdown.',
  settings: {
    HTTP_REQUEST_TIMEOUT_MS: integer({
      min: 100,
      max: 600_000,
      default: 30_000,
      description: "A request's headers and body must arrive within this, or the connection is cut with 408 (a client trickling its body).",
    }),
    HTTP_HEADERS_TIMEOUT_MS: integer({
      min: 100,
      max: 600_000,
      default: 10_000,
      description: "A request's headers must arrive within this; at most `HTTP_REQUEST_TIMEOUT_MS` (a larger value is lowered to it).",
    }),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: integer({
      min: 100,
      max: 600_000,
      default: 5_000,
      description: 'An idle keep-alive connection is closed after this.',
    }),
    SHUTDOWN_DELAY_MS: integer({
      min: 0,
      max: 600_000,
      default: 5_000,
      description:
        "On SIGTERM: `/readiness` answers 503 at once while the listener keeps accepting and serving for this long (each answer closing its connection), so a balancer checking readiness takes the instance out before it stops accepting; then the shutdown of `SHUTDOWN_TIMEOUT_MS` begins. At least the balancer's check interval times its failures to go out (haproxy `inter 1s fall 2`: 2 s). SIGINT (a terminal's Ctrl-C) skips it. In Kubernetes, `terminationGracePeriodSeconds` must exceed this plus `SHUTDOWN_TIMEOUT_MS` ([operations.md](operations.md#shutdown)).",
    }),
    SHUTDOWN_TIMEOUT_MS: integer({
      min: 0,
      max: 600_000,
      default: 10_000,
      description:
        'On SIGTERM (after `SHUTDOWN_DELAY_MS`) or SIGINT: stop accepting, answer new requests on open connections with 503, let requests in flight finish within this, then close the upstream pool and exit 0.',
    }),
    TRUSTED_PROXIES: addressList({
      description:
        "Proxies in front of the gateway (a CDN, Varnish, a load balancer) whose `X-Forwarded-For` is believed: the client is then the right-most address in it that is not one of them. Bounds per client (`APQ_MAX_PER_CLIENT`) count that client, not the proxy. Unset: the socket's address, `X-Forwarded-For` ignored (any client may write it). An IPv6 client counts by its /64 either way ([security.md](security.md#persisted-operations)).",
    }),
    CORS_ORIGINS: origins({
      description:
        'Comma-separated origins allowed to call from a browser. Unset: any origin, without credentials (`access-control-allow-origin: *`; credentials travel in headers, never cookies, so `allow-credentials` is never sent). Preflights carry `access-control-max-age: 7200`. Each refused origin is logged once, at warn ([frontend.md](frontend.md#cors)).',
    }),
  },
} satisfies SettingGroup;

export const accessSettings = {
  title: 'Access',
  intro: 'What the gateway shows, and to whom.',
  settings: {
    INTROSPECTION: flag({
      default: true,
      production: false,
      description: 'Whether introspection is allowed; when it is not, field suggestions are hidden too.',
    }),
    GRAPHIQL: flag({ default: true, production: false, description: 'Whether the GraphiQL page is served.' }),
    GRAPHIQL_MAX_CONCURRENT: integer({
      min: 1,
      max: 1_000,
      default: 8,
      description: 'GraphiQL pages written at once; one more visitor gets 503 `BUSY` with `Retry-After`.',
    }),
    GRAPHIQL_WRITE_TIMEOUT_MS: integer({
      min: 100,
      max: 600_000,
      default: 60_000,
      description:
        'A visitor that has not taken the whole GraphiQL page (about 2.4 MB compressed, 9 MB not) within this is cut, and its place among `GRAPHIQL_MAX_CONCURRENT` freed: visitors that never read cannot keep the page from others.',
    }),
    METRICS_TOKEN: secret({
      description: '`/metrics` answers only `Authorization: Bearer <it>` (401 otherwise). Unset: anyone who reaches the port.',
    }),
    SUBGRAPH_TOKEN: secret({
      description:
        'A secret the federation router sends in `X-Subgraph-Token`: `/subgraph` then answers only it (401 otherwise), also in trusted-documents mode and with `_service` while introspection is off. Unset: `/subgraph` is public, not served with `PERSISTED_OPERATIONS_ONLY`, and refuses `_service` with `INTROSPECTION=false` (docs/security.md).',
    }),
    SUBGRAPH_PREFIX: typeNamePrefix({
      description:
        'On `/subgraph` (and in its `_service` SDL): every type the subgraph owns and every root field carries this prefix (`Catalog`: `CatalogMovie`, `catalogMovie(id:)`), so the subgraph composes beside others that already use `Movie`, `Review` or `search`. Entities resolve under their prefixed names. Unset: the plain names. `/graphql` is unchanged ([composition.md](composition.md#names-that-fit-any-graph)).',
    }),
  },
} satisfies SettingGroup;
