import {
  defaultFieldResolver,
  type ExecutionResult,
  getNamedType,
  GraphQLError,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  isLeafType,
  isObjectType,
} from 'graphql';
import { isAsyncIterable, isPromise, type Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../common/error-codes.ts';
import { REQUEST } from '../common/messages.ts';
import type { GatewayContext } from '../schema/context.ts';

/**
 * MAX_RESPONSE_BYTES: what one request's answer may build, counted while it is built, so that
 * an answer the cost limit allows (it counts upstream calls, not characters: 30 aliases of a
 * review's text over 333 movies are 999 calls and 135 M characters) stops long before the heap
 * does, and is never serialised.
 *
 * Every resolver of the schema is wrapped once (withAnswerCount) to add, to the request's
 * `answerSize`, about what its field will take in the JSON: its key, and its value when that is
 * a leaf (a string's length, a few characters for a number, a boolean or null) or the brackets
 * of an object or a list. No serialisation, no AsyncLocalStorage: a few additions per field.
 * Past the bound the wrapper aborts the operation's execution (the executor's `signal`, set by
 * useAnswerSize): no further resolver runs, so no further upstream call is made, and the
 * answer is the one coded error, not a partial one.
 */

/** `"key":` and the comma after the value. */
const PER_FIELD = 4;
const NUMBER = 8;

/** About the characters a leaf value takes in JSON (string escapes and UTF-8 aside). */
function leafChars(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
    case 'bigint':
      return NUMBER;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      // A list of leaves, or a JSON scalar's object: walked, only on the few fields that have them.
      let chars = 2;
      for (const item of Array.isArray(value) ? value : Object.values(value)) chars += leafChars(item) + 1;
      if (!Array.isArray(value)) for (const key of Object.keys(value)) chars += key.length + 3;
      return chars;
    }
    default:
      return 4;
  }
}

/** The executions that may be stopped, by the signal the executor hands every resolver in `info`. */
const stoppers = new WeakMap<AbortSignal, () => void>();

function count(context: GatewayContext, info: GraphQLResolveInfo, chars: number): void {
  const size = context.answerSize;
  size.chars += chars;
  if (size.chars <= context.limits.responseBytes) return;
  // @graphql-tools/executor (Yoga's) hands resolvers the execution's signal in `info`.
  const signal = (info as { signal?: AbortSignal }).signal;
  const stop = signal && stoppers.get(signal);
  if (stop) stop();
  // An execution without our plugin (none in this gateway) at least loses the field.
  else throw tooLarge(context.limits.responseBytes);
}

function tooLarge(max: number): GraphQLError {
  return new GraphQLError(REQUEST.responseTooLarge(max), {
    extensions: { code: 'RESPONSE_TOO_LARGE' satisfies ErrorCode, limit: 'responseBytes', max },
  });
}

const ignore = () => undefined;
const MARKED = Symbol('answer-counted');

/**
 * Counts what every field adds to the answer. The schema's field objects are changed in place,
 * once (a marker keeps a second gateway in the process from wrapping again).
 */
export function withAnswerCount(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      if ((resolve as { [MARKED]?: true })[MARKED]) continue;
      const leaf = isLeafType(getNamedType(field.type));
      const counted: typeof resolve = (source, args, context, info) => {
        const value = resolve(source, args, context, info);
        const key = (info.path.key as string).length + PER_FIELD;
        if (!leaf) {
          // An object's braces, or a list's brackets and commas; what is inside counts itself.
          count(context as GatewayContext, info, key + (Array.isArray(value) ? value.length + 2 : 2));
        } else if (isPromise(value)) {
          count(context as GatewayContext, info, key);
          value.then((resolved) => count(context as GatewayContext, info, leafChars(resolved)), ignore);
        } else {
          count(context as GatewayContext, info, key + leafChars(value));
        }
        return value;
      };
      field.resolve = Object.assign(counted, { [MARKED]: true as const });
    }
  }
  return schema;
}

/**
 * Gives each execution a signal the count can abort, and turns that abort into the answer: no
 * data, the one RESPONSE_TOO_LARGE error. An incremental answer (@defer, @stream) ends with a
 * last part that carries it.
 */
export const useAnswerSize: Plugin = {
  onExecute: ({ args, executeFn, setExecuteFn }) => {
    const context = args.contextValue as unknown as GatewayContext;
    const max = context.limits.responseBytes;
    const stop = new AbortController();
    // @graphql-tools/executor's (Yoga's) execution arguments take a signal; graphql-js's types do not say so.
    const given = (args as { signal?: AbortSignal }).signal;
    const signal = given ? AbortSignal.any([given, stop.signal]) : stop.signal;
    stoppers.set(signal, () => stop.abort(tooLarge(max)));
    const stopped = (error: unknown) => stop.signal.aborted && error === stop.signal.reason;
    setExecuteFn(async (executionArgs) => {
      try {
        const result = await executeFn({ ...executionArgs, signal } as typeof executionArgs);
        return isAsyncIterable(result) ? endingCoded(result as AsyncIterable<ExecutionResult>, stopped) : result;
      } catch (error) {
        if (stopped(error)) return { data: null, errors: [error as GraphQLError] };
        throw error;
      }
    });
  },
};

/** The parts of an incremental answer, the last one carrying the error when the count stopped it. */
async function* endingCoded(parts: AsyncIterable<ExecutionResult>, stopped: (error: unknown) => boolean) {
  try {
    yield* parts;
  } catch (error) {
    if (!stopped(error)) throw error;
    yield { errors: [error as GraphQLError], hasNext: false } as ExecutionResult;
  }
}
