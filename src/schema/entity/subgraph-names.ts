import { MapperKind, mapSchema, renameType } from '@graphql-tools/utils';
import {
  type GraphQLFieldConfig,
  GraphQLInterfaceType,
  type GraphQLNamedType,
  GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  GraphQLUnionType,
  isInterfaceType,
  isObjectType,
  isUnionType,
} from 'graphql';

/**
 * The names the subgraph gives a larger graph. A company graph already has `Account`, `Review`,
 * `Image`, `search`, `node`…: beside such a subgraph ours gave 25 composition errors with
 * Apollo's composer and 36 with Hive's. So:
 *
 * - with a prefix (`SUBGRAPH_PREFIX=Catalog`), every type the subgraph owns and every root field
 *   carries it (`CatalogMovie`, `catalogMovie(id:)`, `catalogSearch`), and nothing collides. The
 *   federation's own names (`_entities`, `_Entity`, `_Any`…), the root types and GraphQL's scalars
 *   keep theirs. Renamed with mapSchema and renameType from @graphql-tools/utils (what its
 *   RenameTypes transform does), on the executable schema itself: no delegation, no second
 *   execution, each resolver as it was;
 * - the value types other subgraphs also define (`Genre`, `Image`, `Video`, `PageInfo`,
 *   `Language`, and `Region`, our country) are `@shareable`, so the same shape composes;
 * - the Relay `Node` interface and its `node`/`nodes` roots stay on `/graphql`: a router's graph
 *   has one `Node`, whose global ids its own subgraphs give out. Each type keeps its `id` field
 *   (ours, opaque, one per language); the entities are keyed by `databaseId` (federation.ts).
 */

/** Types another subgraph may define with the same shape: merged by the router, not owned. */
export const SHAREABLE_TYPES = ['Genre', 'Image', 'Video', 'PageInfo', 'Language', 'Region'] as const;

/** The Relay interface and its roots, which the subgraph leaves to the graph it joins. */
const RELAY_INTERFACE = 'Node';

/**
 * Federation's own types and fields, and `@cacheControl`'s scope (cache-hints.ts), which must
 * match the other subgraphs' definition: composers and routers look for them by these names.
 */
const FEDERATION_TYPES = new Set([
  '_Any',
  '_Entity',
  '_Service',
  'link__Import',
  'link__Purpose',
  'federation__FieldSet',
  'CacheControlScope',
]);
const FEDERATION_FIELDS = new Set(['_entities', '_service']);

/** What each name becomes under a prefix: types `CatalogMovie`, root fields `catalogMovie`. */
export interface SubgraphNames {
  prefix: string;
  type(name: string): string;
  rootField(name: string): string;
}

export function subgraphNames(prefix: string): SubgraphNames {
  const lower = prefix.charAt(0).toLowerCase() + prefix.slice(1);
  return {
    prefix,
    type: (name) => (prefix && !FEDERATION_TYPES.has(name) ? `${prefix}${name}` : name),
    rootField: (name) => (prefix && !FEDERATION_FIELDS.has(name) ? `${lower}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name),
  };
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

/**
 * An abstract type's resolver answers the builder's type names (`Movie`); the schema now holds
 * `CatalogMovie`.
 */
function renamedResolver<Source, Context>(
  resolve: GraphQLTypeResolver<Source, Context> | null | undefined,
  names: SubgraphNames,
): GraphQLTypeResolver<Source, Context> | undefined {
  if (!resolve) return undefined;
  const renamed = (name: unknown) => (typeof name === 'string' ? names.type(name) : (name as string | undefined));
  return (...args) => {
    const resolved = resolve(...args);
    return isPromiseLike(resolved) ? Promise.resolve(resolved).then(renamed) : renamed(resolved);
  };
}

/** The directives a type is printed with, as Pothos keeps them (`extensions.directives`). */
type DirectiveList = Array<{ name: string; args?: Record<string, unknown> }>;

function directivesOf(extensions: Readonly<Record<string, unknown>> | null | undefined): DirectiveList {
  const directives = extensions?.directives;
  if (Array.isArray(directives)) return directives as DirectiveList;
  // The record form (`{ key: { fields: "id" } }`), which Pothos also accepts.
  return Object.entries((directives ?? {}) as Record<string, Record<string, unknown>>).map(([name, args]) => ({ name, args }));
}

/** The same extensions with one more directive. */
export function withDirective(
  extensions: Readonly<Record<string, unknown>> | null | undefined,
  name: string,
  args?: Record<string, unknown>,
): Record<string, unknown> {
  return { ...extensions, directives: [...directivesOf(extensions), args ? { name, args } : { name }] };
}

function named(type: GraphQLNamedType, names: SubgraphNames): GraphQLNamedType | null {
  if (type.name === RELAY_INTERFACE && isInterfaceType(type)) return null;
  let changed: GraphQLNamedType = type;
  if ((SHAREABLE_TYPES as readonly string[]).includes(type.name) && isObjectType(type)) {
    const config = type.toConfig();
    changed = new GraphQLObjectType({ ...config, extensions: withDirective(config.extensions, 'shareable') });
  }
  if (isUnionType(changed)) {
    const config = changed.toConfig();
    changed = new GraphQLUnionType({ ...config, resolveType: renamedResolver(config.resolveType, names) });
  } else if (isInterfaceType(changed)) {
    const config = changed.toConfig();
    changed = new GraphQLInterfaceType({ ...config, resolveType: renamedResolver(config.resolveType, names) });
  }
  const name = names.type(type.name);
  return name === type.name ? changed : renameType(changed, name);
}

/**
 * The subgraph under its names (see the top of this file). The fields keep their resolvers and
 * extensions (costs, Pothos's records), so the cost estimate and every resolver work as before.
 */
export function withSubgraphNames(subgraph: GraphQLSchema, names: SubgraphNames): GraphQLSchema {
  const roots = new Set([subgraph.getQueryType()?.name, subgraph.getMutationType()?.name]);
  return mapSchema(subgraph, {
    [MapperKind.TYPE]: (type) => named(type, names),
    [MapperKind.ROOT_OBJECT]: () => undefined,
    [MapperKind.COMPOSITE_FIELD]: (field: GraphQLFieldConfig<unknown, unknown>, fieldName, typeName) =>
      roots.has(typeName) ? [names.rootField(fieldName), field] : field,
  });
}
