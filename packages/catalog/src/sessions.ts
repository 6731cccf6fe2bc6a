/**
 * The authentication flow's state: request tokens, user sessions and guest sessions.
 * Lives in memory for one running catalog. Expiry uses the real clock because tokens are
 * minted at run time (the generated data never does).
 */
import { randomBytes } from 'node:crypto';
import { utcTimestamp } from './data/dates.ts';
import { CODE, CatalogError } from './errors.ts';

/**
 * The demo account's password for POST /authentication/token/validate_with_login (documented,
 * not a secret: the catalog is a test double). The username is the account's (`robin_okafor`).
 */
export const DEMO_ACCOUNT_PASSWORD = 'popcorn-and-subtitles';

/**
 * A v4 user access token of the demo account, as the v4 auth flow (/4/auth/access_token, not a
 * v3 operation) would have issued it; POST /authentication/session/convert/4 turns it into a v3
 * session. Documented, not a secret: the catalog is a test double.
 */
export const DEMO_V4_USER_TOKEN = 'demo-v4-user-access-token.3b8e1f6a9c2d4e7f';

const REQUEST_TOKEN_TTL_MS = 60 * 60 * 1000;
const GUEST_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

interface RequestToken {
  expiresAtMs: number;
  approved: boolean;
}

export class SessionStore {
  private readonly requestTokens = new Map<string, RequestToken>();
  /** session id → account id */
  private readonly sessions = new Map<string, number>();
  /** guest session id → expiry */
  private readonly guestSessions = new Map<string, number>();

  private readonly accountId: number;
  private readonly now: () => number;

  constructor(accountId: number, now: () => number = Date.now) {
    this.accountId = accountId;
    this.now = now;
  }

  createRequestToken(): { expires_at: string; request_token: string } {
    const token = randomBytes(20).toString('hex');
    const expiresAtMs = this.now() + REQUEST_TOKEN_TTL_MS;
    this.requestTokens.set(token, { expiresAtMs, approved: false });
    return { expires_at: utcTimestamp(expiresAtMs), request_token: token };
  }

  /** What the user does on the website. False when the token is unknown or expired. */
  approve(token: string): boolean {
    const entry = this.liveToken(token);
    if (entry) entry.approved = true;
    return entry !== undefined;
  }

  /**
   * The login variant of approval: a live token is approved and its expiry returned; an unknown
   * or expired token is 401 code 33. (The caller checks the username and password first.)
   */
  approveWithLogin(token: string): { expires_at: string; request_token: string } {
    const entry = this.liveToken(token);
    if (!entry) throw new CatalogError(CODE.invalidRequestToken);
    entry.approved = true;
    return { expires_at: utcTimestamp(entry.expiresAtMs), request_token: token };
  }

  /** Exchanges an approved token for a session of the one account; the token is used up. */
  createSession(token: string): string {
    const entry = this.liveToken(token);
    if (!entry) throw new CatalogError(CODE.invalidRequestToken);
    if (!entry.approved) throw new CatalogError(CODE.tokenNotApproved);
    this.requestTokens.delete(token);
    const sessionId = randomBytes(20).toString('hex');
    this.sessions.set(sessionId, this.accountId);
    return sessionId;
  }

  /** A v3 session for the account a v4 user access token belongs to (401 code 35 otherwise). */
  convertV4Token(accessToken: string): string {
    if (accessToken !== DEMO_V4_USER_TOKEN) throw new CatalogError(CODE.invalidToken);
    const sessionId = randomBytes(20).toString('hex');
    this.sessions.set(sessionId, this.accountId);
    return sessionId;
  }

  deleteSession(sessionId: string): boolean {
    return this.sessions.delete(sessionId);
  }

  /** The account a session belongs to, or undefined for an unknown session. */
  accountOf(sessionId: string | undefined): number | undefined {
    return sessionId === undefined ? undefined : this.sessions.get(sessionId);
  }

  createGuestSession(): { guest_session_id: string; expires_at: string } {
    const id = randomBytes(16).toString('hex');
    const expiresAtMs = this.now() + GUEST_SESSION_TTL_MS;
    this.guestSessions.set(id, expiresAtMs);
    return { guest_session_id: id, expires_at: utcTimestamp(expiresAtMs) };
  }

  isGuestSession(id: string | undefined): boolean {
    const expiresAtMs = id === undefined ? undefined : this.guestSessions.get(id);
    return expiresAtMs !== undefined && expiresAtMs > this.now();
  }

  private liveToken(token: string): RequestToken | undefined {
    const entry = this.requestTokens.get(token);
    if (entry && entry.expiresAtMs <= this.now()) {
      this.requestTokens.delete(token);
      return undefined;
    }
    return entry;
  }
}
