import {
  defaultFieldResolver,
  type ExecutionResult,
  getNamedType,
  GraphQLError,
  type GraphQLField,
  introspectionTypes,
  isLeafType,
  isObjectType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
} from 'graphql';
import { type FetchAPI, isAsyncIterable, type Plugin, processRegularResult } from 'graphql-yoga';
import type { ErrorCode } from '../common/error-codes.ts';
import { REQUEST } from '../common/messages.ts';
import type { ServerContext } from '../common/request-state.ts';
import type { GatewayContext } from '../schema/context.ts';
import { counting } from '../schema/kit/field-concerns.ts';
import { resultPieces } from './result-pieces.ts';
import { askedTypes, names, partsProcessorFor } from './streamed-parts.ts';

/*
 * An answer's size, and what it decides on the way out: past MAX_RESPONSE_BYTES, the one coded
 * error; past STREAM_FROM_CHARS, serialised piece by piece as the client reads; and whether the
 * front may keep the answer.
 */

/**
 * MAX_RESPONSE_BYTES: what one request's answer may build, counted while it is built, so that
 * an answer the cost limit allows (it counts upstream calls, not characters: 30 aliases of a
 * review's text over 333 movies are 999 calls and 135 M characters) stops long before the heap
 * does, and is never serialised.
 *
 * Every field counts what it adds while it resolves (src/schema/kit/field-concerns.ts, installed
 * with the schema by src/schema/kit/field-concerns.ts; introspection's fields here, once per
 * process); useAnswerSize makes an answer past the bound the one coded error, not a partial one.
 */

function tooLarge(max: number): GraphQLError {
  return new GraphQLError(REQUEST.responseTooLarge(max), {
    extensions: { code: 'RESPONSE_TOO_LARGE' satisfies ErrorCode, limit: 'responseBytes', max },
  });
}

/** Marks a field of graphql-js's whose resolver already counts; Symbol.for, so a second load of this module sees it too. */
const COUNTED = Symbol.for('media-catalog-gateway.answer-count');

/**
 * `__schema`, `__type`, `__typename` and the fields of the introspection types are graphql-js's
 * own objects, the same for every schema, which no Pothos plugin reaches: they went uncounted,
 * and 30 aliases of `__schema { types { fields { … } } }` answered 6.9 MB under a bound of 1 MB.
 */
export function countIntrospection(): void {
  const fields: GraphQLField<unknown, unknown>[] = [SchemaMetaFieldDef, TypeMetaFieldDef, TypeNameMetaFieldDef];
  for (const type of introspectionTypes) if (isObjectType(type)) fields.push(...Object.values(type.getFields()));
  for (const field of fields as Array<GraphQLField<unknown, unknown> & { [COUNTED]?: true }>) {
    if (field[COUNTED]) continue;
    field.resolve = counting(field.resolve ?? defaultFieldResolver, isLeafType(getNamedType(field.type)));
    field[COUNTED] = true;
  }
}

/**
 * Makes an answer that went past the bound the one RESPONSE_TOO_LARGE error, with no data (its
 * cost report kept). An incremental answer (@defer, @stream) ends with a last part that carries
 * it, and the parts still to come are dropped.
 */
export const useAnswerSize: Plugin = {
  onExecute: ({ args }) => {
    const context = args.contextValue as unknown as GatewayContext;
    const max = context.limits.responseBytes;
    const over = () => context.answerSize.chars > max;
    return {
      onExecuteDone: ({ result, setResult }) => {
        if (isAsyncIterable(result)) setResult(endingCoded(result, over, max));
        else if (over()) setResult({ data: null, errors: [tooLarge(max)], extensions: result.extensions });
      },
    };
  },
};

/** The parts of an incremental answer, until one finds the answer past the bound: that one is replaced by the last. */
async function* endingCoded(parts: AsyncIterable<ExecutionResult>, over: () => boolean, max: number) {
  for await (const part of parts) {
    if (over()) {
      yield { data: null, errors: [tooLarge(max)], extensions: part.extensions, hasNext: false } as ExecutionResult;
      // Leaving the loop ends the executor's own iteration: its parts still to come are dropped.
      return;
    }
    yield part;
  }
}

/**
 * A large answer is serialised as its client takes it, piece by piece, instead of whole: a
 * client that reads slowly or not at all holds a piece, not the answer twice over (once as the
 * result, once as its bytes). Yoga's own processor serialises the others, the ordinary answers
 * that the whole-response cache, ETags and compression of whole bytes serve.
 *
 * The answer's size is known before it is serialised: the resolvers counted it (above). The front tells a streamed answer by its `Transfer-Encoding: chunked`, as
 * Yoga's multipart answers say theirs (src/http/listener.ts), and writes it with back-pressure.
 * Answers in parts (multipart, SSE) are always made piece by piece (streamed-parts.ts): a part's
 * size is not known before it is made.
 */

/** Answers counted at least this large (in characters) are streamed: 1 MiB. */
export const STREAM_FROM_CHARS = 1024 * 1024;

const REGULAR_TYPES = ['application/graphql-response+json', 'application/json'] as const;

/**
 * The JSON type Yoga's regular processor answers with for this Accept header: the last match in
 * its order (each asked type against both), utf-8 only; graphql-yoga's use-result-processor.ts,
 * which does not export it.
 */
function regularTypeFor(request: Request): string {
  let chosen: string = REGULAR_TYPES[1];
  for (const asked of askedTypes(request)) for (const offered of REGULAR_TYPES) if (names(asked, offered)) chosen = offered;
  return chosen;
}

/** The bytes of one result, or of a batch's results in a list, one piece per pull. */
function piecesOf(result: ExecutionResult | ExecutionResult[], fetchAPI: FetchAPI): ReadableStream<Uint8Array> {
  const pieces = resultPieces(result);
  const encoder = new fetchAPI.TextEncoder();
  return new fetchAPI.ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = pieces.next();
        if (piece.done) controller.close();
        else controller.enqueue(encoder.encode(piece.value));
      },
    },
    // One piece made ahead, not more: the client's reading pulls the rest.
    { highWaterMark: 1 },
  );
}

/** The requests whose operation is a subscription: Yoga offers them no multipart (as it marks them, in onSubscribe). */
const subscriptions = new WeakSet<Request>();

export const useStreamedAnswers: Plugin<Record<string, unknown>, ServerContext> = {
  onSubscribe: ({ args: { contextValue } }) => {
    const { request } = contextValue as { request?: Request };
    if (request) subscriptions.add(request);
  },
  onResultProcess: ({ request, result, resultProcessor, setResultProcessor, serverContext }) => {
    const iterable = isAsyncIterable(result);
    // An answer stopped past MAX_RESPONSE_BYTES is its one small error: it has no data.
    const large =
      !iterable &&
      (serverContext.state?.answerSize.chars ?? 0) >= STREAM_FROM_CHARS &&
      (Array.isArray(result) ? result : [result]).some((one) => one.data);
    // Parts (multipart, SSE) whatever their size: no part's size is known before it is made.
    const regular = resultProcessor === processRegularResult;
    const parts = regular ? undefined : partsProcessorFor(request, resultProcessor, subscriptions.has(request));
    if (parts && (iterable || large)) return setResultProcessor(parts.processor, parts.type);
    if (!regular || !large) return;
    const type = regularTypeFor(request);
    // A large answer has data: 200 under either type, as Yoga's processor answers one.
    setResultProcessor(
      (answer, fetchAPI) =>
        new fetchAPI.Response(piecesOf(answer as ExecutionResult | ExecutionResult[], fetchAPI), {
          status: 200,
          headers: { 'content-type': `${type}; charset=utf-8`, 'transfer-encoding': 'chunked' },
        }),
      type,
    );
  },
};

/**
 * A stream no processor takes (a subscription asked as plain JSON: Yoga answers 406) is never
 * read, so nothing would end it: ended here, last of the hooks, so that what it holds (a
 * `changes` subscription's place among CHANGES_SUBSCRIPTIONS_MAX) is given back at once.
 */
export const useUnsentStreamsEnded: Plugin = {
  onResultProcess: ({ result, resultProcessor }) => {
    if (resultProcessor || !isAsyncIterable(result)) return;
    void Promise.resolve(result[Symbol.asyncIterator]().return?.()).catch(() => undefined);
  },
};

/**
 * Tells the front whether an answer may be kept: Yoga hands every result here before
 * serialising it (request, validation and execution errors alike), so the cache never has to
 * parse the bytes again to find out.
 */
export const useAnswerOutcome: Plugin<Record<string, unknown>, ServerContext> = {
  onResultProcess: ({ result, serverContext }) => {
    const results = Array.isArray(result) ? result : [result];
    const outcome = serverContext.state?.outcome;
    if (!outcome) return;
    outcome.clean = results.every((one) => !(Symbol.asyncIterator in one) && !(one as ExecutionResult).errors?.length);
  },
};
