import type { IncomingMessage } from 'node:http';
import type { ExecutionResult } from 'graphql';
import { createGraphQLError, type FetchAPI, isAsyncIterable, processRegularResult } from 'graphql-yoga';
import { namesType } from '../common/media-type.ts';
import type { RequestState } from '../common/request-state.ts';

/*
 * The plain path (issue 34): a plain request runs through every plugin of Yoga's, but not
 * through Yoga's Node entry (its Request built from a stream of the body) nor the Fetch Response
 * Yoga would build and the front would read back: about a tenth of the CPU of a computed
 * answer of one upstream call (docs/performance.md, "The plain path").
 *
 * A request is plain when it is a GET with a query string or a POST of JSON holding one object
 * (never a batch), and its Accept names neither multipart nor event streams. For it, this does
 * what Yoga's `handle` does (graphql-yoga server.js), with Yoga's own public parts:
 * - a Fetch Request of Yoga's Fetch implementation: the URL, method and headers Yoga's Node
 *   entry would give it, the body the front has read as one Buffer (the implementation's fast
 *   case: its `json()` is one JSON.parse, where the entry's stream of it costs a chain of
 *   promises), and the request state's signal, which aborts when the client goes away;
 * - `parseRequest`: every onRequestParse hook, Yoga's parser, every onRequestParseDone hook;
 * - `getResultForParams`: every onParams hook, parse, validate, context, execute and every
 *   envelop hook, every onExecutionResult hook;
 * - then every onResultProcess hook, in order, as Yoga's processResult runs them. A clean
 *   single result whose processor is Yoga's regular one is written as JSON.stringify writes it
 *   (Yoga's stringifier gives the same bytes for a result with no errors); any other result
 *   gets the processor's own Response, written as Yoga's are.
 * A request the parser refuses by throwing, or that turns out to be a batch, is left to Yoga
 * itself before anything of it has run but the parse hooks (which only mark the request).
 *
 * What this reads of Yoga that Yoga keeps private: the onResultProcess hooks, the masking
 * options (its handleError is not exported), and that no plugin has `instrumentation`, which
 * only Yoga's `handle` runs. `createPlainPath` checks all three and throws at start when a Yoga
 * release changes them, so every test fails rather than a request going unguarded.
 */

/** What the plain path answers: bytes to write as they are, or a Response of Yoga's to write as Yoga's are. */
export type PlainAnswer = { status: number; contentType: string; body: Buffer } | { response: Response };

export interface PlainPath {
  /** The answer to a plain request; undefined leaves the request to Yoga's own entry (nothing of it has run). */
  answer(request: IncomingMessage, url: string, state: RequestState, body: Buffer | undefined): Promise<PlainAnswer | undefined>;
}

const STREAMING_ACCEPT = /multipart|event-stream/i;

/** The first byte of a body that is not JSON's white space. */
function firstByte(body: Buffer): number | undefined {
  for (const byte of body) if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return byte;
  return undefined;
}

/** Whether a request is plain, from its method, types and first byte: a request that is not goes to Yoga's entry. */
export function isPlain(request: IncomingMessage, search: string, body: Buffer | undefined): boolean {
  if (STREAMING_ACCEPT.test(request.headers.accept ?? '')) return false;
  if (request.method === 'GET') return search.length > 1;
  return (
    request.method === 'POST' &&
    body !== undefined &&
    namesType(request.headers['content-type'], 'application/json') &&
    firstByte(body) === 0x7b
  );
}

type ResultProcessor = (result: unknown, fetchAPI: FetchAPI, mediaType: string) => Response | Promise<Response>;
type OnResultProcess = (payload: Record<string, unknown>) => unknown;
interface MaskingOptions {
  maskError(error: unknown, message: string, isDev: boolean): Error;
  errorMessage: string;
  isDev: boolean;
}

/** The YogaServer surface the path runs: public, but for the three fields checked in createPlainPath. */
interface YogaServerParts {
  fetchAPI: FetchAPI;
  logger: { error(...args: unknown[]): void };
  parseRequest(request: Request, context: RequestState): Promise<ParsedRequest> | ParsedRequest;
  getResultForParams(payload: { params: unknown; request: Request }, context: RequestState): Promise<unknown> | unknown;
  onResultProcessHooks: OnResultProcess[];
  maskedErrorsOpts: MaskingOptions | null;
  instrumentation?: unknown;
}
type ParsedRequest = { response: Response; requestParserResult?: never } | { requestParserResult: unknown; response?: never };

/** Yoga's handleError for one thrown error (masked, the unexpected logged): Yoga does not export it. */
function thrownResult(yoga: YogaServerParts, error: unknown): ExecutionResult {
  const masking = yoga.maskedErrorsOpts;
  if (!masking) {
    const message = error instanceof Error ? error.message : String(error);
    return { errors: [createGraphQLError(message, { originalError: error instanceof Error ? error : undefined })] };
  }
  const masked = masking.maskError(error, masking.errorMessage, masking.isDev);
  if (masked !== error) yoga.logger.error(error);
  const graphqlError = 'extensions' in masked ? masked : createGraphQLError(masked.message, { originalError: masked });
  return { errors: [graphqlError as never] };
}

/** The plain path of one Yoga instance (createYoga's answer, which exposes its YogaServer's fields). */
export function createPlainPath(handler: unknown): PlainPath {
  const yoga = handler as YogaServerParts;
  if (!Array.isArray(yoga.onResultProcessHooks) || !('maskedErrorsOpts' in yoga) || typeof yoga.parseRequest !== 'function')
    throw new Error('plain path: this graphql-yoga release keeps its result hooks or masking elsewhere; set PLAIN_PATH=false');
  if (yoga.instrumentation)
    throw new Error("plain path: a plugin has Yoga `instrumentation`, which only Yoga's entry runs; set PLAIN_PATH=false");

  /** Every onResultProcess hook, then the processor they chose: Yoga's processResult, but for the clean JSON answer's bytes. */
  async function processed(request: Request, state: RequestState, given: unknown): Promise<PlainAnswer> {
    let result = given;
    let processor: ResultProcessor | undefined;
    let mediaType = '*/*';
    const acceptableMediaTypes: string[] = [];
    for (const hook of yoga.onResultProcessHooks) {
      await hook({
        request,
        acceptableMediaTypes,
        result,
        setResult: (next: unknown) => void (result = next),
        resultProcessor: processor,
        setResultProcessor: (next: ResultProcessor, type: string) => {
          processor = next;
          mediaType = type;
        },
        serverContext: state,
      });
    }
    if (!processor) {
      const headers = { accept: acceptableMediaTypes.join('; charset=utf-8, ') };
      return { response: new yoga.fetchAPI.Response(null, { status: 406, statusText: 'Not Acceptable', headers }) };
    }
    const single = result as ExecutionResult;
    const clean = !Array.isArray(result) && !isAsyncIterable(result) && !single.errors?.length && !single.extensions?.http;
    if (processor === (processRegularResult as ResultProcessor) && clean)
      return { status: 200, contentType: `${mediaType}; charset=utf-8`, body: Buffer.from(JSON.stringify(single)) };
    return { response: await processor(result, yoga.fetchAPI, mediaType) };
  }

  return {
    async answer(message, url, state, body) {
      const { method, headers } = message;
      const request = new yoga.fetchAPI.Request(url, {
        method,
        headers: headers as HeadersInit,
        body: body as BodyInit | undefined,
        signal: state.signal,
      });
      let parsed: ParsedRequest;
      try {
        parsed = await yoga.parseRequest(request, state);
      } catch {
        return undefined;
      }
      if (parsed.response) return { response: parsed.response };
      const params = parsed.requestParserResult;
      if (Array.isArray(params)) return undefined;
      let result: unknown;
      try {
        result = await yoga.getResultForParams({ params, request }, state);
      } catch (error) {
        result = thrownResult(yoga, error);
      }
      return processed(request, state, result);
    },
  };
}
