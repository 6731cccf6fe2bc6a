/**
 * The embedded Media Catalog: a real HTTP server (node:http) that behaves like the
 * TMDB v3-compatible upstream, over deterministic generated data. Used by `npm start` when no
 * upstream is configured, by `npm run catalog`, and by the tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CatalogApi, type IncomingRequest } from './api.ts';
import { generateCatalog, type CatalogData } from './data/catalog.ts';
import { CatalogLookup } from './lookup.ts';
import { Router } from './router.ts';
import { CATALOG_ROUTES } from './routes.ts';
import { FaultInjector, type FaultRule } from './faults.ts';
import { SessionStore } from './sessions.ts';
import { createLink, sendAnswer } from './wire.ts';

export type { CatalogData } from './data/catalog.ts';
export type { FaultRule } from './faults.ts';

/** The one bearer token the catalog accepts (documented; not a secret). */
export const DEMO_TOKEN = 'demo-catalog-token.7f3c9a1e5b2d4f60a8c1e9d7b3f5a2c4';

/** Bodies larger than this are refused with 400 code 47. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface CatalogOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Delay before every response, after the request was read. Default 0. */
  latencyMs?: number;
  /** Bearer tokens accepted besides the demo token, e.g. to test per-credential caching. */
  extraTokens?: string[];
  /** Faults to inject from the start (see faults.ts); `setFaults` replaces them later. */
  faults?: FaultRule[];
  /** Answers of 1 KB or more compressed (br, else gzip) when the client asks. Default true. */
  compression?: boolean;
  /** Every answer shares one link of this many kilobits per second (wire.ts). Default: unlimited. */
  bandwidthKbps?: number;
}

export interface CatalogCall {
  method: string;
  /** Without the /3 prefix, e.g. "/movie/12/images" (still percent-encoded as received). */
  path: string;
  query: Record<string, string>;
  status: number;
  /** The W3C trace context the caller sent, if any (the gateway's tracing sends one). */
  traceparent?: string;
  /** The coding of the answer when it went compressed (wire.ts); absent when plain. */
  contentEncoding?: string;
}

export interface RunningCatalog {
  /** e.g. "http://127.0.0.1:41234/3" (includes the version segment). */
  baseUrl: string;
  demoToken: string;
  data: CatalogData;
  /** Every request received, in order, including 401/404 ones. */
  calls: CatalogCall[];
  /** Requests being answered now, and the most at once since the last resetCalls(). */
  load: { inFlight: number; maxInFlight: number };
  resetCalls(): void;
  /** Replaces the injected faults; an empty list makes the catalog healthy again. */
  setFaults(rules: FaultRule[]): void;
  /** What a user does on the website. Throws for a token the catalog never issued (or expired). */
  approveRequestToken(requestToken: string): void;
  close(): Promise<void>;
}

/** Reads the body as text, or null when it exceeds the limit (the rest is drained, not kept). */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8');
}

function splitUrl(url: string): { pathname: string; query: Record<string, string> } {
  const mark = url.indexOf('?');
  const pathname = mark === -1 ? url : url.slice(0, mark);
  const query = Object.fromEntries(new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1)));
  return { pathname, query };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export async function startCatalog(options: CatalogOptions = {}): Promise<RunningCatalog> {
  const data = generateCatalog();
  const sessions = new SessionStore(data.account.id);
  const api = new CatalogApi(
    { data, lookup: new CatalogLookup(data), sessions },
    new Router(CATALOG_ROUTES),
    new Set([DEMO_TOKEN, ...(options.extraTokens ?? [])]),
  );
  const latencyMs = options.latencyMs ?? 0;
  const calls: CatalogCall[] = [];
  const load = { inFlight: 0, maxInFlight: 0 };
  const faults = new FaultInjector();
  faults.set(options.faults ?? []);
  const wire = {
    compression: options.compression ?? true,
    link: options.bandwidthKbps ? createLink(options.bandwidthKbps) : undefined,
  };

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    load.maxInFlight = Math.max(load.maxInFlight, ++load.inFlight);
    response.once('close', () => load.inFlight--);
    const { pathname, query } = splitUrl(request.url ?? '/');
    const incoming: IncomingRequest = {
      method: request.method ?? 'GET',
      pathname,
      query,
      authorization: header(request, 'authorization'),
      ifNoneMatch: header(request, 'if-none-match'),
      body: await readBody(request),
    };
    const path = pathname === '/3' || pathname.startsWith('/3/') ? pathname.slice(2) || '/' : pathname;
    const fault = faults.match(incoming.method, path);
    if (fault && (await faults.play(fault, response))) {
      calls.push({
        method: incoming.method,
        path,
        query,
        status: fault.status ?? (fault.reset ? 0 : 200),
        traceparent: header(request, 'traceparent'),
      });
      return;
    }
    const appended = query.append_to_response;
    const appendedDelay =
      typeof appended === 'string' && appended !== ''
        ? faults.appendedLatency(
            incoming.method,
            appended.split(',').map((key) => `${path.replace(/\/$/, '')}/${key.trim()}`),
          )
        : 0;
    const outcome = api.respond(incoming);
    if (latencyMs + appendedDelay > 0) await sleep(latencyMs + appendedDelay);
    const call: CatalogCall = { method: incoming.method, path, query, status: outcome.status, traceparent: header(request, 'traceparent') };
    calls.push(call);
    const coding = await sendAnswer(request, response, outcome, wire);
    if (coding) call.contentEncoding = coding;
  }

  const server = createServer((request, response) => {
    onRequest(request, response).catch((error: unknown) => {
      // Only socket-level failures land here (client gone mid-request); nothing to answer.
      console.error(
        `catalog: request failed (${(error as Error)?.name ?? 'error'}) on ${request.method} ${splitUrl(request.url ?? '/').pathname}`,
      );
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    baseUrl: `http://${host}:${address.port}/3`,
    demoToken: DEMO_TOKEN,
    data,
    calls,
    load,
    resetCalls: () => {
      calls.length = 0;
      load.maxInFlight = load.inFlight;
    },
    setFaults: (rules) => faults.set(rules),
    approveRequestToken: (requestToken) => {
      if (!sessions.approve(requestToken)) throw new Error(`approveRequestToken: unknown or expired request token`);
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
