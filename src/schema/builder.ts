import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DirectivesPlugin from '@pothos/plugin-directives';
import FederationPlugin from '@pothos/plugin-federation';
import {
  getNamedType,
  GraphQLError,
  type GraphQLField,
  GraphQLList,
  type GraphQLNamedType,
  GraphQLNonNull,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { JSONResolver } from 'graphql-scalars';
import { complexityLimits, type GatewayContext } from './context.ts';
import './kit/field-concerns.ts';
import { keysCost } from './kit/keys-cost.ts';
import { isCarriedLink, loadsDetailsPerItem, usualLength } from './kit/list-costs.ts';
import { REQUEST } from '../common/messages.ts';

function isList(type: GraphQLOutputType): boolean {
  return (type instanceof GraphQLNonNull ? type.ofType : type) instanceof GraphQLList;
}

/** The type a field was declared on, as Pothos records it on the built field. */
function parentTypeOf(field: Pick<GraphQLField<unknown, unknown>, 'extensions'>): string | undefined {
  return (field.extensions as { pothosConfig?: { parentType?: string } } | undefined)?.pothosConfig?.parentType;
}

/**
 * A type's name as it was declared, as Pothos records it: the subgraph may rename the type
 * (`CatalogCastCredit` under SUBGRAPH_PREFIX), and the cost tables know the declared names.
 */
function declaredName(type: GraphQLNamedType): string {
  return (type.extensions as { pothosConfig?: { name?: string } } | undefined)?.pothosConfig?.name ?? type.name;
}

/** The cost or depth limit's rejection, the same wherever the estimate runs. */
export function tooComplex(limit: 'cost' | 'depth' | 'breadth', max: number, found: number): GraphQLError {
  return new GraphQLError(REQUEST.queryLimit(limit, max, found), { extensions: { code: 'QUERY_TOO_COMPLEX', limit, max, found } });
}

/**
 * Cost estimates the upstream calls a query can cause: every upstream call of this graph is made
 * by resolving an object-typed field (a root field, a sub-resource, a linked object), so those
 * cost 1, but for the links a credit carries, and scalars cost nothing; a list multiplies what is
 * selected inside it by its usual length (kit/list-costs.ts: a page holds 20 results, a series'
 * aggregate cast is estimated at 100). It depends on the field alone: withFixedCosts makes it a
 * value once, at start.
 */
function fieldCost(field: GraphQLField<unknown, GatewayContext>) {
  const parentType = parentTypeOf(field);
  const named = getNamedType(field.type);
  // A field read from its object's details costs that call too: on a list's items it is a call
  // per item (kit/list-costs.ts). Several of them on one item share the call, so for them the
  // estimate is an upper bound.
  const calls = (isCompositeType(named) && !isCarriedLink(parentType, field.name)) || loadsDetailsPerItem(parentType, field.name);
  return { field: calls ? 1 : 0, multiplier: isList(field.type) ? usualLength(field.name, declaredName(named)) : 1 };
}

/** Every field's cost but the ones that say their own; federation's entity root makes one object per representation, like the batch roots. */
const fieldComplexity = (args: Record<string, unknown>, _context: GatewayContext, field: GraphQLField<unknown, GatewayContext>) =>
  field.name === '_entities' ? keysCost('representations', args) : fieldCost(field);

/**
 * The default cost made a value on every field it does not depend on arguments for, once, on the
 * built schema (before it serves anything): the plugin then neither maps a field's arguments nor
 * calls a function for it on each estimate. Only `_entities` keeps the function.
 */
export function withFixedCosts(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.extensions.complexity !== fieldComplexity || field.name === '_entities') continue;
      (field as { extensions: object }).extensions = { ...field.extensions, complexity: fieldCost(field) };
    }
  }
  return schema;
}

/** The typed builder and empty roots; domain files add every type and field. */
export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
    Date: { Input: Date; Output: string };
    DateTime: { Input: Date; Output: string };
  };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
  // Federation last: it must see the resolvers the complexity check wraps. Its keys only show in
  // the subgraph schema (schema/index.ts, served at /subgraph); the plain schema prints without them.
  // fieldConcerns: every resolver's language, @defer phase and answer count (kit/field-concerns.ts).
  plugins: [ComplexityPlugin, DirectivesPlugin, 'fieldConcerns', FederationPlugin],
  complexity: {
    /**
     * Cost estimates the upstream calls a query can cause: every upstream call of this graph
     * is made by resolving an object-typed field (a root field, a sub-resource, a linked
     * object), so those cost 1, but for the links a credit carries, and scalars cost nothing; a
     * list multiplies what is selected inside it by its usual length (kit/list-costs.ts: a
     * page holds 20 results, a series' aggregate cast is estimated at 100).
     */
    fieldComplexity,
    // The request's limits, or none for an operation already judged within them (context.ts).
    limit: complexityLimits,
    complexityError: (kind, result) => {
      if (kind === 'Complexity') return tooComplex('cost', result.maxComplexity ?? 0, result.complexity);
      return kind === 'Depth'
        ? tooComplex('depth', result.maxDepth ?? 0, result.depth)
        : tooComplex('breadth', result.maxBreadth ?? 0, result.breadth);
    },
  },
});

builder.addScalarType('JSON', JSONResolver, {
  description: 'Any JSON value. Used where the catalog sends objects whose shape depends on another field.',
});

builder.queryType({ description: 'Read the Media Catalog: movies, TV series, companies, reviews, accounts and configuration.' });
builder.mutationType({ description: 'Change state in the Media Catalog, such as creating a user session.' });
