import type { PluginFunction } from '@graphql-codegen/plugin-helpers';
import { printSubgraphSchema } from '@apollo/subgraph';
import { subgraphSchema } from '../src/schema/index.ts';

/**
 * A codegen plugin (`codegen.ts` loads it by the name `subgraph-sdl`) that writes
 * `schema/subgraph.graphql`: the Apollo Federation v2 subgraph SDL, with its `@link` and `@key`s,
 * as composers (rover, @apollo/composition, Hive) read it. Printed by Apollo's own printer, since
 * graphql-js' printer drops applied directives.
 */
export const plugin: PluginFunction = () => `${printSubgraphSchema(subgraphSchema()).trim()}\n`;
