/**
 * The session flow: validate the key, mint a request token, (user approves on the website),
 * exchange it for a session, delete the session. Guest sessions are one call.
 */
import { CACHE } from '../caching.ts';
import { CODE, CatalogError, successBody } from '../errors.ts';
import type { Route, RouteRequest } from '../router.ts';
import { DEMO_ACCOUNT_PASSWORD, type SessionStore } from '../sessions.ts';

/** A required string field of the JSON body; missing or not a string → 422 code 5. */
function bodyText(request: RouteRequest, name: string): string {
  const value = request.body[name];
  if (typeof value !== 'string' || value === '') throw new CatalogError(CODE.invalidParameters);
  return value;
}

export const authenticationRoutes: Route[] = [
  {
    method: 'GET',
    path: '/authentication',
    handle: () => ({ body: successBody(), cache: CACHE.private }),
  },
  {
    // Minted credentials must never come from a shared cache, hence private.
    method: 'GET',
    path: '/authentication/token/new',
    handle: ({ catalog }) => ({ body: { success: true, ...catalog.sessions.createRequestToken() }, cache: CACHE.private }),
  },
  {
    method: 'GET',
    path: '/authentication/guest_session/new',
    handle: ({ catalog }) => ({ body: { success: true, ...catalog.sessions.createGuestSession() }, cache: CACHE.private }),
  },
  {
    method: 'POST',
    path: '/authentication/session/new',
    handle: (request) => {
      const sessionId = request.catalog.sessions.createSession(bodyText(request, 'request_token'));
      return { body: { success: true, session_id: sessionId }, cache: CACHE.write };
    },
  },
  {
    // A v4 user access token (from the v4 auth flow) becomes a v3 session of the same account.
    method: 'POST',
    path: '/authentication/session/convert/4',
    handle: (request) => {
      const sessionId = request.catalog.sessions.convertV4Token(bodyText(request, 'access_token'));
      return { body: { success: true, session_id: sessionId }, cache: CACHE.write };
    },
  },
  {
    // Approves a request token with the account's username and password instead of the website.
    // Missing username/password → 400 code 26; wrong → 401 code 30; bad token → 401 code 33.
    method: 'POST',
    path: '/authentication/token/validate_with_login',
    handle: (request) => {
      const { username, password } = request.body;
      if (typeof username !== 'string' || typeof password !== 'string' || username === '' || password === '') {
        throw new CatalogError(CODE.loginRequired);
      }
      const token = bodyText(request, 'request_token');
      const { sessions, data } = request.catalog;
      if (username !== data.account.username || password !== DEMO_ACCOUNT_PASSWORD) throw new CatalogError(CODE.invalidLogin);
      return { body: { success: true, ...sessions.approveWithLogin(token) }, cache: CACHE.write };
    },
  },
  {
    method: 'DELETE',
    path: '/authentication/session',
    handle: (request) => {
      if (!request.catalog.sessions.deleteSession(bodyText(request, 'session_id'))) {
        throw new CatalogError(CODE.sessionNotFound);
      }
      return { body: { success: true }, cache: CACHE.write };
    },
  },
];

/**
 * The website's approval page, GET /authenticate/{request_token} (outside /3, no API key). With
 * `?redirect_to=` (an absolute http(s) URL) the site sends the user back there once approved,
 * adding `request_token` and `approved=true`, as the real site does for web apps; any other
 * value is refused rather than followed.
 */
export function approvalPage(
  sessions: SessionStore,
  requestToken: string,
  redirectTo?: string,
): { status: number; html: string; location?: string } {
  const back = redirectTo === undefined ? undefined : returnAddress(redirectTo);
  if (back === null) {
    return { status: 400, html: '<!doctype html><title>Bad request</title><h1>redirect_to must be an absolute http(s) URL.</h1>\n' };
  }
  if (!sessions.approve(requestToken)) {
    return { status: 404, html: '<!doctype html><title>Not found</title><h1>This request token is unknown or expired.</h1>\n' };
  }
  if (back) {
    back.searchParams.set('request_token', requestToken);
    back.searchParams.set('approved', 'true');
    return { status: 302, html: '', location: back.href };
  }
  return {
    status: 200,
    html: '<!doctype html><title>Approved</title><h1>Authentication granted</h1><p>You can close this page and return to the application.</p>\n',
  };
}

function returnAddress(value: string): URL | null {
  const url = URL.canParse(value) ? new URL(value) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
}
