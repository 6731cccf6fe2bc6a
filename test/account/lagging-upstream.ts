import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listen } from '../helpers.ts';

/**
 * A real HTTP proxy between the gateway and the catalog that behaves as the real service's
 * read replicas do: for `lagMs` after any write, a GET of an account state (`…/account_states`)
 * answers what that same URL answered before the write. Everything else passes through.
 */
export interface LaggingUpstream {
  /** Base URL to give the gateway as `catalogBaseUrl` (ends in /3, like the catalog's). */
  baseUrl: string;
  /** Account-state reads answered stale so far. */
  staleAnswers: number;
  /** Where to forward: the catalog's base URL (known only once the harness started it). */
  forwardTo(catalogBaseUrl: string): void;
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startLaggingUpstream(lagMs: number): Promise<LaggingUpstream> {
  let origin = '';
  /** The last answer of each account-state URL, as read before the latest write. */
  const remembered = new Map<string, { status: number; type: string; text: string }>();
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  const state = { staleAnswers: 0 };

  const server: Server = createServer(async (request, response) => {
    const url = request.url ?? '/';
    const isStateRead = request.method === 'GET' && /\/account_states(\?|$)/.test(url);
    if (isStateRead && Date.now() - lastWriteAt < lagMs) {
      const old = remembered.get(url);
      if (old) {
        state.staleAnswers++;
        response.writeHead(old.status, { 'content-type': old.type, 'cache-control': 'private, max-age=0' });
        response.end(old.text);
        return;
      }
    }
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const payload = isWrite ? new Uint8Array(await body(request)) : undefined;
    const answer = await fetch(`${origin}${url}`, { method: request.method, headers, body: payload });
    const text = await answer.text();
    if (isWrite && answer.ok) lastWriteAt = Date.now();
    const type = answer.headers.get('content-type') ?? 'application/json';
    if (isStateRead && answer.ok) remembered.set(url, { status: answer.status, type, text });
    const out: Record<string, string> = { 'content-type': type };
    const cache = answer.headers.get('cache-control');
    if (cache) out['cache-control'] = cache;
    response.writeHead(answer.status, out);
    response.end(text);
  });
  const port = await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    forwardTo: (catalogBaseUrl) => {
      origin = new URL(catalogBaseUrl).origin;
    },
    get staleAnswers() {
      return state.staleAnswers;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
