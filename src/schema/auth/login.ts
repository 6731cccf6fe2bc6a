import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { instant } from '../kit/dates.ts';
import * as valid from '../kit/validate.ts';
import { GuestSession } from './guest-session.ts';
import { Session } from './session.ts';

/**
 * The rest of the session flow: request tokens (with the page where the user approves them),
 * logging in with username and password, creating a guest session, and ending a session.
 * Credentials are only ever returned to the caller that asked for them; they never appear in
 * an error message.
 */

const RequestToken = builder.objectRef<Up.RequestToken & { approvalUrl: string }>('RequestToken').implement({
  description:
    'A request token: send the user to `approvalUrl` to approve it (or use `createSessionWithLogin`), then exchange it with `createSession`. It expires after 60 minutes.',
  fields: (t) => ({
    requestToken: t.exposeString('request_token', { description: 'The token. Keep it private until it is exchanged.' }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the token expires, ISO 8601 UTC; null when the catalog sent no valid time.',
      resolve: (r) => instant(r.expires_at),
    }),
    approvalUrl: t.exposeString('approvalUrl', { description: 'The catalog site page where the user approves this token.' }),
  }),
});

/** Passwords: any printable text up to 128 characters (never echoed, never logged). */
function password(value: string): string {
  if (value.length < 1 || value.length > 128 || /[\u0000-\u001f\u007f]/.test(value)) {
    throw valid.badInput('password', 'must be 1 to 128 printable characters.');
  }
  return value;
}

/** A bearer-style token: printable ASCII without spaces, bounded. */
function v4Token(value: string): string {
  if (!/^[\x21-\x7e]{1,4096}$/.test(value)) throw valid.badInput('accessToken', 'must be 1 to 4096 printable characters without spaces.');
  return value;
}

function username(value: string): string {
  if (!/^[A-Za-z0-9_.@+-]{1,64}$/.test(value)) throw valid.badInput('username', 'must be 1 to 64 letters, digits or "_.@+-".');
  return value;
}

builder.mutationFields((t) => ({
  createRequestToken: t.field({
    type: RequestToken,
    description: 'Starts a user login: a new request token and the page where the user approves it.',
    resolve: async (_, __, c) => {
      const token = await c.actions.createRequestToken({});
      return { ...token, approvalUrl: c.approvalUrl(token.request_token) };
    },
  }),
  createGuestSession: t.field({
    type: GuestSession,
    description: 'A new guest session, which can rate movies, series and episodes without an account.',
    resolve: (_, __, c) => c.actions.createGuestSession({}),
  }),
  createSessionWithLogin: t.field({
    type: Session,
    description:
      'Logs in without the approval page: approves the request token with the username and password of the account, then exchanges it for a user session. Wrong username or password: UNAUTHENTICATED.',
    args: {
      username: t.arg.string({ required: true, description: 'User name of the account.' }),
      password: t.arg.string({ required: true, description: 'Password of the account. Never logged or echoed.' }),
      requestToken: t.arg.string({ required: true, description: 'A fresh request token from `createRequestToken`.' }),
    },
    resolve: async (_, args, c) => {
      const params = {
        username: username(args.username),
        password: password(args.password),
        requestToken: valid.token('requestToken', args.requestToken),
      };
      const approved = await c.actions.validateWithLogin(params);
      return c.actions.createSession({ requestToken: approved.request_token });
    },
  }),
  createSessionFromV4Token: t.field({
    type: Session,
    description:
      "Turns a v4 user access token (from the catalog's v4 auth flow, done outside this graph) into a user session of the same account. An invalid token: UNAUTHENTICATED.",
    args: {
      accessToken: t.arg.string({ required: true, description: 'The v4 user access token. Never logged or echoed.' }),
    },
    resolve: (_, args, c) => c.actions.createSessionFromV4Token({ accessToken: v4Token(args.accessToken) }),
  }),
  deleteSession: t.boolean({
    description: 'Ends the user session sent in X-Session-Id (logs out). True when the catalog ended it.',
    resolve: async (_, __, c) => (await c.actions.deleteSession({})).success === true,
  }),
}));
