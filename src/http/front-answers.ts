import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { ERROR_CODES, type ErrorCode } from '../common/error-codes.ts';
import { FRONT } from '../common/messages.ts';

/** The HTTP front's own small answers and readings of the request, outside GraphQL. */

type Headers = Record<string, string>;

export function jsonError(response: ServerResponse, code: ErrorCode, message: string, headers: Headers, extra = {}) {
  const { status } = ERROR_CODES[code];
  const body = JSON.stringify({ errors: [{ message, extensions: { code, ...extra } }] });
  response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(body);
}

/** Any path the gateway does not serve: 404 with a typed body, before any GraphQL concern. */
export function notFound(response: ServerResponse, headers: Headers) {
  const body = JSON.stringify({
    errors: [{ message: FRONT.notFound, extensions: { code: 'NOT_FOUND' satisfies ErrorCode } }],
  });
  response.writeHead(404, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(body);
}

/** host[:port] as RFC 9110 allows it: a name or IPv4, or a bracketed IPv6, and a port up to 65535. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::(\d{1,5}))?$/;

export function isHost(value: string): boolean {
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A request id a client may choose: a UUID or a short token; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}
