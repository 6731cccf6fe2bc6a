import DataLoader from 'dataloader';
import type { Credentials } from '../common/credentials.ts';
import type { UpstreamClient } from './client.ts';
import type { CallScope, FreshnessObserver, UpstreamRequest } from './request.ts';
import { missingSessionError, UpstreamError } from './answer.ts';
import { languageDefaults, withLanguage, type LanguageDefaults } from './language.ts';
import { createMerger, type Send } from './merge.ts';
import type { Operation, Resource, SessionQuery } from './api/define.ts';
import { resources, writes, type Resources, type Writes } from './api/registry.ts';

/** The registry's tables, by name: read once, here, and not on every request. */
const RESOURCES = resources as Record<string, Resource<unknown, unknown>>;
const WRITES = writes as Record<string, Operation<unknown, unknown>>;

type LoaderOf<R> = R extends Resource<infer Params, infer Result> ? DataLoader<Params, Result, string> : never;
type ActionOf<W> = W extends Operation<infer Params, infer Result> ? (params: Params) => Promise<Result> : never;

/** One DataLoader per upstream resource, keyed by the URL its parameters build. */
export type Loaders = { [K in keyof Resources]: LoaderOf<Resources[K]> };

/** Upstream writes: never memoised, never batched, never retried. */
export type Actions = { [K in keyof Writes]: ActionOf<Writes[K]> };

/** The session parameters a call needs, or the error that stops it before any upstream call. */
function sessionFor(operation: Operation<unknown, unknown>, credentials: Credentials): SessionQuery | UpstreamError {
  if (operation.needs === 'none') return {};
  if (operation.needs === 'guest') {
    if (credentials.guestSessionId) return { guest_session_id: credentials.guestSessionId };
    return missingSessionError('guest-session');
  }
  if (credentials.sessionId) return { session_id: credentials.sessionId };
  if (operation.needs === 'user-or-guest' && credentials.guestSessionId) return { guest_session_id: credentials.guestSessionId };
  return missingSessionError(operation.needs === 'user-or-guest' ? 'any-session' : 'user-session');
}

/** Which part of an incremental (@defer) answer a load works for. */
export type Phase = 'initial' | 'deferred';

type PhasedSend = (request: UpstreamRequest, deferred: boolean) => Promise<unknown>;

function loaderFor(
  client: UpstreamClient,
  send: PhasedSend,
  definition: Resource<unknown, unknown>,
  credentials: Credentials,
  language: LanguageDefaults | undefined,
  phase?: () => Phase | undefined,
) {
  const session = sessionFor(definition, credentials);
  // Each key's request, built once: for its cache key (its URL), then for its call.
  const built = new WeakMap<object, UpstreamRequest>();
  const build = (params: unknown, query: SessionQuery) => {
    const kept = built.get(params as object);
    if (kept) return kept;
    const made = definition.build(params, query);
    const request = language ? withLanguage(made, language) : made;
    if (typeof params === 'object' && params !== null) built.set(params, request);
    return request;
  };
  // Without its session every key fails alike, and its path could not even be built.
  const keyOf = (params: unknown) => (session instanceof UpstreamError ? 'no-session' : client.urlOf(build(params, session)));
  // The keys first asked for by a deferred field: the first asker decides, as the memo is shared.
  const phases = new Map<string, Phase>();
  const failed = (error: unknown) => error as Error;
  const loader = new DataLoader<unknown, unknown, string>(
    async (keys) =>
      Promise.all(
        keys.map((params) => {
          if (session instanceof UpstreamError) return session;
          // Per key: one key that cannot be built or fetched fails alone, not its whole batch.
          try {
            const deferred = phases.size > 0 && phases.get(keyOf(params)) === 'deferred';
            return send(build(params, session), deferred).catch(failed);
          } catch (error) {
            return error as Error;
          }
        }),
      ),
    { cacheKeyFn: keyOf },
  );
  if (!phase) return loader;
  const load = loader.load.bind(loader);
  loader.load = (params) => {
    const current = phase();
    // Only an operation with @defer has phases; every other one takes the plain path.
    if (current !== undefined) {
      const key = keyOf(params);
      if (!phases.has(key)) phases.set(key, current);
    }
    return load(params);
  };
  return loader;
}

export interface LoaderOptions {
  appendToResponse: boolean;
  /** When the GraphQL request's upstream work must be over (epoch ms), retries included. */
  deadline: number;
  /** Told how long each answer stays fresh (see FreshnessObserver). */
  observe?: FreshnessObserver;
  /** The phase the current resolver works for; undefined when the operation defers nothing. */
  phase?: () => Phase | undefined;
  /** The request's lane of the rate budget and its client's abort signal. */
  scope?: CallScope;
  /** The language every call that takes one asks in (language.ts); undefined: the upstream's default. */
  language?: string;
}

/**
 * Built per request: a loader's memo must never outlive the request that filled it. With
 * `appendToResponse`, sub-resource loads of one parent in one tick share one upstream call;
 * user-specific loads never merge, so the shared parts stay cacheable.
 */
export function createLoaders(client: UpstreamClient, credentials: Credentials, options: LoaderOptions): Loaders {
  const direct: Send = (request) => client.send(credentials.accessToken, request, options.deadline, options.observe, options.scope);
  const language = options.language === undefined ? undefined : languageDefaults(options.language);
  const merger = options.appendToResponse ? createMerger(direct, language) : undefined;
  const merged: PhasedSend | undefined = merger && ((request, deferred) => merger.fetch(request, deferred));
  // Each loader is created on first use: a request builds only the few it needs out of the
  // hundreds the graph has. A loader holds its resource: the table is read only to make it.
  const made = new Map<string | symbol, DataLoader<unknown, unknown, string>>();
  return new Proxy({} as Loaders, {
    get(_, name) {
      let loader = made.get(name);
      if (loader) return loader;
      const resource = typeof name === 'string' && Object.hasOwn(RESOURCES, name) ? RESOURCES[name] : undefined;
      if (!resource) return undefined;
      // Only merged calls care about phases: a direct call is its own call either way.
      const mergeable = merged && resource.needs === 'none';
      loader = mergeable
        ? loaderFor(client, merged, resource, credentials, language, options.phase)
        : loaderFor(client, direct, resource, credentials, language);
      made.set(name, loader);
      return loader;
    },
  });
}

/**
 * Each write's function is made on first use, as loaders are: only a mutation needs one, and
 * building all of them for every request showed in profiles (docs/performance.md).
 */
export function createActions(
  client: UpstreamClient,
  credentials: Credentials,
  deadline: number,
  observe?: FreshnessObserver,
  scope?: CallScope,
): Actions {
  const made = new Map<string, (params: unknown) => Promise<unknown>>();
  return new Proxy({} as Actions, {
    get(_, name) {
      const operation = typeof name === 'string' && Object.hasOwn(WRITES, name) ? WRITES[name] : undefined;
      if (typeof name !== 'string' || !operation) return undefined;
      let action = made.get(name);
      if (!action) {
        action = async (params: unknown) => {
          const session = sessionFor(operation, credentials);
          if (session instanceof UpstreamError) throw session;
          return client.send(credentials.accessToken, operation.build(params, session), deadline, observe, scope);
        };
        made.set(name, action);
      }
      return action;
    },
  });
}
