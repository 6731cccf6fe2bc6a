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
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../common/error-codes.ts';
import { REQUEST } from '../common/messages.ts';
import { counting } from '../schema/kit/field-concerns.ts';
import type { GatewayContext } from '../schema/context.ts';

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
