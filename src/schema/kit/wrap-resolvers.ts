import {
  defaultFieldResolver as defaultResolve,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLSchema,
  isObjectType,
} from 'graphql';
import type { GatewayContext } from '../context.ts';

/**
 * Wraps the resolvers of a schema's object fields in place, once per schema and per wrapper:
 * the language scopes, the deferred phases and the answer's size count each wrap every resolver,
 * and the schema is one object shared by every gateway of the process (tests build many). A mark
 * on each wrapped function is not enough: a second gateway would find another wrapper outermost
 * and wrap again, so that each new gateway stacked one more count on every field.
 */
const wrappedBy = new WeakMap<GraphQLSchema, Set<string>>();

export type ResolverWrapper = (
  resolve: GraphQLFieldResolver<unknown, GatewayContext>,
  field: GraphQLField<unknown, GatewayContext>,
  type: GraphQLObjectType,
) => GraphQLFieldResolver<unknown, GatewayContext> | undefined;

/** `wrap` returns the field's new resolver, or undefined to leave the field as it is. */
export function wrapResolvers(schema: GraphQLSchema, wrapper: string, wrap: ResolverWrapper): GraphQLSchema {
  let done = wrappedBy.get(schema);
  if (!done) {
    done = new Set();
    wrappedBy.set(schema, done);
  }
  if (done.has(wrapper)) return schema;
  done.add(wrapper);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const wrapped = wrap(field.resolve ?? defaultResolve, field as GraphQLField<unknown, GatewayContext>, type);
      if (wrapped) field.resolve = wrapped;
    }
  }
  return schema;
}
