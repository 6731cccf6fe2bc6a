import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Which account each user session belongs to, learnt once per session and kept for the
 * session's life. A session names one account for as long as it lives, so the lookup (GET
 * /account/null with the session) need not be repeated per request; the key is a hash of the
 * credential and the session id, so one session's entry is never found by another, and the
 * session id itself is never kept. Bounded: the least recently used sessions are forgotten and
 * simply looked up again.
 */
export class SessionAccounts {
  private readonly ids: LRUCache<string, number>;

  constructor(max = 10_000) {
    this.ids = new LRUCache<string, number>({ max });
  }

  private static key(accessToken: string | undefined, sessionId: string): string {
    return createHash('sha256')
      .update(accessToken ?? '')
      .update('\0')
      .update(sessionId)
      .digest('base64url');
  }

  get(accessToken: string | undefined, sessionId: string): number | undefined {
    return this.ids.get(SessionAccounts.key(accessToken, sessionId));
  }

  remember(accessToken: string | undefined, sessionId: string, accountId: number): void {
    this.ids.set(SessionAccounts.key(accessToken, sessionId), accountId);
  }

  /** The session ended: its account is no longer its to name. */
  forget(accessToken: string | undefined, sessionId: string): void {
    this.ids.delete(SessionAccounts.key(accessToken, sessionId));
  }
}
