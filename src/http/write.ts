import type { ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import { compressor, type Encoding } from './compression.ts';

/**
 * Writing with back-pressure and a write timeout (WRITE_TIMEOUT_MS): an answer goes out only as
 * fast as its client takes it, and a client that takes nothing for the timeout is dropped, so
 * that no client holds the gateway's memory without bound by not reading.
 */

/** WRITE_TIMEOUT_MS's default, for a front built without it (tests). */
export const WRITE_TIMEOUT_MS = 30_000;

/**
 * Resolves true once the client has taken what is buffered ('drain'), false when the
 * connection closed first or the client took nothing for `timeoutMs` (then it is destroyed).
 */
function drained(response: ServerResponse, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (taken: boolean) => {
      clearTimeout(timer);
      response.off('drain', onDrain);
      response.off('close', onClose);
      resolve(taken);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    const timer = setTimeout(() => {
      response.destroy();
      done(false);
    }, timeoutMs);
    response.on('drain', onDrain);
    response.on('close', onClose);
  });
}

/**
 * Writes every chunk, each once the client has taken the ones before, then ends the answer.
 * A client that goes away (or is dropped) reads no more: the chunks' source is stopped at once,
 * even while it waits for work behind the next chunk (a deferred part), and that work with it.
 */
export async function writeAll(response: ServerResponse, chunks: AsyncIterator<Uint8Array>, timeoutMs: number): Promise<void> {
  const stop = () => void Promise.resolve(chunks.return?.()).catch(() => undefined);
  response.once('close', stop);
  try {
    for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
      if (response.destroyed) return;
      if (!response.write(chunk.value) && !(await drained(response, timeoutMs))) return;
    }
  } catch (error) {
    // Stopped because the client went: nothing to say. A source that failed on its own is the
    // front's to log (it then cuts the connection: the client cannot get the rest of its answer).
    if (response.destroyed) return;
    throw error;
  }
  if (!response.destroyed) endWithin(response, undefined, timeoutMs);
}

/** A body written as it comes (writeAll), compressed on the way when `encoding` is given. */
export function writeBody(response: ServerResponse, body: ReadableStream<Uint8Array>, encoding: Encoding | undefined, timeoutMs: number) {
  const chunks = chunksOf(body);
  if (!encoding) return writeAll(response, chunks, timeoutMs);
  // Readable.from, not fromWeb: Yoga's streams are its ponyfill's, which fromWeb refuses.
  const compressed = pipeline(Readable.from({ [Symbol.asyncIterator]: () => chunks }), compressor(encoding), () => undefined);
  return writeAll(response, compressed[Symbol.asyncIterator](), timeoutMs);
}

/** A body's chunks, read one at a time; stopping them cancels the body, even while a read waits. */
function chunksOf(body: ReadableStream<Uint8Array>): AsyncIterator<Uint8Array> {
  const reader = body.getReader();
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    return: async () => {
      await reader.cancel();
      return { done: true, value: undefined };
    },
  };
}

/**
 * Ends the answer with its last bytes. What the socket could not take at once waits in memory
 * until the client reads it: the connection is destroyed if that has not happened within
 * `timeoutMs`. An answer the socket took whole costs no timer.
 */
export function endWithin(response: ServerResponse, bytes: Uint8Array | string | undefined, timeoutMs: number): void {
  response.end(bytes);
  if (response.writableFinished || response.writableLength === 0) return;
  const timer = setTimeout(() => response.destroy(), timeoutMs);
  response.once('close', () => clearTimeout(timer));
  response.once('finish', () => clearTimeout(timer));
}
