import { MapperKind, mapSchema } from '@graphql-tools/utils';
import {
  DirectiveLocation,
  type GraphQLFieldConfig,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLInt,
  GraphQLObjectType,
  type GraphQLSchema,
  isObjectType,
} from 'graphql';
import type { ContractTag } from './contract-tags.ts';
import { withDirective } from './subgraph-names.ts';

/**
 * `@cacheControl` hints in the subgraph SDL, as Apollo's subgraphs declare them and as Hive
 * Gateway's response cache reads them from the supergraph: session data `PRIVATE` (a router's
 * cache keeps it only per session, never for everyone), the catalog's entities with a `maxAge`.
 * The hints say what the data allows in general; each answer's own `Cache-Control` says what it
 * allows (src/http/response-headers.ts), and routers take the stricter. Composed into the
 * supergraph through `@composeDirective` (imported from The Guild's spec URL, as Hive's docs ask).
 * Documented in docs/composition.md ("Cache hints for routers").
 */

/** The catalog's entities: their details stay fresh 4 h upstream; an hour here, as CACHE_CONTROL_MAX_AGE_MS's default. */
export const CATALOG_MAX_AGE_S = 3600;

const CATALOG_TYPES = ['Movie', 'TVSeries', 'Season', 'Episode', 'Person', 'Company', 'Collection', 'Network', 'Keyword', 'Review'];

/** The tags (contract-tags.ts) whose data is one user's: what carries them is PRIVATE. */
const PRIVATE_TAGS: readonly ContractTag[] = ['account', 'session'];

/** Where `@cacheControl` is imported from: the spec URL Hive Gateway's docs give for it. */
export const CACHE_CONTROL_LINK = { url: 'https://the-guild.dev/mesh/v1.0', import: ['@cacheControl'] };

export const CacheControlScope = new GraphQLEnumType({
  name: 'CacheControlScope',
  values: { PUBLIC: {}, PRIVATE: {} },
});

/** Apollo's definition, word for word, so that it composes beside other subgraphs that declare it. */
export const cacheControlDirective = new GraphQLDirective({
  name: 'cacheControl',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT, DirectiveLocation.INTERFACE, DirectiveLocation.UNION],
  args: { maxAge: { type: GraphQLInt }, scope: { type: CacheControlScope }, inheritMaxAge: { type: GraphQLBoolean } },
});

type Extensions = Readonly<Record<string, unknown>> | null | undefined;

function tagsOf(extensions: Extensions): string[] {
  const directives = extensions?.directives;
  if (!Array.isArray(directives)) return [];
  return (directives as Array<{ name: string; args?: { name?: string } }>)
    .filter((directive) => directive.name === 'tag')
    .map((directive) => directive.args?.name ?? '');
}

const isPrivate = (extensions: Extensions) => tagsOf(extensions).some((tag) => (PRIVATE_TAGS as string[]).includes(tag));

/** The subgraph with its `@cacheControl` hints; after withContractTags, whose tags say what is private. */
export function withCacheHints(subgraph: GraphQLSchema): GraphQLSchema {
  return mapSchema(subgraph, {
    [MapperKind.OBJECT_TYPE]: (type) => {
      if (!isObjectType(type)) return undefined;
      const config = type.toConfig();
      if (isPrivate(config.extensions))
        return new GraphQLObjectType({ ...config, extensions: withDirective(config.extensions, 'cacheControl', { scope: 'PRIVATE' }) });
      if (CATALOG_TYPES.includes(type.name))
        return new GraphQLObjectType({
          ...config,
          extensions: withDirective(config.extensions, 'cacheControl', { maxAge: CATALOG_MAX_AGE_S }),
        });
      return undefined;
    },
    [MapperKind.COMPOSITE_FIELD]: (field: GraphQLFieldConfig<unknown, unknown>) =>
      isPrivate(field.extensions) ? { ...field, extensions: withDirective(field.extensions, 'cacheControl', { scope: 'PRIVATE' }) } : field,
  });
}
