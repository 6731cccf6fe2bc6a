import { flag, integer, text, type SettingGroup } from './kinds.ts';

export const cacheSettings = {
  title: 'Caches',
  intro:
    'The upstream HTTP cache, the whole-response cache in front of Yoga (each off when its `_ENABLED` is false), and the parsed documents.',
  settings: {
    CACHE_ENABLED: flag({ default: true, description: 'The shared upstream HTTP cache.' }),
    CACHE_MAX_BYTES: integer({
      min: 1024,
      max: 2 ** 40,
      default: 32 * 1024 * 1024,
      description: 'Its size bound (LRU eviction).',
    }),
    RESPONSE_CACHE_ENABLED: flag({
      default: true,
      description:
        "Whole GraphQL responses cached in front of Yoga, per caller (the credential and sessions the request resolves to: an empty or malformed `Authorization` never shares the server token's answers), only when error-free and only while every upstream answer behind them is fresh in the HTTP cache; user-specific answers (anything fetched with a session) and mutations are never kept; CORS and every other request-dependent header is computed per request, never replayed. Needs the HTTP cache.",
    }),
    RESPONSE_CACHE_MAX_BYTES: integer({
      min: 1024,
      max: 2 ** 40,
      default: 8 * 1024 * 1024,
      description: 'Its size bound.',
    }),
    RESPONSE_CACHE_MAX_TTL_MS: integer({
      min: 1,
      max: 86_400_000,
      default: 60_000,
      description: 'The longest it keeps a response, even when the upstream allows longer.',
    }),
    PARSE_CACHE_MAX_BYTES: integer({
      min: 0,
      max: 2 ** 30,
      default: 8 * 1024 * 1024,
      description:
        'Parsed GraphQL documents and parse errors kept by their text (least recently used go first), counted at what they hold in memory: two bytes a character and 400 a token; one entry takes at most a quarter. A document that fails validation is not kept. `0`: none kept, every request parsed. A usual operation of a few dozen fields counts about 20 KB.',
    }),
  },
} satisfies SettingGroup;

export const deliverySettings = {
  title: 'Delivery',
  intro: 'What the gateway does on the wire: persisted queries, caching headers, compression ([delivery.md](delivery.md)).',
  settings: {
    APQ_ENABLED: flag({ default: true, description: 'Automatic persisted queries.' }),
    APQ_MAX_BYTES: integer({
      min: 1024,
      max: 2 ** 40,
      default: 4 * 1024 * 1024,
      description: 'Size bound of their in-memory store (least recently used documents go first).',
    }),
    APQ_MAX_PER_CLIENT: integer({
      min: 0,
      max: 1_000_000,
      default: 100,
      description:
        'New documents one client may register by APQ per hour (only documents that parse and validate, up to 32 KB, are stored); more still run, unstored. A client is its address (behind `TRUSTED_PROXIES`, the one they forward), an IPv6 address by its /64.',
    }),
    PERSISTED_OPERATIONS_FILE: text({
      description:
        "A manifest of trusted documents, the JSON that graphql-codegen's client preset (`persistedDocuments`) or relay-compiler (`persistConfig`) writes: id → document. Read at start; a missing or malformed file stops the start.",
    }),
    PERSISTED_OPERATIONS_ONLY: flag({
      default: false,
      description:
        "Run only the manifest's operations; any other document is refused with `PERSISTED_QUERY_REQUIRED` (needs `PERSISTED_OPERATIONS_FILE`).",
    }),
    CACHE_CONTROL_MAX_AGE_MS: integer({
      min: 0,
      max: 31_536_000_000,
      default: 3_600_000,
      description:
        'The longest `max-age` a public GET answer announces (its own is the least freshness of the upstream answers behind it); `0`: every answer is `private, no-store`.',
    }),
    WRITE_TIMEOUT_MS: integer({
      min: 100,
      max: 600_000,
      default: 30_000,
      description:
        'A client that takes none of its answer for this long is dropped: every answer, each `@defer`/`@stream` part included, is written only as fast as the client reads it (a large one is serialised as it goes), and a write the client has not taken within this closes the connection.',
    }),
    COMPRESSION_ENABLED: flag({
      default: true,
      description: "gzip or brotli, as the client's `Accept-Encoding` prefers. Turn off when a proxy in front compresses.",
    }),
    COMPRESSION_MIN_BYTES: integer({
      min: 0,
      max: 2 ** 30,
      default: 1024,
      description: 'Answers at least this large are compressed.',
    }),
  },
} satisfies SettingGroup;
