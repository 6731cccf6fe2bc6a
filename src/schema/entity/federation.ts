import { complexityFromQuery } from '@pothos/plugin-complexity';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  isUnionType,
  Kind,
  locatedError,
  responsePathAsArray,
} from 'graphql';
import { ARGUMENT } from '../../common/messages.ts';
import { UpstreamError } from '../../upstream/answer.ts';
import type { GatewayContext } from '../context.ts';
import { builder, tooComplex } from '../builder.ts';
import { keysCost } from '../kit/keys-cost.ts';
import * as valid from '../kit/validate.ts';
import { ENTITIES, type EntityKind, type EntityName } from './kinds.ts';
import type { SubgraphNames } from './subgraph-names.ts';

/**
 * The entities of the Apollo Federation subgraph: each keyed by its catalog key, each reference
 * made into the object as the batch roots make it (kinds.ts), so that `_entities` goes through
 * the request's loaders and caches like the rest of the graph: 50 movie references cost at most
 * 50 upstream calls, each object's sub-resources merged into its one call.
 *
 * `_entities` answers each representation on its own, as a correct subgraph must: a bad key or
 * an unknown `__typename` is one BAD_USER_INPUT at `[_entities, i]` naming the key field, never
 * sent upstream; a missing entity is null with one NOT_FOUND at its index; the others resolve.
 */

/** Why a representation names no entity: which of its fields is wrong, and how. */
class BadKey {
  readonly field: string;
  readonly problem: string;
  constructor(field: string, problem: string) {
    this.field = field;
    this.problem = problem;
  }
}

type Representation = Record<string, unknown>;

/** What a value was, for a message: a number as it is, anything else by its kind (never echoed). */
function shown(value: unknown): number | string {
  if (typeof value === 'number') return value;
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function objectAt(rep: Representation, field: string): Representation {
  const value = rep[field];
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Representation;
  throw new BadKey(field, `must be an object, got ${shown(value)}.`);
}

/** A key read from JSON as it came: `_Any` skips GraphQL's coercion, so a string is never made a number. */
function idAt(rep: Representation, field: string, path = field): number {
  const value = rep[field];
  if (valid.isId(value)) return value;
  throw new BadKey(path, ARGUMENT.id(shown(value)));
}

function numberAt(rep: Representation, field: string): number {
  const value = rep[field];
  if (valid.isNumber(value)) return value;
  throw new BadKey(field, ARGUMENT.number(shown(value)));
}

/** A list id: a number, a numeric string (as an `ID` travels), or a 24-hex id of a list made before 2018. */
function listIdAt(rep: Representation): number | string {
  const value = rep.listId;
  if (valid.isId(value)) return value;
  if (typeof value === 'string' && /^\d{1,10}$/.test(value) && valid.isId(Number(value))) return Number(value);
  if (typeof value === 'string' && /^[0-9a-f]{24}$/i.test(value)) return value;
  throw new BadKey('listId', ARGUMENT.listId(shown(value)));
}

function seasonKeyAt(rep: Representation) {
  return { seriesId: idAt(objectAt(rep, 'series'), 'databaseId', 'series.databaseId'), seasonNumber: numberAt(rep, 'seasonNumber') };
}

/** How each entity is keyed in the SDL, and how a representation's key is read and checked. */
interface Keyed<Key> {
  keys: string[];
  keyOf(rep: Representation): Key;
}

// Keyed by the catalog's number, `databaseId`, which every language shares: `id` is the global
// id, one per language, and a router's representation names the entity, not one of its languages.
const byId: Keyed<number> = { keys: ['databaseId'], keyOf: (rep) => idAt(rep, 'databaseId') };

const KEYED: { [Name in EntityName]: Keyed<Parameters<(typeof ENTITIES)[Name]['of']>[0]> } = {
  Movie: byId,
  TVSeries: byId,
  Person: byId,
  Company: byId,
  Collection: byId,
  Network: byId,
  Keyword: byId,
  Account: byId,
  // `listId` has both kinds of list id (`id` is null for the old 24-hex ids).
  UserList: { keys: ['listId'], keyOf: listIdAt },
  Review: {
    keys: ['databaseId'],
    keyOf: (rep) => {
      if (typeof rep.databaseId === 'string' && /^[0-9a-f]{24}$/i.test(rep.databaseId)) return rep.databaseId;
      throw new BadKey('databaseId', ARGUMENT.objectId);
    },
  },
  Season: { keys: ['series { databaseId } seasonNumber'], keyOf: seasonKeyAt },
  Episode: {
    keys: ['series { databaseId } seasonNumber episodeNumber'],
    keyOf: (rep) => ({ ...seasonKeyAt(rep), episodeNumber: numberAt(rep, 'episodeNumber') }),
  },
};

for (const name of Object.keys(KEYED) as EntityName[]) {
  const { keys, keyOf } = KEYED[name] as Keyed<unknown>;
  const entity = ENTITIES[name] as EntityKind<unknown, unknown>;
  builder.asEntity(entity.ref as typeof ENTITIES.Movie.ref, {
    key: keys.map((key) => builder.selection<{ databaseId: number }>(key as 'databaseId')),
    // Read by tools that resolve a reference through the type; `_entities` itself reads KEYED.
    resolveReference: (reference, context) => entity.of(keyOf(reference), context) as ReturnType<typeof ENTITIES.Movie.of>,
  });
}

function badRepresentation(index: number, field: string, problem: string): GraphQLError {
  return new GraphQLError(ARGUMENT.problem('representations', ARGUMENT.representation(index, field, problem)), {
    extensions: { code: 'BAD_USER_INPUT', argument: 'representations', field },
  });
}

/** An entity `_entities` was asked for and the catalog lacks: where it is in the answer, and its NOT_FOUND. */
export interface MissingEntity {
  path: ReadonlyArray<string | number>;
  error: GraphQLError;
}

/**
 * The existence checks of each request's `_entities`, read back once it has run
 * (missingEntities). Keyed by the request's context, which lives as long as the request.
 */
const checksOf = new WeakMap<object, Array<Promise<MissingEntity | undefined>>>();

/**
 * The entities of this request's `_entities` that the catalog lacks. A field of a missing
 * entity fails on its own, so without this the answer was an object of nulls (or an `id` for
 * nothing, when only the key was selected) with one NOT_FOUND per field; the subgraph's answer
 * is then rewritten to null and one NOT_FOUND at the entity (src/graphql/missing-entities.ts).
 */
export async function missingEntities(context: object): Promise<MissingEntity[]> {
  const checks = checksOf.get(context) ?? [];
  return (await Promise.all(checks)).filter((missing): missing is MissingEntity => missing !== undefined);
}

/** The source of one representation, as its type's source with the subgraph's type name on it. */
function resolveRepresentation(
  representation: unknown,
  index: number,
  typeNames: ReadonlyMap<string, EntityName>,
  context: GatewayContext,
  info: GraphQLResolveInfo,
): unknown {
  const rep = (typeof representation === 'object' && representation !== null ? representation : {}) as Representation;
  const typeName = rep.__typename;
  const name = typeof typeName === 'string' ? typeNames.get(typeName) : undefined;
  if (!name) return badRepresentation(index, '__typename', ARGUMENT.entityType([...typeNames.keys()]));
  let key: unknown;
  try {
    key = (KEYED[name] as Keyed<unknown>).keyOf(rep);
  } catch (error) {
    if (error instanceof BadKey) return badRepresentation(index, error.field, error.problem);
    throw error;
  }
  const entity = ENTITIES[name] as EntityKind<unknown, unknown>;
  const source = Promise.resolve(entity.of(key, context));
  // Asked in the same tick as the entity's own fields, so it shares their call (the details'
  // loader, or the call their sub-resources are appended to): knowing costs no call of its own.
  const path = [...responsePathAsArray(info.path), index];
  const check = source
    .then((made) => entity.exists(made, context))
    .then(
      () => undefined,
      (error: unknown): MissingEntity | undefined =>
        error instanceof UpstreamError && error.code === 'NOT_FOUND'
          ? { path, error: locatedError(error, info.fieldNodes, path) }
          : undefined,
    );
  let checks = checksOf.get(context);
  if (!checks) checksOf.set(context, (checks = []));
  checks.push(check);
  // The union `_Entity` reads the type from `__typename`; the made object is left as it was.
  return source.then((made) => (typeof made === 'object' && made !== null ? { ...made, __typename: typeName } : made));
}

/**
 * `_entities` as this subgraph answers it (see the top of this file), in place of
 * @apollo/subgraph's, which failed the whole field for one unknown `__typename`, and of the
 * check that refused every representation for one bad key. It is not the builder's field, so
 * the cost check that guards every root field of the builder never runs for it: here it gets
 * the batch roots' cost (one object per representation, at most 500) and the same check before
 * it resolves, so a router's entity fetch is bounded like any other query.
 */
export function withEntityLimits(subgraph: GraphQLSchema, names: SubgraphNames): GraphQLSchema {
  const field = subgraph.getQueryType()?.getFields()._entities;
  const union = subgraph.getType('_Entity');
  if (!field || !isUnionType(union)) return subgraph;
  // Each entity by the name the subgraph gives it (`CatalogMovie` under a prefix).
  const members = new Set(union.getTypes().map((type) => type.name));
  const typeNames = new Map<string, EntityName>();
  for (const name of Object.keys(KEYED) as EntityName[]) if (members.has(names.type(name))) typeNames.set(names.type(name), name);
  Object.assign(field, {
    extensions: { ...field.extensions, complexity: (args: Record<string, unknown>) => keysCost('representations', args) },
    resolve: (_source: unknown, args: Record<string, unknown>, context: GatewayContext, info: GraphQLResolveInfo) => {
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [info.operation, ...Object.values(info.fragments)] };
      const { complexity, depth } = complexityFromQuery(document, { schema: subgraph, ctx: context, variables: info.variableValues });
      if (depth > context.limits.depth) throw tooComplex('depth', context.limits.depth, depth);
      if (complexity > context.limits.cost) throw tooComplex('cost', context.limits.cost, complexity);
      const representations = Array.isArray(args.representations) ? args.representations : [];
      return representations.map((representation, index) => resolveRepresentation(representation, index, typeNames, context, info));
    },
  });
  return subgraph;
}
