import { collectSubFields } from '@graphql-tools/utils';
import { type FieldNode, getArgumentValues, type GraphQLResolveInfo, isObjectType } from 'graphql';
import type { GatewayContext } from '../context.ts';

/**
 * An object named by its key (`movie(id:)`, an item of `movies(ids:)` or `nodes(ids:)`,
 * `node(id:)`, `season(number:)`) that the catalog lacks is one NOT_FOUND at its own path, and
 * null there: never an object of nulls, an error per selected field, or a global `id` of nothing.
 * Only its field's resolver can place the error there, so it waits for the load that tells: the
 * object's details, the load its fields read too (one call, shared through the request's
 * DataLoader). `{ id }` alone therefore costs that call as well (docs/costs.md).
 *
 * The fields' own loads must still ride that call: append_to_response merges only the loads made
 * in one tick (src/upstream/merge.ts), and GraphQL runs the fields only once the object has
 * resolved. So the selected fields' resolvers are started here first, on the object, and their
 * answers dropped: each load they make is kept by its loader, and when GraphQL runs the field
 * again it gets that same load. A field under a language or `@defer` keeps its scope (the
 * resolvers read it from the path and field nodes given here).
 */
export async function existing<Source>(
  source: Source,
  exists: (source: Source, context: GatewayContext) => Promise<unknown>,
  context: GatewayContext,
  info: GraphQLResolveInfo,
  typeName: string,
  index?: number,
): Promise<Source> {
  startFields(source, context, info, typeName, index);
  await exists(source, context);
  return source;
}

function startFields(source: unknown, context: GatewayContext, info: GraphQLResolveInfo, typeName: string, index?: number): void {
  const type = info.schema.getType(typeName);
  if (!isObjectType(type)) return;
  const at = index === undefined ? info.path : { prev: info.path, key: index, typename: undefined };
  const { fields, patches } = collectSubFields(info.schema, info.fragments, info.variableValues, type, info.fieldNodes as FieldNode[]);
  for (const selected of [fields, ...patches.map((patch) => patch.fields)]) {
    for (const [key, nodes] of selected) {
      const [node] = nodes;
      const field = node ? type.getFields()[node.name.value] : undefined;
      if (!node || !field?.resolve) continue;
      const fieldInfo: GraphQLResolveInfo = {
        ...info,
        fieldName: field.name,
        fieldNodes: nodes,
        returnType: field.type,
        parentType: type,
        path: { prev: at, key, typename: type.name },
      };
      try {
        quiet(field.resolve(source, getArgumentValues(field, node, info.variableValues), context, fieldInfo));
      } catch {
        // A field that refuses its arguments refuses them again where GraphQL runs it.
      }
    }
  }
}

/** A started field's failure is its own, reported where GraphQL runs it: here it is only let go. */
function quiet(started: unknown): void {
  if (started instanceof Promise) started.catch(() => undefined);
  else if (Array.isArray(started)) for (const item of started) quiet(item);
}
