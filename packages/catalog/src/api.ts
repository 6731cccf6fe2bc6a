/**
 * One request in, one response out: auth, routing, body parsing, append_to_response and the
 * caching headers. No sockets here (server.ts does those), and nothing thrown escapes: any
 * input gets an answer in the real service's error format.
 */
import { appendToResponse } from './append.ts';
import { CACHE, cacheControl, etagMatches, weakEtag } from './caching.ts';
import { CODE, CatalogError } from './errors.ts';
import type { Query } from './params.ts';
import { approvalPage } from './routes/authentication.ts';
import { answerLanguage, translateAnswer } from './translate.ts';
import type { CatalogState, Router } from './router.ts';

export interface IncomingRequest {
  method: string;
  /** Raw (still percent-encoded) path, e.g. "/3/movie/12/images". */
  pathname: string;
  query: Query;
  authorization?: string;
  ifNoneMatch?: string;
  /** The raw body; null when it was too large to read. */
  body: string | null;
}

export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

const JSON_TYPE = 'application/json;charset=utf-8';

function errorOutcome(error: CatalogError): Outcome {
  const headers: Record<string, string> = { 'content-type': JSON_TYPE };
  // The real service lets caches keep a bad-key 401 for 5 minutes; other errors carry no Cache-Control.
  if (error.code === CODE.invalidApiKey) headers['cache-control'] = cacheControl(CACHE.invalidApiKey);
  return { status: error.httpStatus, headers, body: JSON.stringify(error.body) };
}

/** Splits and decodes the path; undefined when a segment is not valid percent-encoding. */
function pathSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

function parseBody(text: string | null): Record<string, unknown> {
  if (text === null) throw new CatalogError(CODE.invalidInput);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CatalogError(CODE.invalidInput);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CatalogError(CODE.invalidInput);
  return parsed as Record<string, unknown>;
}

export class CatalogApi {
  private readonly state: CatalogState;
  private readonly router: Router;
  /** Bearer tokens the catalog accepts: the demo token, plus any a test adds. */
  private readonly tokens: ReadonlySet<string>;

  constructor(state: CatalogState, router: Router, tokens: ReadonlySet<string>) {
    this.state = state;
    this.router = router;
    this.tokens = tokens;
  }

  respond(request: IncomingRequest): Outcome {
    try {
      return this.answer(request);
    } catch (error) {
      if (error instanceof CatalogError) return errorOutcome(error);
      // Name only: a message or stack could quote the request URL and its session_id.
      console.error(`catalog: unexpected ${(error as Error)?.name ?? 'error'} answering ${request.method} ${request.pathname}`);
      return errorOutcome(new CatalogError(CODE.internalError));
    }
  }

  private answer(request: IncomingRequest): Outcome {
    const segments = pathSegments(request.pathname);
    const [first, requestToken, ...more] = segments ?? [];
    if (first === 'authenticate' && requestToken !== undefined && more.length === 0 && request.method === 'GET') {
      const redirectTo = request.query.redirect_to;
      const page = approvalPage(this.state.sessions, requestToken, typeof redirectTo === 'string' ? redirectTo : undefined);
      const headers: Record<string, string> = { 'content-type': 'text/html;charset=utf-8', 'cache-control': 'no-store' };
      if (page.location) headers.location = page.location;
      return { status: page.status, headers, body: page.html };
    }
    if (segments?.[0] !== '3') throw new CatalogError(CODE.notFound);
    if (!this.isAuthorized(request.authorization)) throw new CatalogError(CODE.invalidApiKey);

    const apiSegments = segments.slice(1);
    const match = this.router.match(request.method, apiSegments);
    if (match === undefined) throw new CatalogError(CODE.notFound);
    if (match === 'wrong-method') throw new CatalogError(CODE.methodNotSupported);

    const isWrite = request.method !== 'GET';
    const routeRequest = { catalog: this.state, params: match.params, query: request.query, body: isWrite ? parseBody(request.body) : {} };
    let reply = match.route.handle(routeRequest);
    if (match.route.acceptsAppend) reply = appendToResponse(this.router, routeRequest, apiSegments, reply);
    const language = isWrite ? undefined : answerLanguage(request.query.language);
    if (language) reply = { ...reply, body: translateAnswer(this.state.data, reply.body, language) };

    const body = JSON.stringify(reply.body);
    const cache = cacheControl(reply.cache);
    const headers: Record<string, string> = { 'content-type': JSON_TYPE, 'cache-control': cache };
    if (isWrite || reply.cache.scope === 'private') return { status: reply.status ?? 200, headers, body };
    const etag = weakEtag(body);
    headers.etag = etag;
    if (etagMatches(request.ifNoneMatch, etag)) {
      return { status: 304, headers: { 'cache-control': cache, etag } };
    }
    return { status: reply.status ?? 200, headers, body };
  }

  private isAuthorized(header: string | undefined): boolean {
    const token = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    return token !== undefined && this.tokens.has(token);
  }
}
