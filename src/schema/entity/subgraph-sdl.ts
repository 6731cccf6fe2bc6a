import { printSubgraphSchema } from '@apollo/subgraph';
import { getDocumentNodeFromSchema, MapperKind, mapSchema } from '@graphql-tools/utils';
import { type GraphQLNamedType, type GraphQLSchema, isTypeDefinitionNode } from 'graphql';

type Extensions = Readonly<Record<string, unknown>> | null | undefined;

/**
 * Directives as @graphql-tools/utils reads them (`{ key: [{ fields: "id" }] }`), from the list
 * Pothos keeps (`[{ name: "key", args: { fields: "id" } }]`).
 */
function byName(extensions: Extensions): Record<string, unknown> | undefined {
  const directives = extensions?.directives;
  if (!Array.isArray(directives)) return extensions ?? undefined;
  const named: Record<string, Array<Record<string, unknown>>> = {};
  for (const { name, args } of directives as Array<{ name: string; args?: Record<string, unknown> }>) {
    named[name] = [...(named[name] ?? []), args ?? {}];
  }
  return { ...extensions, directives: named };
}

/**
 * The subgraph's SDL as its schema now is. A type printed from its AST nodes, and those were the
 * builder's: they missed the notes added to descriptions afterwards (85 `Per item:` notes were in
 * introspection and not in `_service { sdl }`), and would name a type by its old name after a
 * rename. So the nodes are dropped and made again from the schema itself (descriptions, types and
 * the directives Pothos keeps in `extensions.directives`), by @graphql-tools/utils, and Apollo's
 * printer prints those: `_service { sdl }` and introspection then tell the same schema.
 */
export function withFreshAst(subgraph: GraphQLSchema): GraphQLSchema {
  const noNode = <Config extends { astNode?: unknown; extensions?: Extensions }>(config: Config) => ({
    ...config,
    astNode: undefined,
    extensions: byName(config.extensions),
  });
  const stripped = mapSchema(subgraph, {
    [MapperKind.TYPE]: (type) => {
      const config = type.toConfig();
      const Type = type.constructor as new (config: unknown) => GraphQLNamedType;
      return new Type({ ...config, astNode: undefined, extensionASTNodes: [], extensions: byName(config.extensions) });
    },
    [MapperKind.COMPOSITE_FIELD]: noNode,
    [MapperKind.INPUT_OBJECT_FIELD]: noNode,
    [MapperKind.ARGUMENT]: noNode,
    [MapperKind.ENUM_VALUE]: noNode,
  });
  for (const definition of getDocumentNodeFromSchema(stripped).definitions) {
    if (!isTypeDefinitionNode(definition)) continue;
    const type = stripped.getType(definition.name.value);
    if (type) Object.assign(type, { astNode: definition });
  }
  return stripped;
}

/** The SDL a composer reads: `_service { sdl }`, and `schema/subgraph.graphql` (printed by `npm run codegen`). */
export function printSubgraph(subgraph: GraphQLSchema): string {
  return `${printSubgraphSchema(subgraph).trim()}\n`;
}
