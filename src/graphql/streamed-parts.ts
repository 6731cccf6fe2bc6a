import type { ExecutionResult } from 'graphql';
import { type FetchAPI, isAsyncIterable, type Plugin, processRegularResult } from 'graphql-yoga';
import { PIECE_CHARS, resultPieces } from './result-pieces.ts';

/*
 * Yoga's answers in parts, `multipart/mixed` and `text/event-stream` (`@defer`/`@stream`, or a
 * single result asked that way), written as Yoga writes them, byte for byte, but each part in
 * pieces of about 64 KiB made as the client reads: Yoga stringifies a part whole and hands it on
 * in one chunk, so 24 connections that never read a 10.2 MB deferred part held +252 to +296 MB
 * (issue 42, item 6). A client that does not read holds one piece, and stops the making of the
 * rest; the front writes each piece once the client has taken the one before (src/http/deliver.ts).
 */

type Result = ExecutionResult | ExecutionResult[];

/** What Yoga calls to write a result (graphql-yoga does not export the type by name). */
type ResultProcessor = Parameters<Parameters<NonNullable<Plugin['onResultProcess']>>[0]['setResultProcessor']>[0];

/** How one kind of answer frames its parts around their JSON. */
interface Framing {
  /** The media type Yoga's processor is chosen for, and the headers it answers with (its multipart.js, sse.js). */
  type: string;
  headers: Record<string, string>;
  opening: string;
  /** The part's pieces, its framing around them. */
  part(value: Result): Generator<string, void, undefined>;
  closing: string;
  /** Whether a comment is sent between parts, every 12 s, so that proxies keep an idle stream open. */
  pings: boolean;
}

/** Yoga's multipart part: its headers, Content-Length among them, then its JSON. */
function* multipartPart(value: Result): Generator<string, void, undefined> {
  const head = (bytes: number) => `\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${bytes}\r\n\r\n`;
  const pieces = resultPieces(value);
  const first = pieces.next();
  const second = pieces.next();
  if (second.done) {
    const text = first.done ? '' : first.value;
    yield `${head(Buffer.byteLength(text))}${text}\r\n---`;
    return;
  }
  // A part of more than one piece is made twice, once to count its bytes (none kept), once to
  // send them: its length comes before it, and it never exists whole.
  let bytes = Buffer.byteLength(first.value as string) + Buffer.byteLength(second.value);
  for (const piece of pieces) bytes += Buffer.byteLength(piece);
  yield head(bytes);
  yield* resultPieces(value);
  yield '\r\n---';
}

/** Yoga's server-sent event: JSON has no line breaks, so the part's pieces make one `data` line. */
function* ssePart(value: Result): Generator<string, void, undefined> {
  yield 'event: next\ndata: ';
  yield* resultPieces(value);
  yield '\n\n';
}

const MULTIPART: Framing = {
  type: 'multipart/mixed',
  headers: { Connection: 'keep-alive', 'Content-Type': 'multipart/mixed; boundary="-"', 'Transfer-Encoding': 'chunked' },
  opening: '\r\n---',
  part: multipartPart,
  closing: '--\r\n',
  pings: false,
};

const SSE: Framing = {
  type: 'text/event-stream',
  headers: { 'Content-Type': 'text/event-stream', Connection: 'keep-alive', 'Cache-Control': 'no-cache', 'Content-Encoding': 'none' },
  opening: ':\n\n',
  part: ssePart,
  closing: 'event: complete\ndata:\n\n',
  pings: true,
};

const PING_MS = 12_000;

/**
 * The media types a request's Accept names, in the order Yoga's result processing weighs them
 * (the last listed first; utf-8 only): its accept.js, which graphql-yoga does not export.
 */
export function askedTypes(request: Request): string[] {
  const asked: string[] = [];
  for (const entry of (request.headers.get('accept') || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [type = '', ...parameters] = entry.split(';');
    const charset = parameters.find((parameter) => parameter.includes('charset='));
    if (!charset || charset === 'charset=utf-8') asked.push(type);
  }
  return asked.reverse();
}

/** Whether an asked type (wildcards allowed) names the offered one. */
export function names(asked: string, offered: string): boolean {
  const [askedMain, askedSub] = asked.split('/');
  const [main, sub] = offered.split('/');
  return (askedMain === '*' || askedMain === main) && (askedSub === '*' || askedSub === sub);
}

/**
 * The processor of ours that replaces Yoga's when Yoga chose one of its processors of parts.
 * Which one is told as Yoga chooses it (its use-result-processor.ts: event streams, then
 * multipart, then JSON, the last the Accept names winning; no multipart for a subscription), and
 * only when Yoga did choose one that is not its JSON one: graphql-yoga exports neither
 * processor of parts as a value to compare with. Its status and headers are Yoga's for parts, or
 * for a single result with data and no error of the request's (the only ones
 * answer-size.ts hands it): 200.
 */
export function partsProcessorFor(
  request: Request,
  chosen: ResultProcessor | undefined,
  subscription: boolean,
): { type: string; processor: ResultProcessor } | undefined {
  if (!chosen || chosen === processRegularResult) return undefined;
  const asked = askedTypes(request);
  const framing =
    !subscription && asked.some((type) => names(type, MULTIPART.type))
      ? MULTIPART
      : asked.some((type) => names(type, SSE.type))
        ? SSE
        : undefined;
  if (!framing) return undefined;
  const ours: ResultProcessor = (result, fetchAPI) =>
    new fetchAPI.Response(partsStream(result as Result | AsyncIterable<Result>, framing, fetchAPI), {
      status: 200,
      headers: framing.headers,
    });
  return { type: framing.type, processor: ours };
}

/** The parts' bytes, about PIECE_CHARS characters per pull; a part ready is sent before the next is awaited. */
function partsStream(result: Result | AsyncIterable<Result>, framing: Framing, fetchAPI: FetchAPI): ReadableStream<Uint8Array> {
  const parts: AsyncIterator<Result> = isAsyncIterable(result) ? result[Symbol.asyncIterator]() : once(result);
  const encoder = new fetchAPI.TextEncoder();
  let part: Generator<string, void, undefined> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let ended = false;
  return new fetchAPI.ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(framing.opening));
        if (!framing.pings) return;
        ping = setInterval(() => {
          // Between parts only, never inside a part's `data` line; as Yoga's, while the stream asks for more.
          if (!part && (controller.desiredSize ?? 0) > 0) controller.enqueue(encoder.encode(':\n\n'));
        }, PING_MS);
        ping.unref();
      },
      async pull(controller) {
        try {
          let text = '';
          while (text.length < PIECE_CHARS) {
            const piece = part?.next();
            if (piece && !piece.done) {
              text += piece.value;
              continue;
            }
            part = undefined;
            if (ended) {
              clearInterval(ping);
              controller.enqueue(encoder.encode(text + framing.closing));
              return controller.close();
            }
            if (text) break;
            const next = await parts.next();
            if (next.value != null) part = framing.part(next.value);
            ended = next.done === true;
          }
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          // The stream errors with it, as Yoga's does; the front cuts the connection.
          clearInterval(ping);
          throw error;
        }
      },
      async cancel() {
        clearInterval(ping);
        await parts.return?.();
      },
    },
    // One piece made ahead, not more: the client's reading pulls the rest.
    { highWaterMark: 1 },
  );
}

/** A single result as parts: itself, once. */
function once(result: Result): AsyncIterator<Result> {
  let given = false;
  return {
    next: async () => {
      if (given) return { done: true, value: undefined };
      given = true;
      return { done: false, value: result };
    },
  };
}
