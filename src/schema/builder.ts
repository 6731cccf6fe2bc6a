import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import { getNamedType, GraphQLError, GraphQLList, GraphQLNonNull, isCompositeType, type GraphQLOutputType } from 'graphql';
import { JSONResolver } from 'graphql-scalars';
import type { GatewayContext } from '../context.ts';

function isList(type: GraphQLOutputType): boolean {
  return (type instanceof GraphQLNonNull ? type.ofType : type) instanceof GraphQLList;
}

/** The typed builder and empty roots; domain files add every type and field. */
export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  Scalars: { JSON: { Input: unknown; Output: unknown } };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ComplexityPlugin],
  complexity: {
    /**
     * Cost estimates the upstream calls a query can cause: every upstream call of this graph
     * is made by resolving an object-typed field (a root field, a sub-resource, a linked
     * object), so those cost 1 and scalars cost nothing; a list multiplies what is selected
     * inside it by its usual length (a page holds 20 results).
     */
    fieldComplexity: (_args, _context, field) => ({
      field: isCompositeType(getNamedType(field.type)) ? 1 : 0,
      multiplier: isList(field.type) ? (field.name === 'results' || field.name === 'edges' ? 20 : 10) : 1,
    }),
    limit: (context) => ({ complexity: context.limits.cost, depth: context.limits.depth, breadth: 100_000 }),
    complexityError: (kind, result) => {
      const limit = kind === 'Complexity' ? 'cost' : kind.toLowerCase();
      const max = kind === 'Complexity' ? result.maxComplexity : kind === 'Depth' ? result.maxDepth : result.maxBreadth;
      const found = kind === 'Complexity' ? result.complexity : kind === 'Depth' ? result.depth : result.breadth;
      return new GraphQLError(
        `Query ${limit} limit of ${max} exceeded, found ${found}${limit === 'cost' ? ' (estimated upstream calls)' : ''}.`,
        { extensions: { code: 'QUERY_TOO_COMPLEX', limit, max, found } },
      );
    },
  },
});

builder.addScalarType('JSON', JSONResolver, {
  description: 'Any JSON value. Used where the catalog sends objects whose shape depends on another field.',
});

builder.queryType({ description: 'Read the Media Catalog: movies, TV series, companies, reviews, accounts and configuration.' });
builder.mutationType({ description: 'Change state in the Media Catalog, such as creating a user session.' });
