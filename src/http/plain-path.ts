import type { IncomingMessage } from 'node:http';
import type { ExecutionResult } from 'graphql';
import { createGraphQLError, type FetchAPI, isAsyncIterable, processRegularResult } from 'graphql-yoga';
import type { RequestState } from '../common/request-state.ts';
import { headerValue } from './front-answers.ts';

/*
 * PROTOTYPE (issue 34, branch lean-path): the plain path. A plain request (GET, or a POST of
 * application/json; one operation with its `query` as text and nothing but `variables` and
 * `operationName` beside it; an Accept that names neither multipart nor event streams; no
 * @defer or @stream in the text) skips Yoga's HTTP layer (the Fetch Request built from the
 * Node message, the request parser, the Fetch Response and its body) but keeps Yoga's plugin
 * pipeline: `getResultForParams` runs every onParams hook, then parse, validate, context and
 * execute through `getEnveloped` with every onParse/onValidate/onContextBuilding/onExecute hook;
 * then every onResultProcess hook runs here, as Yoga's processResult runs them. A clean single
 * result whose processor is Yoga's regular one is serialised with JSON.stringify (what Yoga's
 * stringifier does for a result with no errors and no `http` extension); any other result gets
 * the processor's own Fetch Response, written as Yoga's are.
 *
 * Anything else, and anything this cannot decide before running, goes to Yoga as before.
 */

/** The parameters of a plain request. */
export interface PlainParams {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

const PLAIN_KEYS = new Set(['query', 'variables', 'operationName']);
const STREAMING_ACCEPT = /multipart|event-stream/i;
const INCREMENTAL = /@(defer|stream)\b/;

/** A JSON body as the writes fence reads one (src/graphql/protections.ts, postTypeAllowed): the first type, its case kept. */
function isJsonBody(header: string | undefined): boolean {
  const first = header?.split(',')[0];
  return first === 'application/json' || first?.startsWith('application/json;') === true;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function paramsOf(asked: Record<string, unknown>): PlainParams | undefined {
  for (const key of Object.keys(asked)) if (!PLAIN_KEYS.has(key)) return undefined;
  const { query, variables, operationName } = asked;
  if (typeof query !== 'string' || INCREMENTAL.test(query)) return undefined;
  if (variables != null && !isRecord(variables)) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  return { query, variables: variables ?? undefined, operationName: operationName ?? undefined };
}

/** The request's parameters when it is plain; undefined sends it to Yoga, which answers every other case (errors included). */
export function plainParams(request: IncomingMessage, search: string, body: Buffer | undefined): PlainParams | undefined {
  if (STREAMING_ACCEPT.test(request.headers.accept ?? '')) return undefined;
  try {
    if (request.method === 'POST') {
      if (!body || !isJsonBody(request.headers['content-type'])) return undefined;
      const asked: unknown = JSON.parse(body.toString('utf8'));
      return isRecord(asked) ? paramsOf(asked) : undefined;
    }
    if (request.method !== 'GET' || search === '') return undefined;
    const asked: Record<string, unknown> = {};
    for (const [name, value] of new URLSearchParams(search)) {
      if (name in asked) return undefined;
      asked[name] = name === 'variables' ? JSON.parse(value) : value;
    }
    return paramsOf(asked);
  } catch {
    return undefined;
  }
}

/**
 * What the plugins read of a request (method, url, headers.get, the signal, identity as a
 * WeakMap key), without building a Fetch Request. PROTOTYPE: a plugin reading anything else of
 * it would break; a mergeable version needs a type check of that (or a real Request).
 */
function lightRequest(request: IncomingMessage, url: string, signal: AbortSignal | undefined): Request {
  const get = (name: string) => headerValue(request.headers, name);
  const headers = { get, has: (name: string) => get(name) !== null };
  return { method: request.method ?? 'GET', url, headers, signal } as unknown as Request;
}

/** The Yoga instance's surface this path runs: public, but for the hooks and masking Yoga keeps private. */
export interface PlainYoga {
  fetchAPI: FetchAPI;
  logger: { debug(...args: unknown[]): void; error(...args: unknown[]): void };
  getResultForParams(payload: { params: PlainParams; request: Request }, context: RequestState): Promise<unknown> | unknown;
}
type ResultProcessor = (result: unknown, fetchAPI: FetchAPI, mediaType: string) => Response | Promise<Response>;
type OnResultProcess = (payload: Record<string, unknown>) => unknown;
type OnRequestParseDone = (payload: { requestParserResult: unknown; setRequestParserResult(next: unknown): void }) => unknown;
type OnRequestParse = (payload: Record<string, unknown>) => unknown;
interface YogaPrivates {
  onRequestParseHooks: OnRequestParse[];
  onResultProcessHooks: OnResultProcess[];
  maskedErrorsOpts?: { maskError(error: unknown, message: string, isDev: boolean): Error; errorMessage: string; isDev: boolean };
}

/** An answer of the plain path: bytes to write as they are, or the Fetch Response of a processor. */
export type PlainAnswer = { status: number; contentType: string; body: Buffer } | { response: Response };

/** A thrown error as Yoga's handleError makes it (masked, the unexpected logged); Yoga does not export it. */
function thrownResult(yoga: PlainYoga & YogaPrivates, error: unknown): ExecutionResult {
  const masking = yoga.maskedErrorsOpts;
  if (!masking)
    return {
      errors: [error instanceof Error ? createGraphQLError(error.message, { originalError: error }) : createGraphQLError(String(error))],
    };
  const masked = masking.maskError(error, masking.errorMessage, masking.isDev);
  if (masked !== error) yoga.logger.error(error);
  return {
    errors: [
      masked instanceof Error && 'extensions' in masked ? (masked as never) : createGraphQLError(masked.message, { originalError: masked }),
    ],
  };
}

/**
 * Yoga's onRequestParse hooks with the plain parameters as the parser's result, as Yoga's handle
 * runs them (server.js): a Response when a hook ends the request there.
 */
async function requestParsed(
  yoga: PlainYoga & YogaPrivates,
  request: Request,
  url: string,
  state: RequestState,
  params: PlainParams,
): Promise<{ ended: Response } | { params: PlainParams }> {
  let ended: Response | undefined;
  const done: OnRequestParseDone[] = [];
  for (const hook of yoga.onRequestParseHooks) {
    const after = (await hook({
      request,
      get url() {
        return new URL(url);
      },
      requestParser: undefined,
      serverContext: state,
      setRequestParser: () => {},
      endResponse: (response: Response) => void (ended = response),
      fetchAPI: yoga.fetchAPI,
    })) as { onRequestParseDone?: OnRequestParseDone } | undefined;
    if (ended) return { ended };
    if (after?.onRequestParseDone) done.push(after.onRequestParseDone);
  }
  let parsed = params;
  for (const hook of done)
    await hook({ requestParserResult: parsed, setRequestParserResult: (next) => void (parsed = next as PlainParams) });
  return { params: parsed };
}

/** Runs a plain request through Yoga's plugin pipeline, without its HTTP layer. */
export async function runPlain(
  handler: PlainYoga,
  request: IncomingMessage,
  url: string,
  state: RequestState,
  params: PlainParams,
): Promise<PlainAnswer> {
  const yoga = handler as PlainYoga & YogaPrivates;
  const fetchRequest = lightRequest(request, url, state.signal);
  let result: unknown;
  try {
    // Every onRequestParse hook too: not only for the fences of ours (which a plain request
    // passes) but for plugins that mark the request there, as useDisableIntrospection does.
    const parsed = await requestParsed(yoga, fetchRequest, url, state, params);
    if ('ended' in parsed) return { response: parsed.ended };
    result = await yoga.getResultForParams({ params: parsed.params, request: fetchRequest }, state);
  } catch (error) {
    result = thrownResult(yoga, error);
  }
  // Every onResultProcess hook, as Yoga's processResult runs them (process-request.js).
  let processor: ResultProcessor | undefined;
  let mediaType = '*/*';
  const acceptableMediaTypes: string[] = [];
  for (const hook of yoga.onResultProcessHooks) {
    await hook({
      request: fetchRequest,
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
  if (processor === (processRegularResult as ResultProcessor) && clean) {
    return { status: 200, contentType: `${mediaType}; charset=utf-8`, body: Buffer.from(JSON.stringify(single)) };
  }
  return { response: await processor(result, yoga.fetchAPI, mediaType) };
}
