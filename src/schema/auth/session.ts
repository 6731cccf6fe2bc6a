import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { echo, mutationInput, mutationPayload } from '../kit/mutation.ts';
import * as valid from '../kit/validate.ts';

const CredentialCheck = builder.objectRef<Up.StatusResponse>('CredentialCheck').implement({
  description: 'The result of checking the access token of this request against the catalog.',
  fields: (t) => ({
    success: t.exposeBoolean('success', { description: 'True when the catalog accepted the token.' }),
    statusCode: t.exposeInt('status_code', { description: 'The catalog status code; 1 means success.' }),
    statusMessage: t.exposeString('status_message', { description: 'The catalog status text, such as "Success.".' }),
  }),
});

export const Session = builder.objectRef<Up.Session>('Session').implement({
  description: 'A user session. Send `sessionId` in the X-Session-Id header to act as that user.',
  fields: (t) => ({
    sessionId: t.exposeString('session_id', { description: 'The session id. Keep it secret: it acts as the user.' }),
    success: t.exposeBoolean('success', { description: 'True when the session was created.' }),
  }),
});

builder.queryFields((t) => ({
  authentication: t.field({
    nullable: true,
    type: CredentialCheck,
    description: 'Checks that the access token is valid. An invalid token is reported as an UNAUTHENTICATED error on this field.',
    resolve: (_, __, c) => c.loaders.credentialCheck.load({}),
  }),
}));

const CreateSessionInput = mutationInput('CreateSession', 'The approved request token `createSession` exchanges.', (t) => ({
  requestToken: t.string({ required: true, description: 'The approved request token.' }),
}));

/** The payload of a mutation that answers a new user session. */
export const sessionPayload = (name: string, what: string) =>
  mutationPayload<{ session: Up.Session }>(name, `The user session \`${what}\` created.`, (t) => ({
    session: t.field({ type: Session, description: 'The new user session.', resolve: (p) => p.session }),
  }));

builder.mutationFields((t) => ({
  createSession: t.field({
    nullable: true,
    type: sessionPayload('CreateSession', 'createSession'),
    description: 'Turns a request token that the user approved on the catalog site into a user session.',
    args: { input: t.arg({ type: CreateSessionInput, required: true, description: 'The approved request token.' }) },
    resolve: async (_, { input }, c) => ({
      ...echo(input),
      session: await c.actions.createSession({ requestToken: valid.token('input', input.requestToken, undefined, 'requestToken') }),
    }),
  }),
}));
