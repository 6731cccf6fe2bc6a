import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ExampleOperation, example, examples } from './examples.ts';

/**
 * A test upstream that answers each operation of the OpenAPI description with its own 200
 * example: the top-level `id` becomes the requested one (see requestedId), `page` is honoured, and
 * `append_to_response` adds each sub-path's standalone answer under its own name. It checks the
 * bearer token and the session as the real service does (401 with status_code 7 or 3).
 */
export const TOKEN = 'contract-test-read-access-token';
export const SESSION_ID: string = example('authentication-create-session').session_id;
export const GUEST_SESSION_ID: string = example('authentication-create-guest-session').guest_session_id;
export const REQUEST_TOKEN: string = example('authentication-create-request-token').request_token;
/** Request tokens the service issued: the new one, and the one validate_with_login answers with. */
const ISSUED_TOKENS = [REQUEST_TOKEN, example('authentication-create-session-from-login').request_token];

/** One request the server received, or one sub-request it answered inside `append_to_response`. */
export interface UpstreamCall {
  operationId: string;
  method: string;
  path: string;
  query: Record<string, string>;
  contentType?: string;
  body: string;
  appended: boolean;
  status: number;
  /** The top-level id of the answer, after the rewrite. */
  answeredId?: unknown;
}

export interface ExampleServer {
  /** Base URL with the version segment, as the gateway's CATALOG_BASE_URL. */
  baseUrl: string;
  calls: UpstreamCall[];
  close(): Promise<void>;
}

type Params = Record<string, string>;
interface Failure {
  status: number;
  code: number;
  message: string;
}

const routes = examples
  .map((op) => ({ op, segments: op.path.split('/').slice(1) }))
  .map((r) => ({ ...r, literals: r.segments.filter((s) => !s.startsWith('{')).length }))
  .sort((a, b) => b.literals - a.literals);

function route(method: string, path: string): { op: ExampleOperation; params: Params } | undefined {
  let parts: string[];
  try {
    parts = path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  for (const r of routes) {
    if (r.op.method !== method || r.segments.length !== parts.length) continue;
    const params: Params = {};
    const matches = r.segments.every((s, i) => (s.startsWith('{') ? Boolean((params[s.slice(1, -1)] = parts[i])) : s === parts[i]));
    if (matches) return { op: r.op, params };
  }
  return undefined;
}

const failure = (status: number, code: number, message: string): Failure => ({ status, code, message });
const AUTH_FAILED = failure(401, 3, 'Authentication failed: You do not have permissions to access the service.');

/** The session the real service needs for this operation, checked on the query, the path or the body. */
function sessionProblem(op: ExampleOperation, params: Params, query: Params, body: Record<string, unknown>): Failure | undefined {
  const accepts = (name: string) => op.parameters.some((p) => p.in === 'query' && p.name === name);
  if (params.guest_session_id !== undefined && params.guest_session_id !== GUEST_SESSION_ID) return AUTH_FAILED;
  if (accepts('session_id')) {
    const user = query.session_id === SESSION_ID;
    const guest = accepts('guest_session_id') && query.guest_session_id === GUEST_SESSION_ID;
    if (!user && !guest) return AUTH_FAILED;
  }
  switch (op.operationId) {
    case 'authentication-create-session':
      if (!ISSUED_TOKENS.includes(String(body.request_token)))
        return failure(401, 33, 'Invalid request token: The request token is either expired or invalid.');
      break;
    case 'authentication-create-session-from-login':
      if (body.request_token !== REQUEST_TOKEN || !body.username || !body.password) {
        return failure(401, 30, 'Invalid username and/or password: You did not provide a valid login.');
      }
      break;
    case 'authentication-create-session-from-v4-token':
      if (typeof body.access_token !== 'string' || body.access_token === '') return failure(401, 35, 'Invalid token.');
      break;
    case 'authentication-delete-session':
      if (body.session_id !== SESSION_ID) return failure(404, 37, 'The requested session could not be found.');
      break;
  }
  return undefined;
}

function parametersProblem(op: ExampleOperation, query: Params): Failure | undefined {
  const missing = op.parameters.filter((p) => p.in === 'query' && p.required && query[p.name] === undefined);
  if (missing.some((p) => p.name === 'confirm'))
    return failure(400, 29, 'You must confirm this action: Please provide a confirm=true parameter.');
  if (missing.length > 0) return failure(422, 5, 'Invalid parameters: Your request parameters are incorrect.');
  return undefined;
}

/**
 * The id of the object a path asks for: its last path parameter when that is an id; for a season
 * or episode (asked by number) the id this server gives that season or episode in its details.
 */
function requestedId(op: ExampleOperation, params: Params): string | number | undefined {
  const last = [...op.path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
  if (last === 'season_number') return example('tv-season-details').id;
  if (last === 'episode_number') return example('tv-episode-details').id;
  return last?.endsWith('_id') ? params[last] : undefined;
}

/** The example, with the requested id and page. */
function answer(op: ExampleOperation, params: Params, query: Params): { body: unknown; id?: unknown } {
  const body = structuredClone(op.example);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { body };
  const record = body as Record<string, unknown>;
  const id = requestedId(op, params);
  if (id !== undefined && 'id' in record) record.id = typeof record.id === 'number' ? Number(id) : String(id);
  if ('page' in record && query.page !== undefined) record.page = Number(query.page);
  return { body: record, id: record.id };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

export async function startExampleServer(): Promise<ExampleServer> {
  const calls: UpstreamCall[] = [];

  function respond(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'public, max-age=0' });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://upstream');
    const query = Object.fromEntries(url.searchParams);
    const text = await readBody(request);
    const method = request.method ?? 'GET';
    const found = route(method, url.pathname);
    const record = (operationId: string, path: string, status: number, appended: boolean, answeredId?: unknown) =>
      calls.push({
        operationId,
        method,
        path,
        query,
        contentType: request.headers['content-type'],
        body: text,
        appended,
        status,
        answeredId,
      });
    const fail = (f: Failure, operationId = '') => {
      record(operationId, url.pathname, f.status, false);
      respond(response, f.status, { success: false, status_code: f.code, status_message: f.message });
    };

    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return fail(failure(401, 7, 'Invalid API key: You must be granted a valid key.'));
    if (!found) return fail(failure(404, 34, 'The resource you requested could not be found.'));
    const { op, params } = found;
    const body = parseJson(text);
    const problem = sessionProblem(op, params, query, body) ?? parametersProblem(op, query);
    if (problem) return fail(problem, op.operationId);

    const { body: result, id } = answer(op, params, query);
    if (method === 'GET' && query.append_to_response && result && typeof result === 'object') {
      for (const name of query.append_to_response.split(',')) {
        const sub = route('GET', `${url.pathname}/${name}`);
        if (!sub || sessionProblem(sub.op, sub.params, query, {})) continue;
        const appended = answer(sub.op, sub.params, query);
        (result as Record<string, unknown>)[name] = appended.body;
        record(sub.op.operationId, `${url.pathname}/${name}`, 200, true, appended.id);
      }
    }
    const acknowledged = method === 'POST' && [1, 12].includes((result as { status_code?: number }).status_code ?? 0);
    const status = acknowledged ? 201 : 200;
    record(op.operationId, url.pathname, status, false, id);
    respond(response, status, result);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) =>
      respond(response, 500, { success: false, status_code: 11, status_message: error.message }),
    );
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
