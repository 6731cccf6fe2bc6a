/**
 * Who a request acts for: its bearer token (else the server's), its user session and its guest
 * session. Read once per request, by the HTTP front (src/http/request-reading.ts), and handed
 * down in the request's state (request-state.ts) to the upstream calls that send it.
 */
export interface Credentials {
  accessToken?: string;
  sessionId?: string;
  guestSessionId?: string;
  /**
   * The credential headers the request sent but that could not be read, so were dropped: a field
   * that needed one names it as malformed, not as missing (GraphiQL's placeholders are sent as
   * they are). Absent when every header sent was well formed.
   */
  malformed?: readonly CredentialHeader[];
}

/** The header a federation router sends with SUBGRAPH_TOKEN (the router's `headers` config inserts it). */
export const SUBGRAPH_TOKEN_HEADER = 'x-subgraph-token';

export type CredentialHeader = 'Authorization' | 'X-Session-Id' | 'X-Guest-Session-Id';
