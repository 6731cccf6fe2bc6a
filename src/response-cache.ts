import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Freshness } from './context.ts';

/**
 * A cache of whole GraphQL responses in front of Yoga, for repeated POSTs of the same document
 * and variables by the same caller. A response is kept only when it has no errors and every
 * upstream answer behind it sat fresh in the shared HTTP cache, and only for as long as the
 * stalest of them stays fresh (capped): it never outlives what it was built from. Anything
 * user-specific (private or session-bound upstream answers) has no freshness, so it is never kept.
 * A hit is answered from bytes, without parsing or executing anything.
 */
export interface ResponseCacheOptions {
  maxBytes: number;
  maxTtlMs: number;
  /** Bodies larger than this are left to Yoga, which refuses them. */
  maxBodyBytes: number;
}

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  expires: number;
}

export interface ResponseCacheStats {
  hits: number;
  stores: number;
}

/** The Yoga surface the cache needs: Fetch-API handling with a server context. */
interface FetchHandler {
  fetch(input: string, init: RequestInit, serverContext: { freshness: Freshness }): Promise<Response> | Response;
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    request.on('error', reject);
  });
}

/** Every header that changes who is asking or what comes back is part of the key. */
function keyOf(request: IncomingMessage, body: Buffer): string {
  const hash = createHash('sha256');
  for (const name of ['authorization', 'x-session-id', 'x-guest-session-id', 'accept', 'content-type']) {
    hash.update(`${name}:${request.headers[name] ?? ''}\n`);
  }
  return hash.update(body).digest('base64url');
}

function hasErrors(body: Buffer): boolean {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const results = Array.isArray(parsed) ? parsed : [parsed];
    return results.some((result) => !result || typeof result !== 'object' || 'errors' in result);
  } catch {
    return true;
  }
}

export function createResponseCache(options: ResponseCacheOptions) {
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
    maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 10)),
  });
  const stats: ResponseCacheStats = { hits: 0, stores: 0 };

  function send(response: ServerResponse, entry: Pick<Entry, 'status' | 'headers' | 'body'>) {
    response.writeHead(entry.status, entry.headers).end(entry.body);
  }

  async function answer(request: IncomingMessage, response: ServerResponse, yoga: FetchHandler) {
    const body = await readBody(request, options.maxBodyBytes);
    if (!body) {
      const message = `Request body is larger than the limit of ${options.maxBodyBytes} bytes.`;
      return send(response, {
        status: 413,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: Buffer.from(JSON.stringify({ errors: [{ message, extensions: { code: 'PAYLOAD_TOO_LARGE', limit: 'bodyBytes', max: options.maxBodyBytes } }] })),
      });
    }
    const key = keyOf(request, body);
    const hit = entries.get(key);
    if (hit && Date.now() < hit.expires) {
      stats.hits++;
      return send(response, hit);
    }
    const freshness: Freshness = { freshForMs: Infinity };
    const headers = Object.entries(request.headers).flatMap(([name, value]) =>
      value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
    );
    const answered = await yoga.fetch(
      `http://${request.headers.host ?? 'localhost'}${request.url}`,
      { method: 'POST', headers, body: new Uint8Array(body) },
      { freshness },
    );
    const entry = { status: answered.status, headers: Object.fromEntries(answered.headers), body: Buffer.from(await answered.arrayBuffer()) };
    send(response, entry);
    const freshFor = Math.min(freshness.freshForMs, options.maxTtlMs);
    if (entry.status === 200 && freshFor > 0 && Number.isFinite(freshness.freshForMs) && !hasErrors(entry.body)) {
      entries.set(key, { ...entry, expires: Date.now() + freshFor });
      stats.stores++;
    }
  }

  /** Wraps Yoga's Node listener: POSTs to the GraphQL endpoint go through the cache. */
  function listener(yoga: FetchHandler & RequestListener, endpoint: string): RequestListener {
    return (request, response) => {
      const isGraphQLPost =
        request.method === 'POST' &&
        request.url?.split('?')[0] === endpoint &&
        /^application\/(graphql-response\+)?json\b/i.test(request.headers['content-type'] ?? '');
      if (!isGraphQLPost) return yoga(request, response);
      answer(request, response, yoga).catch(() => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end('{"errors":[{"message":"Unexpected error."}]}');
      });
    };
  }

  return { listener, stats };
}
