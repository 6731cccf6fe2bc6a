import { collectSubFields } from '@graphql-tools/utils';
import { type FieldNode, getArgumentValues, type GraphQLFieldResolver, type GraphQLResolveInfo, isObjectType } from 'graphql';
import type { GatewayContext } from '../context.ts';

/*
 * An object's details, as its fields read them: a value the object carries from the list it came
 * in, else loaded from its details (carried, carriedFrom); and an object named by its key, which
 * waits for its details before GraphQL runs its fields (existing).
 */

/**
 * A field an object may already carry from the list it came in; otherwise the value comes
 * from `load()`, which the caller points at the object's detail loader.
 */
export function carried<Source extends object, Detail, Key extends keyof Detail & PropertyKey>(
  source: Source,
  key: Key,
  load: () => Promise<Detail>,
): Detail[Key] | Promise<Detail[Key]> {
  if (key in source) return (source as unknown as Detail)[key];
  return load().then((detail) => detail[key]);
}

type Resolver<Source, Out> = (source: Source, args: unknown, context: GatewayContext) => Out | Promise<Out>;

/**
 * Resolvers for the fields of an object that arrives either whole or as a list summary
 * (`isSummary` tells a summary from a shell the gateway made of an id):
 * `fromDetail('title')` answers from the summary when it carries `title`, else from the detail
 * that `load` fetches (once per object, through its loader). An optional `map` shapes the value
 * (it also gets the object, for a value that links back to it).
 */
export function carriedFrom<Source extends object, Detail>(
  load: (source: Source, context: GatewayContext) => Promise<Detail>,
  isSummary: (source: Source) => boolean = () => false,
) {
  function field<Key extends keyof Detail & PropertyKey>(key: Key): Resolver<Source, Detail[Key]>;
  function field<Key extends keyof Detail & PropertyKey, Out>(
    key: Key,
    map: (value: Detail[Key], source: Source) => Out,
  ): Resolver<Source, Out>;
  function field<Key extends keyof Detail & PropertyKey, Out>(key: Key, map?: (value: Detail[Key], source: Source) => Out) {
    const shape = map ?? ((value: Detail[Key]) => value);
    return (source: Source, _args: unknown, context: GatewayContext) => {
      if (key in source) return shape((source as unknown as Detail)[key], source);
      return load(source, context).then((detail) => shape(detail[key], source));
    };
  }
  /**
   * A key the list summary itself may carry: a summary without it is what the service sent (it
   * leaves such keys out of some items, e.g. a collection among the results of /search/movie),
   * so the field is null rather than a details call per item, which may not even exist.
   */
  function summary<Key extends keyof Detail & PropertyKey>(key: Key): Resolver<Source, Detail[Key] | null>;
  function summary<Key extends keyof Detail & PropertyKey, Out>(
    key: Key,
    map: (value: Detail[Key], source: Source) => Out,
  ): Resolver<Source, Out | null>;
  function summary<Key extends keyof Detail & PropertyKey, Out>(key: Key, map?: (value: Detail[Key], source: Source) => Out) {
    const resolve = map ? field(key, map) : field(key);
    return (source: Source, args: unknown, context: GatewayContext) =>
      !(key in source) && isSummary(source) ? null : resolve(source, args, context);
  }
  /** The whole detail, for a field that needs more than one key of it. */
  field.load = load;
  field.summary = summary;
  return field;
}

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
 * resolved, that is once the call has come back: no wait of the merger's could gather loads that
 * are made only after the call it holds. So the selected fields' resolvers are started here
 * first, on the object, and what each answers is kept for GraphQL's own run of that field, which
 * takes it instead of resolving again (`takeStarted`, called by the per-field wrapper,
 * field-concerns.ts): each field resolves once. A field under a language or `@defer` keeps its
 * scope (the resolvers read it from the path and field nodes given here).
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

/** A field's resolver as the per-field wrapper runs it, but uncounted (GraphQL's run counts what it takes). */
export type Starter = GraphQLFieldResolver<unknown, GatewayContext>;

/** Each field's starter, by the resolver the built schema holds (registered by field-concerns.ts); a field without one makes no load. */
const starters = new WeakMap<object, Starter>();

export function registerStarter(resolve: object, start: Starter): void {
  starters.set(resolve, start);
}

/** A field started early on an object: for GraphQL's run of the same field node in the same request. */
interface Started {
  node: FieldNode;
  /** The request's tally: one per GraphQL request, shared by its contexts in other languages. */
  request: object;
  outcome: { value: unknown } | { error: unknown };
}

/** What was started on each object; an object GraphQL never completes (it did not exist) takes its entries with it. */
const startedOn = new WeakMap<object, Started[]>();

/** The answer started early for this field on this object, taken once; undefined when none was. */
export function takeStarted(source: unknown, info: GraphQLResolveInfo, context: GatewayContext): { value: unknown } | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const started = startedOn.get(source);
  if (!started) return undefined;
  const node = info.fieldNodes[0];
  const at = started.findIndex((one) => one.node === node && one.request === context.upstream);
  if (at < 0) return undefined;
  const [{ outcome }] = started.splice(at, 1) as [Started];
  if (started.length === 0) startedOn.delete(source);
  if ('error' in outcome) throw outcome.error;
  return outcome;
}

function startFields(source: unknown, context: GatewayContext, info: GraphQLResolveInfo, typeName: string, index?: number): void {
  const type = info.schema.getType(typeName);
  if (!isObjectType(type) || typeof source !== 'object' || source === null) return;
  const at = index === undefined ? info.path : { prev: info.path, key: index, typename: undefined };
  const { fields, patches } = collectSubFields(info.schema, info.fragments, info.variableValues, type, info.fieldNodes as FieldNode[]);
  for (const selected of [fields, ...patches.map((patch) => patch.fields)]) {
    for (const [key, nodes] of selected) {
      const [node] = nodes;
      const field = node ? type.getFields()[node.name.value] : undefined;
      const start = field?.resolve && starters.get(field.resolve);
      if (!node || !field || !start) continue;
      const fieldInfo: GraphQLResolveInfo = {
        ...info,
        fieldName: field.name,
        fieldNodes: nodes,
        returnType: field.type,
        parentType: type,
        path: { prev: at, key, typename: type.name },
      };
      let args: Record<string, unknown>;
      try {
        args = getArgumentValues(field, node, info.variableValues);
      } catch {
        // Arguments that cannot be read are refused where GraphQL runs the field.
        continue;
      }
      let outcome: Started['outcome'];
      try {
        outcome = { value: quiet(start(source, args, context, fieldInfo)) };
      } catch (error) {
        // A field that refuses its arguments refuses them where GraphQL runs it, once.
        outcome = { error };
      }
      const started = startedOn.get(source) ?? [];
      started.push({ node, request: context.upstream, outcome });
      startedOn.set(source, started);
    }
  }
}

/** A started field's failure is its own, reported where GraphQL runs it: here it is only let go. */
function quiet<T>(started: T): T {
  if (started instanceof Promise) started.catch(() => undefined);
  else if (Array.isArray(started)) for (const item of started) quiet(item);
  return started;
}
