import {
  defaultFieldResolver,
  type ExecutionResult,
  getNamedType,
  GraphQLError,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  introspectionTypes,
  isLeafType,
  isObjectType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
} from 'graphql';
import { isAsyncIterable, isPromise, type Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../common/error-codes.ts';
import { REQUEST } from '../common/messages.ts';
import { wrapResolvers } from '../schema/kit/wrap-resolvers.ts';
import type { GatewayContext } from '../schema/context.ts';

/**
 * MAX_RESPONSE_BYTES: what one request's answer may build, counted while it is built, so that
 * an answer the cost limit allows (it counts upstream calls, not characters: 30 aliases of a
 * review's text over 333 movies are 999 calls and 135 M characters) stops long before the heap
 * does, and is never serialised.
 *
 * Every resolver of the schema, introspection's included, is wrapped once (withAnswerCount) to add, to the request's
 * `answerSize`, about what its field will take in the JSON: its key, and its value when that is
 * a leaf (a string's length, a few characters for a number, a boolean or null) or the brackets
 * of an object or a list. No serialisation, no AsyncLocalStorage: a comparison and a few
 * additions per field. Past the bound every resolver fails at once without running, so no
 * further upstream call is made, and useAnswerSize makes the answer the one coded error, not a
 * partial one. (Not the executor's abort signal: given to every execution, it costs a promise
 * race per object of every answer, for the rare one that needs it.)
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

function tooLarge(max: number): GraphQLError {
  return new GraphQLError(REQUEST.responseTooLarge(max), {
    extensions: { code: 'RESPONSE_TOO_LARGE' satisfies ErrorCode, limit: 'responseBytes', max },
  });
}

/**
 * What a resolver throws once the answer is past the bound, without running: the field fails,
 * the executor moves on to the next one, which fails the same way, and nothing more is loaded.
 * The errors it leaves are never seen: useAnswerSize replaces the answer.
 */
const STOPPED = new Error('answer past MAX_RESPONSE_BYTES');

const ignore = () => undefined;

/**
 * A field's resolver that counts what it adds. Where the context is not the gateway's (the
 * introspection fields below are graphql-js's own, shared by every schema of the process), it
 * only resolves.
 */
function counting<Context>(resolve: GraphQLFieldResolver<unknown, Context>, leaf: boolean): GraphQLFieldResolver<unknown, Context> {
  return (source, args, context, info) => {
    const gateway = context as Partial<GatewayContext> | undefined;
    const size = gateway?.answerSize;
    const limits = gateway?.limits;
    if (!size || !limits) return resolve(source, args, context, info);
    if (size.chars > limits.responseBytes) throw STOPPED;
    const value = resolve(source, args, context, info);
    const key = (info.path.key as string).length + PER_FIELD;
    if (!leaf) {
      // An object's braces, or a list's brackets and commas; what is inside counts itself.
      size.chars += key + (Array.isArray(value) ? value.length + 2 : 2);
    } else if (isPromise(value)) {
      size.chars += key;
      value.then((resolved) => (size.chars += leafChars(resolved)), ignore);
    } else {
      size.chars += key + leafChars(value);
    }
    return value;
  };
}

/**
 * Counts what every field adds to the answer. The schema's field objects are changed in place,
 * once per schema (wrap-resolvers.ts); introspection's once per process.
 */
export function withAnswerCount(schema: GraphQLSchema): GraphQLSchema {
  countIntrospection();
  return wrapResolvers(schema, 'answer-count', (resolve, field) => counting(resolve, isLeafType(getNamedType(field.type))));
}

/** Marks a field of graphql-js's whose resolver already counts; Symbol.for, so a second load of this module sees it too. */
const COUNTED = Symbol.for('media-catalog-gateway.answer-count');

/**
 * `__schema`, `__type`, `__typename` and the fields of the introspection types are graphql-js's
 * own objects, the same for every schema, which wrap-resolvers leaves alone: they went uncounted,
 * and 30 aliases of `__schema { types { fields { … } } }` answered 6.9 MB under a bound of 1 MB.
 */
function countIntrospection(): void {
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
