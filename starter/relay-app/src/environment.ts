import { Environment, RecordSource, Store } from 'relay-runtime';
import { createRelayNetwork } from '../../src/relay-network.ts';

/** The gateway's endpoint, fixed at build time: `VITE_GATEWAY_URL=https://gateway.example/graphql npm run build`. */
export const gatewayUrl: string = import.meta.env.VITE_GATEWAY_URL ?? 'http://localhost:4000/graphql';

/**
 * One store per session: signing in starts a new environment whose network sends the session in
 * X-Session-Id, so nothing read for the anonymous visitor is shown as the user's, and back.
 * Relay's default store keys records on `id`, the global id that names an object in one language,
 * so a French and an English page of a movie are two records that never overwrite each other.
 */
export function createEnvironment(sessionId?: string): Environment {
  return new Environment({
    network: createRelayNetwork(gatewayUrl, sessionId ? { 'x-session-id': sessionId } : {}),
    store: new Store(new RecordSource()),
  });
}
