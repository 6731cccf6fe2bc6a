import { complexityFromQuery } from '@pothos/plugin-complexity';
import { type DocumentNode, type GraphQLResolveInfo, type GraphQLSchema, Kind } from 'graphql';
import type { GatewayContext } from '../context.ts';
import { builder, tooComplex } from '../builder.ts';
import { keysCost } from '../kit/keys-cost.ts';
import * as valid from '../kit/validate.ts';
import { ENTITIES, type EntityKind } from './kinds.ts';

/**
 * The entities of the Apollo Federation subgraph: each keyed by its catalog key, each reference
 * made into the object as the batch roots make it (kinds.ts), so that `_entities` goes through
 * the request's loaders and caches like the rest of the graph: 50 movie references cost at most
 * 50 upstream calls, each object's sub-resources merged into its one call.
 */

const byId = builder.selection<{ id: number }>('id');

const INT_KEYED = ['Movie', 'TVSeries', 'Person', 'Company', 'Collection', 'Network', 'Keyword', 'UserList'] as const;

/** A JSON number as it came, anything else as NaN: a key of another type is never coerced. */
const numberIn = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

/**
 * A representation's key checked exactly as `movies(ids:)` checks its ids, before any upstream
 * call: `_entities` takes its representations as JSON (`_Any`), so GraphQL's own Int coercion
 * never ran on them, and a string, negative or fractional id would otherwise reach the upstream's
 * URL (and its route metrics).
 */
function checkRepresentation(representation: unknown): void {
  const rep = (typeof representation === 'object' && representation !== null ? representation : {}) as Record<string, unknown>;
  const type = rep.__typename;
  if ((INT_KEYED as readonly unknown[]).includes(type)) {
    valid.id('representations', numberIn(rep.id));
  } else if (type === 'Review') {
    valid.objectId('representations', typeof rep.id === 'string' ? rep.id : '');
  } else if (type === 'Season' || type === 'Episode') {
    const series = (typeof rep.series === 'object' && rep.series !== null ? rep.series : {}) as Record<string, unknown>;
    valid.id('representations', numberIn(series.id));
    valid.number('representations', numberIn(rep.seasonNumber));
    if (type === 'Episode') valid.number('representations', numberIn(rep.episodeNumber));
  }
}

for (const name of INT_KEYED) {
  const entity = ENTITIES[name] as EntityKind<unknown, number>;
  builder.asEntity(entity.ref as typeof ENTITIES.Movie.ref, {
    key: byId,
    resolveReference: (reference, context) => entity.of(reference.id, context) as ReturnType<typeof ENTITIES.Movie.of>,
  });
}

builder.asEntity(ENTITIES.Review.ref, {
  key: builder.selection<{ id: string }>('id'),
  resolveReference: (reference, context) => ENTITIES.Review.of(reference.id, context),
});

builder.asEntity(ENTITIES.Season.ref, {
  key: builder.selection<{ series: { id: number }; seasonNumber: number }>('series { id } seasonNumber'),
  resolveReference: (reference, context) =>
    ENTITIES.Season.of({ seriesId: reference.series.id, seasonNumber: reference.seasonNumber }, context),
});

builder.asEntity(ENTITIES.Episode.ref, {
  key: builder.selection<{ series: { id: number }; seasonNumber: number; episodeNumber: number }>(
    'series { id } seasonNumber episodeNumber',
  ),
  resolveReference: (reference, context) =>
    ENTITIES.Episode.of(
      { seriesId: reference.series.id, seasonNumber: reference.seasonNumber, episodeNumber: reference.episodeNumber },
      context,
    ),
});

/**
 * `_entities` is @apollo/subgraph's field, not the builder's, so the cost check that guards every
 * root field of the builder never runs for it. Here it gets the batch roots' cost (one object per
 * representation, at most 500) and the same check before it resolves, so a router's entity fetch
 * is bounded like any other query; then every key is checked as the batch roots check theirs.
 */
export function withEntityLimits(subgraph: GraphQLSchema): GraphQLSchema {
  const field = subgraph.getQueryType()?.getFields()._entities;
  if (!field?.resolve) return subgraph;
  const resolve = field.resolve;
  Object.assign(field, {
    extensions: { ...field.extensions, complexity: (args: Record<string, unknown>) => keysCost('representations', args) },
    resolve: (source: unknown, args: Record<string, unknown>, context: GatewayContext, info: GraphQLResolveInfo) => {
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [info.operation, ...Object.values(info.fragments)] };
      const { complexity, depth } = complexityFromQuery(document, { schema: subgraph, ctx: context, variables: info.variableValues });
      if (depth > context.limits.depth) throw tooComplex('depth', context.limits.depth, depth);
      if (complexity > context.limits.cost) throw tooComplex('cost', context.limits.cost, complexity);
      const representations = args.representations;
      if (Array.isArray(representations)) for (const representation of representations) checkRepresentation(representation);
      return resolve(source, args, context, info);
    },
  });
  return subgraph;
}
