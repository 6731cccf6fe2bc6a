import { Client, fetchExchange } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import { urqlSchema } from '../schema/client-cache.ts';

export interface ClientOptions {
  /** The gateway's GraphQL endpoint, e.g. http://localhost:4000/graphql. */
  url: string;
  /** The user session (`createSession`), sent as X-Session-Id: account data and writes need it. */
  sessionId?: string;
  /** A fetch to use instead of the global one (tests pass one that records or counts). */
  fetch?: typeof fetch;
}

/**
 * The urql client the example pages share: graphcache with the keys and the schema's shape
 * generated from the schema, so value objects (credits, image sets, pages) are embedded in
 * their parent, overlapping queries on one movie add up, and the search results' union is
 * matched exactly: no warning.
 * Make a new client when the session changes: cached account data belongs to one user.
 */
export function createClient(options: ClientOptions): Client {
  const headers: Record<string, string> = options.sessionId ? { 'x-session-id': options.sessionId } : {};
  return new Client({
    url: options.url,
    exchanges: [cacheExchange({ schema: urqlSchema }), fetchExchange],
    fetch: options.fetch,
    fetchOptions: { headers },
  });
}
