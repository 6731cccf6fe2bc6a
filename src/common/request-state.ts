import type { Credentials } from './credentials.ts';

/*
 * One request's state, as a typed object: the HTTP front creates it (src/http/listener.ts),
 * hands it down to Yoga as its server context's one property (`ServerContext`), and reads back what the layers below wrote in
 * it. What travels up is only what is declared here; nothing else is written back.
 */

/** How long the answers one GraphQL request used stay fresh: the least of them. */
export interface Freshness {
  freshForMs: number;
  /**
   * The objects those answers carried (`movie:550`), when the change feeds are on: the
   * whole-response cache drops the answer when the feeds list one. Past MAX_ANSWER_TAGS the
   * answer is not kept whole (it could not be dropped in time).
   */
  tags?: Set<string>;
  tagsOverflow?: boolean;
}

export const MAX_ANSWER_TAGS = 2_000;

/**
 * The size of the answer built so far, in characters of JSON, counted while fields resolve
 * (src/graphql/answer-size.ts): bounded by MAX_RESPONSE_BYTES, and read back to choose how the
 * answer is written. One per HTTP request, so a batch's operations share it.
 */
export interface AnswerSize {
  chars: number;
}

/**
 * Yoga's server context: the request's state as its one property. Yoga's entry copies the own
 * properties of the server contexts it is handed into each request's context, one property
 * descriptor at a time: the state's dozen fields copied so cost 3-6 µs a request
 * (docs/performance.md, "The server context of one property"); one property costs under 1.
 * Every reader in Yoga's hooks and in `src/schema/context.ts` reads `state`, absent only for a
 * request that reached Yoga without the front (tests, the profiler).
 */
export interface ServerContext {
  state?: RequestState;
}

/** What the front hands Yoga with each request, and reads back after it. */
export interface RequestState {
  /** The caller, parsed once by the front (src/http/request-reading.ts); the GraphQL context sends it upstream. */
  credentials: Credentials;
  /** The request's Accept-Language, parsed once by the front (src/http/request-reading.ts); undefined for the catalog's default. */
  language: string | undefined;
  /**
   * The deadline the caller stated (X-Request-Deadline-Ms, read by src/http/request-reading.ts), in ms from
   * now: the request's upstream work ends by then, or by REQUEST_DEADLINE_MS if sooner.
   */
  statedDeadlineMs?: number;
  /**
   * The languages fields resolved in, recorded only for an operation with a `language`
   * argument (src/schema/kit/language-scope.ts; the catalog's default as DEFAULT_LANGUAGE); read
   * back for Content-Language. Empty: every field resolved in `language`.
   */
  answerLanguages: Set<string>;
  /** Lowered by every upstream answer the request used (src/schema/context.ts); read back for Cache-Control and the response cache. */
  freshness: Freshness;
  /** Names of the operations executed, for the log line of a later cache hit. */
  operations: string[];
  /** Set by `useAnswerOutcome`: every result was single and free of errors. */
  outcome: { clean: boolean };
  /** The answer's size so far; an object, so that the resolvers' context (src/schema/context.ts) counts into the front's. */
  answerSize: AnswerSize;
  /** The request's id (x-request-id), for its log line. */
  requestId: string;
  /**
   * Aborts when the client goes away before its answer is written: upstream calls not yet made
   * are not made, those in flight are cut. Our own, since the signal of Yoga's Request can be
   * swapped for another object after it is read.
   */
  signal?: AbortSignal;
  /**
   * Who the request comes from, for bounds per client such as APQ registrations: its address
   * (behind TRUSTED_PROXIES, the one they forwarded), an IPv6 address as its /64
   * (src/http/request-reading.ts).
   */
  clientNetwork?: string;
}
