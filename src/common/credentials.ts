/**
 * Who a request acts for: its bearer token (else the server's), its user session and its guest
 * session. Parsed once per request, by the HTTP front, and handed down in the request's state
 * (request-state.ts) to the upstream calls that send it.
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

const BEARER = /^Bearer\s+([\x21-\x7e]{1,4096})$/i;
const SESSION_ID = /^[A-Za-z0-9_-]{1,256}$/;

/** A session id header, dropped when malformed so it can never reach an upstream URL; null when it was sent malformed. */
function sessionHeader(headers: Pick<Headers, 'get'>, name: string): string | null | undefined {
  const value = headers.get(name)?.trim();
  if (!value) return undefined;
  return SESSION_ID.test(value) ? value : null;
}

/**
 * The request's own bearer token wins; the server token is the fallback only when the
 * request sent no Authorization header at all, so a malformed header never borrows it.
 */
export function credentialsFrom(headers: Pick<Headers, 'get'>, serverToken: string | undefined): Credentials {
  const authorization = headers.get('authorization');
  const accessToken = authorization === null ? serverToken : BEARER.exec(authorization.trim())?.[1];
  const sessionId = sessionHeader(headers, 'x-session-id');
  const guestSessionId = sessionHeader(headers, 'x-guest-session-id');
  const malformed: CredentialHeader[] = [];
  if (authorization !== null && accessToken === undefined) malformed.push('Authorization');
  if (sessionId === null) malformed.push('X-Session-Id');
  if (guestSessionId === null) malformed.push('X-Guest-Session-Id');
  return {
    accessToken,
    sessionId: sessionId ?? undefined,
    guestSessionId: guestSessionId ?? undefined,
    ...(malformed.length > 0 && { malformed }),
  };
}
