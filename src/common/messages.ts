/*
 * What the gateway says to a client when it refuses or fails, in one place: the texts of every
 * layer, so that a wording is found, reviewed and kept consistent here rather than in the file
 * that raises it. Clients and tests read them byte for byte; the codes beside them are
 * error-codes.ts's. The wording of a single domain's argument (a filter of discover, say) stays
 * beside that argument; the shared argument checks (src/schema/kit/validate.ts) word theirs here.
 */

/** The HTTP front's own answers, before any GraphQL (src/http/). */
export const FRONT = {
  shuttingDown: 'The gateway is shutting down; retry on another instance.',
  badHost: 'The Host header is malformed.',
  badTarget: 'The request target is malformed.',
  bodyTooLarge: (max: number) => `Request body is larger than the limit of ${max} bytes.`,
  notFound: 'Nothing is served at this path.',
  pageBusy: 'Too many GraphiQL pages are being sent; retry in a second.',
  routerOnly: (header: string) => `The subgraph answers only its router (${header}).`,
  metricsToken: 'The metrics need "Authorization: Bearer <METRICS_TOKEN>".',
} as const;

/** Why `/readiness` answers not ready (src/gateway.ts checks the upstream). */
export const NOT_READY = {
  credentialRejected: 'the upstream rejects the configured credential',
  timeout: 'the upstream does not answer in time',
  failing: 'the upstream is unreachable or failing',
} as const;

/** What an unexpected failure says, wherever it is caught: never the original error's text. */
export const UNEXPECTED = 'Unexpected error.';

/** The GraphQL request and its documents (src/graphql/). */
export const REQUEST = {
  invalidParamsJson: 'The variables or extensions parameter is not valid JSON.',
  invalidBodyJson: 'The request body is not valid JSON.',
  emptyBatch: 'A batched request must hold at least one operation.',
  unexpectedShape: 'The catalog sent data of an unexpected shape for this field.',
  methods: 'GraphQL is served over GET (queries) and POST.',
  postTypes:
    'Send a POST as JSON (Content-Type: application/json) or as a GraphQL document (application/graphql); form, multipart and text bodies are not read.',
  mutationOverGet: 'A mutation cannot be sent over GET: send it with POST and a JSON body.',
  serviceSdlOff: 'GraphQL introspection has been disabled, and `_service` with it (SUBGRAPH_TOKEN opens it to the router).',
  nestedTooDeep: 'Syntax Error: the document is nested too deeply to parse.',
  introspectionDepth: (max: number, found: number) => `Introspection depth limit of ${max} exceeded, found ${found}.`,
  /** A document limit of GraphQL Armor, reworded like the cost limit's. */
  documentLimit: (limit: string, max: number, found: string | undefined) =>
    `Query ${limit} limit of ${max} exceeded${found ? `, found ${found}` : ''}.`,
  /** The cost, depth or breadth limit of the schema's own estimate. */
  queryLimit: (limit: 'cost' | 'depth' | 'breadth', max: number, found: number) =>
    `Query ${limit} limit of ${max} exceeded, found ${found}${limit === 'cost' ? ' (estimated upstream calls)' : ''}.`,
  /** The operations of one batched request together over the cost limit: each one past it is refused. */
  batchCostLimit: (max: number, found: number) =>
    `Query cost limit of ${max} exceeded, found ${found} (estimated upstream calls of this request's operations together).`,
  /** An upstream call refused at run time: the request has made as many as MAX_COST allows. */
  callBudgetSpent: (max: number) =>
    `This request has made its ${max} upstream calls (MAX_COST, shared by the operations of a batch); this field's call was not made.`,
  /** An answer past MAX_RESPONSE_BYTES while it was built (src/graphql/answer-size.ts). */
  responseTooLarge: (max: number) =>
    `The answer grew past the limit of ${max} bytes and was stopped; ask for fewer items or fields (pages, ids, aliases).`,
  /** A variable that does not coerce: where in it, and why, never its value. */
  invalidVariable: (name: string, where: string, said: string) => `Variable "$${name}" got an invalid value${where}; ${said}`,
  /** Where a shape of graphql-js's messages is not the expected one: no reason beats a leaked value. */
  invalidVariableFallback: 'the value does not have the type or shape the variable declares',
} as const;

/** The `changes` subscription, refused before it opens (src/schema/changes/subscription.ts). */
export const SUBSCRIPTION = {
  off: 'The changes subscription is off on this gateway (CHANGES_SUBSCRIPTIONS_MAX is 0, or the change feeds are off).',
  total: (max: number) => `This gateway holds its ${max} change subscriptions already (CHANGES_SUBSCRIPTIONS_MAX); retry later.`,
  client: (max: number) =>
    `This client holds ${max} change subscriptions already (CHANGES_SUBSCRIPTIONS_PER_CLIENT); close one before opening another.`,
} as const;

/** What a client must send for each credential a call lacked: the headers are the GraphQL side's words. */
export const MISSING_HEADERS = {
  token: 'No access token: send "Authorization: Bearer <token>" or configure CATALOG_ACCESS_TOKEN on the gateway.',
  'user-session': 'This field needs a user session: send it in the X-Session-Id header.',
  'guest-session': 'This field needs a guest session: send it in the X-Guest-Session-Id header.',
  'any-session': 'This field needs a session: send a user session in X-Session-Id or a guest session in X-Guest-Session-Id.',
} as const;

/**
 * What a client must fix when the credential a call needed came in a header that could not be
 * read (src/http/request-reading.ts). Never the header's value: it may be a real token, mistyped.
 */
export const MALFORMED_HEADERS = {
  Authorization: 'The Authorization header is malformed: send "Authorization: Bearer <token>", the token without spaces.',
  'X-Session-Id': 'The X-Session-Id header is malformed: a session id is 1 to 256 letters, digits, "-" or "_".',
  'X-Guest-Session-Id': 'The X-Guest-Session-Id header is malformed: a guest session id is 1 to 256 letters, digits, "-" or "_".',
} as const;

/**
 * What a client sent, for a message: a number as itself, anything else by its kind only (the
 * text of a string may be anything, a credential included), and never "NaN": a key that was no
 * number at all says so.
 */
function sent(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'no number' : String(value);
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * An argument's check before any upstream call (src/schema/kit/validate.ts): `Argument "<name>"
 * <problem>`, or, for a key inside an argument (a representation's `series.id`), `Argument
 * "<name>": "<field>" <problem>`.
 */
export const ARGUMENT = {
  problem: (argument: string, problem: string, field?: string) =>
    field === undefined ? `Argument "${argument}" ${problem}` : `Argument "${argument}": "${field}" ${problem}`,
  id: (value: unknown) => `must be a positive 32-bit integer, got ${sent(value)}.`,
  number: (value: unknown) => `must be an integer from 0 to 100000, got ${sent(value)}.`,
  page: (value: number) => `must be between 1 and 500, got ${value}.`,
  language: 'must be an ISO 639-1 code such as "en", optionally with a region such as "en-US".',
  country: 'must be a two-letter ISO 3166-1 country code such as "US".',
  empty: 'must not be empty.',
  tooLong: (maxLength: number) => `must be at most ${maxLength} characters long.`,
  token: (maxLength: number) => `must be 1 to ${maxLength} letters, digits, "-" or "_".`,
  objectId: 'must be 24 hexadecimal characters.',
  nodeId: 'must be a global id (a `Node`\'s `id`) this graph gave out (base64url of "Type:key", or "Type:key@language" outside en-US).',
  cursor: 'must be a cursor this connection gave out: a cursor of another connection, or of another field, is not one.',
  connectionDirection:
    'goes backward (`last`/`before`) and cannot be combined with `first`/`after`, which go forward: send one direction (in Relay, give `first` no default value in a fragment that pages both ways).',
  rating: (value: number) => `must be from 0.5 to 10 in steps of 0.5, got ${value}.`,
  year: (value: number) => `must be a year from 1000 to 9999, got ${value}.`,
  languages: 'may name at most 20 languages.',
  /** One representation of `_entities`, by its index, and the key field that is wrong in it. */
  representation: (index: number, field: string, problem: string) => `item ${index}: "${field}" ${problem}`,
  entityType: (names: readonly string[]) => `must name an entity of this subgraph: ${names.join(', ')}.`,
  listId: (value: number | string) => `must be a list id: a positive 32-bit integer or 24 hexadecimal characters, got ${value}.`,
} as const;

/**
 * The catalog's answers and failures (src/upstream/). The texts are ours, not copied from the
 * response body, so a body can never smuggle anything out.
 */
export const UPSTREAM = {
  /** Upstream status codes whose meaning is safe and useful to show a client. */
  byStatusCode: {
    3: 'The session is missing, invalid or does not grant access to this account.',
    5: 'The catalog rejected a parameter of this request.',
    6: 'The requested id is invalid or was not found.',
    7: 'The catalog rejected the access token.',
    10: 'The access token has been suspended by the catalog.',
    17: 'The catalog denied the session.',
    20: 'The date range is too long: the catalog accepts at most 14 days.',
    22: 'Pages start at 1 and go up to 500.',
    23: 'Dates must be in the form YYYY-MM-DD.',
    25: 'The catalog rate limit was reached; try again shortly.',
    27: 'Too many sub-resources requested in one call (the catalog allows 20).',
    33: 'The request token is invalid or has expired.',
    34: 'The requested resource was not found in the catalog.',
    35: 'The catalog rejected the token.',
    36: 'The token has not been granted write permission.',
    37: 'The session was not found.',
    39: 'This resource is private.',
    41: 'The request token has not been approved by the user yet.',
    47: 'The catalog rejected the input as invalid.',
  } as Readonly<Record<number, string>>,
  /** By the gateway's code, when the status code has no text of its own. */
  byCode: {
    UNAUTHENTICATED: 'The catalog did not accept the credentials of this request.',
    NOT_FOUND: 'The requested resource was not found in the catalog.',
    RATE_LIMITED: 'The catalog rate limit was reached; try again shortly.',
    UPSTREAM_TIMEOUT: 'The catalog did not answer in time.',
    UPSTREAM_ERROR: 'The catalog failed to answer this request.',
    BAD_USER_INPUT: 'The catalog rejected a parameter of this request.',
  },
  circuitOpen: 'The catalog is failing; calls are paused for a few seconds.',
  unreachable: 'The catalog could not be reached.',
  malformed: 'The catalog sent a response that could not be read.',
  tooLarge: 'The catalog sent an answer larger than the gateway accepts.',
  clientGone: 'The request was cancelled by its client before the catalog answered.',
  /** A credential a call lacked, in the upstream's terms (the GraphQL side words it as MISSING_HEADERS). */
  missing: {
    token: 'No access token for the catalog.',
    'user-session': 'This field needs a user session.',
    'guest-session': 'This field needs a guest session.',
    'any-session': 'This field needs a user session or a guest session.',
  },
} as const;
