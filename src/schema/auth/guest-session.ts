import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { instant } from '../kit/dates.ts';

/** A guest session and what a guest rated. */
export const GuestSession = builder.objectRef<Up.GuestSession>('GuestSession').implement({
  description: 'A guest session: send `guestSessionId` in the X-Guest-Session-Id header to rate without an account.',
  fields: (t) => ({
    guestSessionId: t.exposeString('guest_session_id', { description: 'The guest session id. Keep it private: it acts as the guest.' }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the guest session expires unless used, ISO 8601 UTC; null when the catalog sent no valid time.',
      resolve: (g) => instant(g.expires_at),
    }),
  }),
});

/** The guest session of the request (X-Guest-Session-Id); a marker object, the id stays in the context. */
export const GuestSessionData = builder.objectRef<{ guest: true }>('GuestSessionData').implement({
  description: 'What the guest session of this request (X-Guest-Session-Id) rated. Each field is UNAUTHENTICATED without that header.',
  // Its fields, the guest's rated lists, are in auth/guest-connections.ts.
});

builder.queryFields((t) => ({
  guestSession: t.field({
    nullable: true,
    type: GuestSessionData,
    description: 'The guest session of this request (sent in X-Guest-Session-Id) and what it rated.',
    resolve: () => ({ guest: true as const }),
  }),
}));
