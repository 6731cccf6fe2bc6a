import SchemaBuilder from '@pothos/core';
import { JSONResolver } from 'graphql-scalars';
import type { GatewayContext } from '../context.ts';

/** The typed builder and empty roots; domain files add every type and field. */
export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  Scalars: { JSON: { Input: unknown; Output: unknown } };
  DefaultFieldNullability: false;
}>({ defaultFieldNullability: false });

builder.addScalarType('JSON', JSONResolver, {
  description: 'Any JSON value. Used where the catalog sends objects whose shape depends on another field.',
});

builder.queryType({ description: 'Read the Media Catalog: movies, TV series, companies, reviews, accounts and configuration.' });
builder.mutationType({ description: 'Change state in the Media Catalog, such as creating a user session.' });
