import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createGraphQLError, isPromise, type Plugin, type PromiseOrValue } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { ConfigError } from '../runtime/config.ts';
import { ERROR_CODES, type ErrorCode } from '../common/error-codes.ts';
import { type ClientQuota, createClientQuota } from './client-quota.ts';
import type { ServerContext } from '../common/request-state.ts';

/**
 * Persisted operations, two ways:
 * - Automatic persisted queries (Apollo's protocol, our own plugin below): a client sends the SHA-256
 *   of its document; an unknown hash answers PERSISTED_QUERY_NOT_FOUND, and the client's retry
 *   with document and hash registers it in a store.
 * - Trusted documents: a manifest written at build time by graphql-codegen's client preset
 *   (persistedDocuments) or relay-compiler (persistConfig), a flat JSON object id → document.
 *   A client names one by `documentId` or `extensions.persistedQuery.sha256Hash`. With
 *   PERSISTED_OPERATIONS_ONLY nothing else runs.
 */

/**
 * The APQ store: anything with get/set, sync or async (memory here, Redis in fleet/redis-kv.ts).
 * The shape of Yoga's former plugin-apq `APQStore`, so stores written for it still fit.
 */
export interface PersistedQueryStore {
  get(hash: string): PromiseOrValue<string | null | undefined>;
  set(hash: string, document: string): PromiseOrValue<unknown>;
}

/** The default store: documents kept in memory, bounded in bytes, least recently used go first. */
export function createMemoryPersistedQueryStore(maxBytes: number): PersistedQueryStore {
  const documents = new LRUCache<string, string>({
    maxSize: maxBytes,
    // A JS string of ASCII costs about a byte a character; the key and the entry about 200 more.
    sizeCalculation: (document, hash) => document.length + hash.length + 200,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
  });
  return { get: (hash) => documents.get(hash), set: (hash, document) => void documents.set(hash, document) };
}

export type Manifest = ReadonlyMap<string, string>;

/** Reads a manifest at start; a missing or malformed file stops the start with one line. */
export function loadManifest(file: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'not valid JSON';
    throw new ConfigError('PERSISTED_OPERATIONS_FILE', `must name a readable JSON manifest (${reason})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('PERSISTED_OPERATIONS_FILE', 'must hold a JSON object of id → document');
  }
  const entries = Object.entries(parsed);
  if (!entries.every(([, document]) => typeof document === 'string' && document.trim() !== '')) {
    throw new ConfigError('PERSISTED_OPERATIONS_FILE', 'must map every id to a document text');
  }
  return new Map(entries as [string, string][]);
}

export interface PersistedOperationsOptions {
  /** APQ's store; undefined turns APQ off. */
  store?: PersistedQueryStore;
  /** New documents one client may register per hour (APQ_MAX_PER_CLIENT); default 100. */
  maxPerClient?: number;
  manifest?: Manifest;
  /** Only operations of the manifest run. */
  only: boolean;
}

function refusal(code: ErrorCode, message: string) {
  return createGraphQLError(message, { extensions: { code, http: { status: ERROR_CODES[code].status } } });
}

interface Params {
  query?: string;
  documentId?: unknown;
  extensions?: { persistedQuery?: { sha256Hash?: unknown } } & Record<string, unknown>;
}

/** The id a request names: `documentId` (body, or query string of a GET) or APQ's hash. */
function idOf(params: Params, request: Request): string | undefined {
  const id =
    params.documentId ??
    (request.method === 'GET' ? new URL(request.url).searchParams.get('documentId') : undefined) ??
    params.extensions?.persistedQuery?.sha256Hash;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Yoga's extra parameter for trusted documents. */
export const PERSISTED_PARAM_NAMES = ['documentId'];

/**
 * The manifest first (its ids may look like APQ hashes), then APQ. A plugin list for Yoga's
 * `plugins`, in order.
 */
export function persistedOperations(options: PersistedOperationsOptions): Plugin[] {
  const { manifest, only } = options;
  const trusted: Plugin = {
    onParams({ params, request, setParams }) {
      const asked = params as Params;
      const id = idOf(asked, request);
      const document = id === undefined ? undefined : manifest?.get(id);
      if (document !== undefined) {
        // A client that also sent the text (APQ's retry) must have sent this very text.
        if (asked.query !== undefined && asked.query !== document) {
          throw refusal('PERSISTED_QUERY_MISMATCH', 'The document sent is not the one stored under its id.');
        }
        const { documentId: _id, ...rest } = asked;
        setParams({ ...rest, query: document });
        return;
      }
      if (only) {
        if (id !== undefined && asked.query === undefined) throw refusal('PERSISTED_QUERY_NOT_FOUND', 'PersistedQueryNotFound');
        throw refusal(
          'PERSISTED_QUERY_REQUIRED',
          'This gateway runs only the operations of its manifest: send a documentId (or extensions.persistedQuery.sha256Hash) from it.',
        );
      }
      if (asked.documentId !== undefined && asked.query === undefined) {
        throw refusal('PERSISTED_QUERY_NOT_FOUND', 'PersistedQueryNotFound');
      }
    },
  };
  const plugins: Plugin[] = [trusted];
  if (options.store && !only) {
    const quota = createClientQuota({ max: options.maxPerClient ?? 100, windowMs: 3_600_000, maxClients: APQ_CLIENTS_TRACKED });
    plugins.push(automaticPersistedQueries(options.store, quota));
  } else {
    // Without APQ, a hash-only request gets the protocol's answer that makes a client stop hashing.
    plugins.push({
      onParams({ params }) {
        const asked = params as Params;
        if (asked.query === undefined && asked.extensions?.persistedQuery !== undefined) {
          throw refusal('PERSISTED_QUERY_NOT_SUPPORTED', 'PersistedQueryNotSupported');
        }
      },
    });
  }
  return plugins;
}

/** The longest document APQ stores: far above any real operation, far below MAX_BODY_BYTES. */
export const APQ_MAX_DOCUMENT_BYTES = 32 * 1024;

/** Clients whose APQ registrations are counted at once (client-quota.ts says which go when more come). */
export const APQ_CLIENTS_TRACKED = 10_000;

/** The hash of Apollo's APQ extension, read as its protocol spells it: version 1, a string. */
function apqHashOf(params: Params): string | undefined {
  const extension = params.extensions?.persistedQuery as { version?: unknown; sha256Hash?: unknown } | undefined;
  return extension?.version === 1 && typeof extension.sha256Hash === 'string' ? extension.sha256Hash : undefined;
}

/**
 * Automatic persisted queries, our own rather than Yoga's plugin-apq: that plugin stored a
 * document as soon as its hash matched, before it was parsed, so any text (100 KB of junk) would
 * be kept for a day, in Redis for the whole fleet, evicting the shared cache; and its peer range
 * stopped at @graphql-tools/utils 10. Here a hash alone is looked up; a document sent with its
 * hash is checked against it, and stored once it has parsed and passed validation, when it is at
 * most APQ_MAX_DOCUMENT_BYTES, and only while its client (its address, or its /64) has
 * registered fewer than APQ_MAX_PER_CLIENT new documents this hour. One over that still runs;
 * it is just not kept.
 */
function automaticPersistedQueries(store: PersistedQueryStore, quota: ClientQuota): Plugin {
  /** Documents whose hash was checked, waiting for validation to say whether they are kept. */
  const offered = new WeakMap<Request, { hash: string; query: string }>();
  /** Registrations under way, which the request's execution waits for. */
  const registering = new WeakMap<Request, Promise<unknown>>();
  return {
    onParams({ params, request, setParams }) {
      const hash = apqHashOf(params as Params);
      if (hash === undefined) return;
      const { query } = params;
      if (query == null) {
        // Synchronous stores answer without a promise, so a memory hit costs no extra tick.
        const found = store.get(hash);
        const use = (stored: string | null | undefined) => {
          if (stored == null) throw refusal('PERSISTED_QUERY_NOT_FOUND', 'PersistedQueryNotFound');
          setParams({ ...params, query: stored });
        };
        return isPromise(found) ? found.then(use) : use(found);
      }
      // Only a document that is its hash's own is offered: a store keyed by a hash the text
      // does not have would answer later hash-only requests with another client's document.
      if (sha256(query) !== hash) throw refusal('PERSISTED_QUERY_MISMATCH', 'PersistedQueryMismatch');
      offered.set(request, { hash, query });
    },
    onValidate({ context }) {
      const { request, state } = context as { request?: Request } & ServerContext;
      const document = request && offered.get(request);
      if (!document) return;
      return ({ valid }) => {
        if (!valid || Buffer.byteLength(document.query) > APQ_MAX_DOCUMENT_BYTES) return;
        const client = state?.clientNetwork ?? 'unknown';
        // Counted now, before the store answers: counted after, every registration sent at once
        // (or before the store's answer came back) passed the bound. Given back when the
        // document was known already, or when the store failed.
        if (!quota.take(client)) return;
        const stored = Promise.resolve(store.get(document.hash))
          .then((found) => {
            if (found != null) {
              quota.giveBack(client);
              return;
            }
            return store.set(document.hash, document.query);
          })
          .catch(() => quota.giveBack(client));
        registering.set(request, stored);
      };
    },
    // The answer waits for the store (a Redis store answers within its command timeout), so a
    // hash-only request to another instance right after the registering answer finds it.
    onExecute({ args }) {
      const { request } = args.contextValue as { request?: Request };
      const stored = request && registering.get(request);
      if (stored) return stored.then(() => undefined);
    },
  };
}
