import type { ExecutionResult, GraphQLError } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { type MissingEntity, missingEntities } from '../schema/entity/federation.ts';

/**
 * The subgraph's answer with each entity the catalog lacks as null and its one NOT_FOUND: the
 * errors its fields raised on their own (one per field, each a NOT_FOUND of the same missing
 * object) are dropped, and the object of nulls they left, if any, becomes null.
 */
export function withMissingEntities(result: ExecutionResult, missing: readonly MissingEntity[]): ExecutionResult {
  if (!result.data) return result;
  const data: Record<string, unknown> = { ...result.data };
  const within = (error: GraphQLError, path: MissingEntity['path']) => path.every((part, i) => error.path?.[i] === part);
  let errors = [...(result.errors ?? [])];
  for (const { path, error } of missing) {
    const [field, index] = path;
    const list = data[field as string];
    if (!Array.isArray(list) || typeof index !== 'number') continue;
    data[field as string] = list.map((item, i) => (i === index ? null : item));
    errors = [...errors.filter((other) => !within(other, path)), error];
  }
  return { ...result, data, errors };
}

/** Where `_entities` found an entity missing, its answer says so once (schema/entity/federation.ts). */
export const useMissingEntities: Plugin = {
  onExecute: ({ args }) => ({
    onExecuteDone: async ({ result, setResult }) => {
      if (isAsyncIterable(result)) return;
      const missing = await missingEntities(args.contextValue as object);
      if (missing.length > 0) setResult(withMissingEntities(result, missing));
    },
  }),
};
