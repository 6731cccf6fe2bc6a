import DataLoader from 'dataloader';
import type { UpstreamClient } from './client.ts';
import { missingSessionError } from './errors.ts';
import { resources, type Resources } from './resources/all.ts';
import type { Resource } from './resources/define.ts';
import type { Session } from './types.ts';

/** Who the upstream calls of one GraphQL request are made for. */
export interface Credentials {
  accessToken?: string;
  sessionId?: string;
}

type LoaderOf<R> = R extends Resource<infer Params, infer Result> ? DataLoader<Params, Result, string> : never;

/** One DataLoader per upstream resource, keyed by the URL its parameters build. */
export type Loaders = { [K in keyof Resources]: LoaderOf<Resources[K]> };

/** Upstream writes: never cached, never batched, never retried. */
export interface Actions {
  createSession(requestToken: string): Promise<Session>;
}

function loaderFor<Params, Result>(
  client: UpstreamClient,
  credentials: Credentials,
  definition: Resource<Params, Result>,
): DataLoader<Params, Result, string> {
  const sessionId = credentials.sessionId ?? '';
  return new DataLoader<Params, Result, string>(
    async (keys) =>
      Promise.all(
        keys.map((params) => {
          if (definition.needsSession && !credentials.sessionId) return missingSessionError();
          return client.send<Result>(credentials.accessToken, definition.build(params, sessionId)).catch((e: Error) => e);
        }),
      ),
    { cacheKeyFn: (params) => client.urlOf(definition.build(params, sessionId)) },
  );
}

/** Built per request: a loader's memo must never outlive the request that filled it. */
export function createLoaders(client: UpstreamClient, credentials: Credentials): Loaders {
  const entries = Object.entries(resources).map(([name, definition]) => [
    name,
    loaderFor(client, credentials, definition as Resource<unknown, unknown>),
  ]);
  return Object.fromEntries(entries) as Loaders;
}

export function createActions(client: UpstreamClient, credentials: Credentials): Actions {
  return {
    createSession: (requestToken) =>
      client.send<Session>(credentials.accessToken, {
        method: 'POST',
        path: ['authentication', 'session', 'new'],
        body: { request_token: requestToken },
      }),
  };
}
