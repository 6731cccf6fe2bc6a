import type { PluginFunction } from '@graphql-codegen/plugin-helpers';
import { subgraphSdl } from '../src/schema/index.ts';

/**
 * A codegen plugin (`codegen.ts` loads it by the name `subgraph-sdl`) that writes
 * `schema/subgraph.graphql`: the Apollo Federation v2 subgraph SDL without a prefix, with its
 * `@link`, `@key`s and `@shareable`s, as composers (rover, @apollo/composition, Hive) read it and
 * as `_service { sdl }` answers it. Printed by Apollo's own printer, since graphql-js' printer drops
 * applied directives.
 */
export const plugin: PluginFunction = () => subgraphSdl();
