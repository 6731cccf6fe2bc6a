/**
 * The one table of error codes a client can see in `extensions.code`: what each means, and the
 * HTTP status of an answer that fails as a whole with it (a field error rides a 200 answer).
 * Plain data, no GraphQL and no HTTP client: the upstream layer maps statuses with it, the
 * GraphQL side and the HTTP front answer with it, and a test holds the table of docs/errors.md to it.
 */
export const ERROR_CODES = {
  UNAUTHENTICATED: { meaning: 'no token, a token the catalog rejects, a missing or foreign session', status: 200 },
  NOT_FOUND: { meaning: 'the catalog has no such object', status: 200 },
  BAD_USER_INPUT: {
    meaning: 'an invalid argument or variable (missing, null, or of the wrong shape), or a parameter the catalog rejected',
    status: 200,
  },
  RATE_LIMITED: {
    meaning:
      "the catalog's rate limit, when its Retry-After is too long to wait for, or no turn of the fleet's own budget before the deadline",
    status: 200,
  },
  UPSTREAM_TIMEOUT: { meaning: 'the catalog did not answer within the call or request deadline', status: 200 },
  UPSTREAM_ERROR: {
    meaning: 'the catalog failed, could not be reached, sent an unreadable, oversized or wrongly shaped answer, or its circuit is open',
    status: 200,
  },
  QUERY_TOO_COMPLEX: {
    meaning: 'a document over one of its limits: depth, aliases, directives, tokens, estimated upstream calls or introspection depth',
    status: 200,
  },
  COST_LIMIT_REACHED: {
    meaning: 'a field whose upstream call was not made: the request had already made MAX_COST upstream calls (a batch shares them)',
    status: 200,
  },
  RESPONSE_TOO_LARGE: {
    meaning: 'an answer that grew past MAX_RESPONSE_BYTES while it was built: the operation stopped, and this is its only error',
    status: 200,
  },
  GRAPHQL_PARSE_FAILED: {
    meaning: 'a document that is not GraphQL (a syntax error); 400 under Accept: application/graphql-response+json',
    status: 200,
  },
  GRAPHQL_VALIDATION_FAILED: {
    meaning:
      'a document the schema does not allow: an unknown field, argument or type, a wrong literal; 400 under application/graphql-response+json',
    status: 200,
  },
  OPERATION_RESOLUTION_FAILURE: {
    meaning: 'no operation to run: an operationName the document does not define, or several operations and none named',
    status: 400,
  },
  BAD_REQUEST: { meaning: 'a request the gateway cannot read: invalid JSON, an empty batch, a malformed Host', status: 400 },
  METHOD_NOT_ALLOWED: { meaning: 'a mutation over GET (send it with POST), or a method other than GET and POST', status: 405 },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'a POST whose body is not application/json or application/graphql: a form, multipart or text/plain body is refused',
    status: 415,
  },
  PERSISTED_QUERY_NOT_FOUND: {
    meaning: 'a persisted query hash or documentId the gateway does not hold: send the document with its hash (APQ)',
    status: 404,
  },
  PERSISTED_QUERY_MISMATCH: { meaning: 'a document sent with a hash or id that is not its own', status: 400 },
  PERSISTED_QUERY_NOT_SUPPORTED: { meaning: 'a hash-only request while automatic persisted queries are off', status: 400 },
  PERSISTED_QUERY_REQUIRED: {
    meaning: 'with PERSISTED_OPERATIONS_ONLY, a document that is not in the manifest of trusted documents',
    status: 400,
  },
  PAYLOAD_TOO_LARGE: { meaning: 'a request body over MAX_BODY_BYTES', status: 413 },
  SHUTTING_DOWN: { meaning: 'a request that arrived while the gateway drains', status: 503 },
  BUSY: { meaning: 'too many GraphiQL pages are being sent at once: retry after Retry-After', status: 503 },
  TOO_MANY_SUBSCRIPTIONS: {
    meaning:
      'a `changes` subscription past CHANGES_SUBSCRIPTIONS_MAX open in the process or CHANGES_SUBSCRIPTIONS_PER_CLIENT for this client: close one, or retry later',
    status: 200,
  },
  SUBSCRIPTIONS_OFF: {
    meaning: 'a `changes` subscription where they are off: CHANGES_SUBSCRIPTIONS_MAX=0 (the production default) or the change feeds off',
    status: 200,
  },
  INTERNAL_SERVER_ERROR: { meaning: 'an unexpected failure of the gateway itself, masked', status: 500 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** How an upstream HTTP error status maps to a code; any other failing status is UPSTREAM_ERROR. */
export const UPSTREAM_STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  422: 'BAD_USER_INPUT',
  429: 'RATE_LIMITED',
  504: 'UPSTREAM_TIMEOUT',
};
