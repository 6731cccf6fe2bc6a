import { Agent, request, type Dispatcher } from 'undici';
import {
  errorFromResponse,
  malformedResponseError,
  missingCredentialError,
  timeoutError,
  UpstreamError,
  unreachableError,
} from './errors.ts';

export type QueryValue = string | number | boolean | undefined;

export interface UpstreamRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Path segments below the base URL; each one is encoded, so none can add a path or a parameter. */
  path: ReadonlyArray<string | number>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Injectable so tests and settings can swap the connection pool. */
  dispatcher?: Dispatcher;
}

export interface UpstreamClient {
  /** Sends one request with the given bearer token and returns the parsed JSON body. */
  send<T>(accessToken: string | undefined, req: UpstreamRequest): Promise<T>;
  /** The URL a request would go to, without credentials: the identity of a resource. */
  urlOf(req: UpstreamRequest): string;
  close(): Promise<void>;
}

function encodeSegment(segment: string | number): string {
  // encodeURIComponent leaves "." alone, and "." or ".." would be normalised into another path.
  return encodeURIComponent(String(segment)).replace(/\./g, '%2E');
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const ownsDispatcher = !options.dispatcher;
  const dispatcher =
    options.dispatcher ??
    new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 64, pipelining: 1 });

  function urlOf(req: UpstreamRequest): string {
    const path = req.path.map(encodeSegment).join('/');
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(req.query ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
      if (value !== undefined) params.append(name, String(value));
    }
    const query = params.toString();
    return `${base}/${path}${query ? `?${query}` : ''}`;
  }

  async function send<T>(accessToken: string | undefined, req: UpstreamRequest): Promise<T> {
    if (!accessToken) throw missingCredentialError();
    const signal = AbortSignal.timeout(options.timeoutMs);
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${accessToken}`,
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
    let response: Dispatcher.ResponseData;
    let text: string;
    try {
      response = await request(urlOf(req), {
        method: req.method ?? 'GET',
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        dispatcher,
        signal,
      });
      text = await response.body.text();
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      if (signal.aborted) throw timeoutError();
      throw unreachableError();
    }
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      if (response.statusCode >= 400) throw errorFromResponse(response.statusCode, undefined);
      throw malformedResponseError();
    }
    if (response.statusCode < 200 || response.statusCode > 299) throw errorFromResponse(response.statusCode, body);
    if (body === null || typeof body !== 'object') throw malformedResponseError();
    return body as T;
  }

  return {
    send,
    urlOf,
    async close() {
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}
