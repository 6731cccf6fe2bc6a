import type { CatalogData } from '@media-catalog/catalog/data/catalog';

/** What an entry can use to build its operation: the catalog's data and a live user session. */
export interface CoverageContext {
  data: CatalogData;
  sessionId: string;
  guestSessionId: string;
  /** GET from the catalog directly (with the demo token), e.g. to obtain a fresh request token. */
  rest<T = any>(path: string): Promise<T>;
  /** What the user does on the catalog site to approve a request token. */
  approveRequestToken(requestToken: string): void;
  /** A fresh user session of its own (for an entry that ends or spoils the session it uses). */
  newUserSession(): Promise<string>;
}

export interface CoveredOperation {
  operationId: string;
  /** Builds the GraphQL operation that reaches the upstream operation. */
  graphql(context: CoverageContext): Promise<GraphQLCall> | GraphQLCall;
  /** The upstream call the catalog must have seen; the path is relative to the version segment. */
  upstream: { method: 'GET' | 'POST' | 'DELETE'; path: RegExp };
}

export interface GraphQLCall {
  query: string;
  variables?: Record<string, unknown>;
  /** Send X-Session-Id with the user session, or X-Guest-Session-Id with the guest session. */
  session?: 'user' | 'guest';
  /** Extra request headers, e.g. an X-Session-Id of the entry's own (overrides `session`). */
  headers?: Record<string, string>;
}

/** An operation of the OpenAPI file that the graph leaves out on purpose, with the reason. */
export interface OmittedOperation {
  operationId: string;
  reason: string;
}

export type CoverageEntry = CoveredOperation | OmittedOperation;
