/** Authentication: the credential check, request tokens and sessions (user and guest). */
import { resource, write } from './define.ts';
import type { StatusResponse } from './wire.ts';

export interface Session {
  success: boolean;
  session_id: string;
}

/** GET /authentication/token/new and POST /authentication/token/validate_with_login. */
export interface RequestToken {
  success: boolean;
  /** "YYYY-MM-DD HH:MM:SS UTC". */
  expires_at: string;
  request_token: string;
}

export interface GuestSession {
  success: boolean;
  guest_session_id: string;
  /** "YYYY-MM-DD HH:MM:SS UTC". */
  expires_at: string;
}

export const authResources = {
  credentialCheck: resource<object, StatusResponse>(() => ({ path: ['authentication'] })),
};

export const authWrites = {
  createSession: write<{ requestToken: string }, Session>((p) => ({
    method: 'POST',
    path: ['authentication', 'session', 'new'],
    body: { request_token: p.requestToken },
  })),
  // The token and guest-session calls are GETs upstream, but each mints a fresh credential:
  // never memoised, batched, coalesced or cached (`unshared`), so they live with the writes.
  createRequestToken: write<object, RequestToken>(() => ({ method: 'GET', path: ['authentication', 'token', 'new'], unshared: true })),
  createGuestSession: write<object, GuestSession>(() => ({
    method: 'GET',
    path: ['authentication', 'guest_session', 'new'],
    unshared: true,
  })),
  validateWithLogin: write<{ username: string; password: string; requestToken: string }, RequestToken>((p) => ({
    method: 'POST',
    path: ['authentication', 'token', 'validate_with_login'],
    body: { username: p.username, password: p.password, request_token: p.requestToken },
  })),
  createSessionFromV4Token: write<{ accessToken: string }, Session>((p) => ({
    method: 'POST',
    path: ['authentication', 'session', 'convert', '4'],
    body: { access_token: p.accessToken },
  })),
  deleteSession: write<object, { success: boolean }>(
    (_, session) => ({ method: 'DELETE', path: ['authentication', 'session'], body: { session_id: session.session_id } }),
    'user',
  ),
};
