import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { instant } from '../kit/dates.ts';
import { echo, mutationInput, mutationPayload } from '../kit/mutation.ts';
import { selectsOnly } from '../kit/selection.ts';
import * as valid from '../kit/validate.ts';
import { GuestSession } from './guest-session.ts';
import { sessionPayload } from './session.ts';

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
    throw valid.badInput('input', 'must be 1 to 128 printable characters.', 'password');
  }
  return value;
}

/** A bearer-style token: printable ASCII without spaces, bounded. */
function v4Token(value: string): string {
  if (!/^[\x21-\x7e]{1,4096}$/.test(value))
    throw valid.badInput('input', 'must be 1 to 4096 printable characters without spaces.', 'accessToken');
  return value;
}

/** An app's return address: an absolute http(s) URL without credentials, bounded. */
function redirectUrl(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const problem = 'must be an absolute http or https URL without user name or password, at most 2048 characters.';
  if (value.length > 2048 || !URL.canParse(value)) throw valid.badInput('input', problem, 'redirectTo');
  const url = new URL(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
    throw valid.badInput('input', problem, 'redirectTo');
  }
  return url.href;
}

function username(value: string): string {
  if (!/^[A-Za-z0-9_.@+-]{1,64}$/.test(value)) throw valid.badInput('input', 'must be 1 to 64 letters, digits or "_.@+-".', 'username');
  return value;
}

const EndSessionPayload = mutationPayload<{ ended: boolean; accountId: number | null }>('EndSession', 'What `endSession` ended.', (t) => ({
  ended: t.exposeBoolean('ended', { description: 'True when the catalog ended the session.' }),
  accountId: t.exposeInt('accountId', {
    nullable: true,
    description:
      'The account the session belonged to (looked up before the session ends, only when selected); null when the lookup failed.',
  }),
}));

const CreateRequestTokenInput = mutationInput('CreateRequestToken', 'Where `createRequestToken` sends the user back.', (t) => ({
  redirectTo: t.string({
    required: false,
    description:
      "Where the catalog site sends the user after the approval (a single-page app's own page): an absolute http(s) URL, carried in `approvalUrl` as `?redirect_to=`. The site appends `request_token` and `approved`.",
  }),
}));
const CreateRequestTokenPayload = mutationPayload<{ requestToken: Up.RequestToken & { approvalUrl: string } }>(
  'CreateRequestToken',
  'The request token `createRequestToken` made.',
  (t) => ({ requestToken: t.field({ type: RequestToken, description: 'The new request token.', resolve: (p) => p.requestToken }) }),
);

const CreateGuestSessionInput = mutationInput(
  'CreateGuestSession',
  'Nothing but `clientMutationId`: a guest session needs no input.',
  () => ({}),
);
const CreateGuestSessionPayload = mutationPayload<{ guestSession: Up.GuestSession }>(
  'CreateGuestSession',
  'The guest session `createGuestSession` made.',
  (t) => ({ guestSession: t.field({ type: GuestSession, description: 'The new guest session.', resolve: (p) => p.guestSession }) }),
);

const CreateSessionWithLoginInput = mutationInput(
  'CreateSessionWithLogin',
  'The credentials `createSessionWithLogin` logs in with.',
  (t) => ({
    username: t.string({ required: true, description: 'User name of the account.' }),
    password: t.string({ required: true, description: 'Password of the account. Never logged or echoed.' }),
    requestToken: t.string({ required: true, description: 'A fresh request token from `createRequestToken`.' }),
  }),
);

const CreateSessionFromV4TokenInput = mutationInput(
  'CreateSessionFromV4Token',
  'The v4 token `createSessionFromV4Token` converts.',
  (t) => ({
    accessToken: t.string({ required: true, description: 'The v4 user access token. Never logged or echoed.' }),
  }),
);

const EndSessionInput = mutationInput('EndSession', 'Nothing but `clientMutationId`: the session is the one in X-Session-Id.', () => ({}));

/** An input that holds nothing required: optional, `{}` when left out. */
const optionalInput = { required: false, defaultValue: {} } as const;

/**
 * Ends the session; the account it named is forgotten with it. The account is learnt first
 * when the answer asks for it (after the end the session can no longer name it); usually it is
 * already known, at no call.
 */
async function endSession(c: GatewayContext, wantsAccount: boolean): Promise<{ ended: boolean; accountId: number | null }> {
  const accountId = wantsAccount ? await c.sessionAccountId().catch(() => null) : null;
  const ended = (await c.actions.deleteSession({})).success === true;
  if (ended) c.forgetSessionAccount();
  return { ended, accountId };
}

builder.mutationFields((t) => ({
  createRequestToken: t.field({
    nullable: true,
    type: CreateRequestTokenPayload,
    description: 'Starts a user login: a new request token and the page where the user approves it.',
    args: {
      input: t.arg({ type: CreateRequestTokenInput, ...optionalInput, description: 'Where to send the user back; may be left out.' }),
    },
    resolve: async (_, { input }, c) => {
      const redirectTo = redirectUrl(input?.redirectTo);
      const token = await c.actions.createRequestToken({});
      return { ...echo(input), requestToken: { ...token, approvalUrl: c.approvalUrl(token.request_token, redirectTo) } };
    },
  }),
  createGuestSession: t.field({
    nullable: true,
    type: CreateGuestSessionPayload,
    description: 'A new guest session, which can rate movies, series and episodes without an account.',
    args: { input: t.arg({ type: CreateGuestSessionInput, ...optionalInput, description: 'Only `clientMutationId`; may be left out.' }) },
    resolve: async (_, { input }, c) => ({ ...echo(input), guestSession: await c.actions.createGuestSession({}) }),
  }),
  createSessionWithLogin: t.field({
    nullable: true,
    type: sessionPayload('CreateSessionWithLogin', 'createSessionWithLogin'),
    description:
      'Logs in without the approval page: approves the request token with the username and password of the account, then exchanges it for a user session. Wrong username or password: UNAUTHENTICATED.',
    args: { input: t.arg({ type: CreateSessionWithLoginInput, required: true, description: 'The credentials and the request token.' }) },
    resolve: async (_, { input }, c) => {
      const params = {
        username: username(input.username),
        password: password(input.password),
        requestToken: valid.token('input', input.requestToken, undefined, 'requestToken'),
      };
      const approved = await c.actions.validateWithLogin(params);
      return { ...echo(input), session: await c.actions.createSession({ requestToken: approved.request_token }) };
    },
  }),
  createSessionFromV4Token: t.field({
    nullable: true,
    type: sessionPayload('CreateSessionFromV4Token', 'createSessionFromV4Token'),
    description:
      "Turns a v4 user access token (from the catalog's v4 auth flow, done outside this graph) into a user session of the same account. An invalid token: UNAUTHENTICATED.",
    args: { input: t.arg({ type: CreateSessionFromV4TokenInput, required: true, description: 'The v4 user access token.' }) },
    resolve: async (_, { input }, c) => ({
      ...echo(input),
      session: await c.actions.createSessionFromV4Token({ accessToken: v4Token(input.accessToken) }),
    }),
  }),
  endSession: t.field({
    nullable: true,
    type: EndSessionPayload,
    description:
      "Ends the user session sent in X-Session-Id (logs out). Answers whether the catalog ended it and the account it belonged to (clear that account's cached data). UNAUTHENTICATED without a session.",
    args: { input: t.arg({ type: EndSessionInput, ...optionalInput, description: 'Only `clientMutationId`; may be left out.' }) },
    resolve: async (_, { input }, c, info) => ({
      ...echo(input),
      ...(await endSession(c, !selectsOnly(info, ['ended', '__typename', 'clientMutationId']))),
    }),
  }),
}));
