/**
 * Who a request acts for: its bearer token (else the server's), its user session and its guest
 * session. Parsed once per request, by the HTTP front, and handed down in the request's state
 * (request-state.ts) to the upstream calls that send it.
 */
export interface Credentials {
  accessToken?: string;
  sessionId?: string;
  guestSessionId?: string;
}

const BEARER = /^Bearer\s+([\x21-\x7e]{1,4096})$/i;
const SESSION_ID = /^[A-Za-z0-9_-]{1,256}$/;

/** A session id header, dropped when malformed so it can never reach an upstream URL. */
function sessionHeader(headers: Pick<Headers, 'get'>, name: string): string | undefined {
  const value = headers.get(name)?.trim();
  return value && SESSION_ID.test(value) ? value : undefined;
}

/**
 * The request's own bearer token wins; the server token is the fallback only when the
 * request sent no Authorization header at all, so a malformed header never borrows it.
 */
export function credentialsFrom(headers: Pick<Headers, 'get'>, serverToken: string | undefined): Credentials {
  const authorization = headers.get('authorization');
  const accessToken = authorization === null ? serverToken : BEARER.exec(authorization.trim())?.[1];
  return {
    accessToken,
    sessionId: sessionHeader(headers, 'x-session-id'),
    guestSessionId: sessionHeader(headers, 'x-guest-session-id'),
  };
}
