import type * as Up from '../types.ts';
import type * as A from '../types/account.ts';
import { write } from '../resources/define.ts';

export const authWrites = {
  createSession: write<{ requestToken: string }, Up.Session>((p) => ({
    method: 'POST',
    path: ['authentication', 'session', 'new'],
    body: { request_token: p.requestToken },
  })),
  // The token and guest-session calls are GETs upstream, but each mints a fresh credential:
  // never memoised, batched, coalesced or cached (`unshared`), so they live with the writes.
  createRequestToken: write<object, A.RequestToken>(() => ({ method: 'GET', path: ['authentication', 'token', 'new'], unshared: true })),
  createGuestSession: write<object, A.GuestSession>(() => ({
    method: 'GET',
    path: ['authentication', 'guest_session', 'new'],
    unshared: true,
  })),
  validateWithLogin: write<{ username: string; password: string; requestToken: string }, A.RequestToken>((p) => ({
    method: 'POST',
    path: ['authentication', 'token', 'validate_with_login'],
    body: { username: p.username, password: p.password, request_token: p.requestToken },
  })),
  createSessionFromV4Token: write<{ accessToken: string }, Up.Session>((p) => ({
    method: 'POST',
    path: ['authentication', 'session', 'convert', '4'],
    body: { access_token: p.accessToken },
  })),
  deleteSession: write<object, { success: boolean }>(
    (_, session) => ({ method: 'DELETE', path: ['authentication', 'session'], body: { session_id: session.session_id } }),
    'user',
  ),
};
