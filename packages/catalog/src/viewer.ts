/**
 * Who is asking: the account (a live `session_id`) or a guest (a live `guest_session_id`).
 * Shared by every session-dependent route (account_states, rating, account and guest lists).
 * Without a live session of an accepted kind: 401 code 3, like the real service.
 */
import { accountRater, guestRater, type Rater } from './data/ratings.ts';
import { CODE, CatalogError } from './errors.ts';
import type { RouteRequest } from './router.ts';

export interface Viewer {
  rater: Rater;
  /** The account id for a user session; undefined for a guest. */
  accountId: number | undefined;
}

/**
 * The viewer from `session_id` (always) or `guest_session_id` (when `guests` is true).
 * A `session_id` wins when both are sent; an unknown one is 401 code 3 even with a good guest id.
 */
export function viewerOf(request: RouteRequest, options: { guests: boolean }): Viewer {
  const { sessions } = request.catalog;
  const { session_id: sessionId, guest_session_id: guestSessionId } = request.query;
  if (sessionId !== undefined) {
    const accountId = sessions.accountOf(sessionId);
    if (accountId === undefined) throw new CatalogError(CODE.authenticationFailed);
    return { rater: accountRater(accountId), accountId };
  }
  if (options.guests && guestSessionId !== undefined && sessions.isGuestSession(guestSessionId)) {
    return { rater: guestRater(guestSessionId), accountId: undefined };
  }
  throw new CatalogError(CODE.authenticationFailed);
}
