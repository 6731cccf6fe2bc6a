import type { IncomingMessage, ServerResponse } from 'node:http';
import { FRONT } from '../common/messages.ts';
import { jsonError } from './front-answers.ts';

/** A request body read up to a bound: the bytes, or why there are none. */
export type BoundedBody = { bytes: Buffer } | { tooLarge: true } | { aborted: true };

/**
 * Reads a request body, stopping at `limit` bytes: a larger body is never held, and reading
 * stops the moment the bound is passed (or at once, when Content-Length already says so).
 */
export function readBoundedBody(request: IncomingMessage, limit: number): Promise<BoundedBody> {
  return new Promise((resolve) => collectBody(request, limit, resolve));
}

/** readBoundedBody's work, handing its result to `done` (once). */
function collectBody(request: IncomingMessage, limit: number, done: (result: BoundedBody) => void): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    request.pause();
    done({ tooLarge: true });
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (result: BoundedBody) => {
    request.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onClose);
    done(result);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return void chunks.push(chunk);
    request.pause();
    finish({ tooLarge: true });
  };
  const onEnd = () => finish({ bytes: Buffer.concat(chunks, size) });
  const onAbort = () => finish({ aborted: true });
  const onClose = () => {
    if (!request.complete) finish({ aborted: true });
  };
  request.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onClose);
}

/**
 * The body, read within MAX_BODY_BYTES: undefined for GET and HEAD, `answered` when the
 * request got its answer already (the client went away, or 413 with `headers`).
 */
export function readRequestBody(
  request: IncomingMessage,
  response: ServerResponse,
  maxBodyBytes: number,
  headers: () => Record<string, string>,
): Promise<Buffer | undefined | 'answered'> | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  // One promise for the read and its reading: a hit waits on nothing else before its answer.
  return new Promise((resolve) => collectBody(request, maxBodyBytes, (read) => resolve(bodyOf(read, response, maxBodyBytes, headers))));
}

function bodyOf(
  read: BoundedBody,
  response: ServerResponse,
  maxBodyBytes: number,
  headers: () => Record<string, string>,
): Buffer | 'answered' {
  if ('aborted' in read) {
    response.destroy();
    return 'answered';
  }
  if ('tooLarge' in read) {
    // The rest of the body is never read: the connection closes once the client has the 413.
    jsonError(
      response,
      'PAYLOAD_TOO_LARGE',
      FRONT.bodyTooLarge(maxBodyBytes),
      { ...headers(), connection: 'close' },
      {
        limit: 'bodyBytes',
        max: maxBodyBytes,
      },
    );
    return 'answered';
  }
  return read.bytes;
}
