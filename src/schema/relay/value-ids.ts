import { createHash } from 'node:crypto';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import {
  type FieldNode,
  type GraphQLFieldConfig,
  GraphQLID,
  GraphQLNonNull,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isAbstractType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import type { GatewayContext } from '../context.ts';
import { inLanguageScope, type OwnerPassing, PASSES_OWNER } from '../kit/field-concerns.ts';
import { languageScope } from '../kit/language-scope.ts';
import { globalId } from './global-id.ts';

/**
 * An `id: ID!` on every object a client can select, so that Apollo Client, urql graphcache and
 * Relay normalise the whole graph with their defaults (docs/schema-types.md, "Identity"): a value
 * object without one is stored inside its parent, and two queries selecting different sub-fields
 * of it replace each other (Apollo warns "Cache data may be lost", graphcache "no key could be
 * generated"). Every id names the object in one language, as a `Node`'s does (relay/node.ts), so
 * that the French and the English record of anything are two records.
 *
 * - A value with a key of its own (a credit, a genre, an image's file) has a global id of that
 *   key (NATURAL), "Type:key" as a Node's, which `node(id:)` refuses: it cannot be loaded alone.
 * - Any other (a movie's `credits`, its `images`, a connection, an edge, an alternative title) is
 *   owned by its parent: its id is a hash of the parent's id, the field with its arguments, and
 *   its index in a list. The field that returns it passes the owner down in a copy of the value
 *   (never in the shared object a loader keeps), and the id is computed only when selected.
 *
 * Without one: the root types, and the payloads only mutations return (a mutation's answer is
 * not a record to keep).
 */

/** Where an owned value keeps how to compute its id: a symbol, so no resolver or JSON sees it. */
const OWNED = Symbol('owned id');

type Source = Record<string | symbol, unknown>;
type Key = (source: Source) => ReadonlyArray<unknown>;

const credit: Key = (c) => [c.credit_id];
const byId: Key = (v) => [v.id];

/** The types with a key of their own: that key, which the type shows as `databaseId`, `creditId`, `filePath`... */
const NATURAL: Record<string, Key> = {
  CastCredit: credit,
  CrewCredit: credit,
  CreditJob: credit,
  CreditRole: credit,
  PersonMovieCastCredit: credit,
  PersonMovieCrewCredit: credit,
  PersonTVCastCredit: credit,
  PersonTVCrewCredit: credit,
  SeriesCreator: credit,
  Credit: byId,
  Genre: byId,
  Video: byId,
  Logo: byId,
  TaggedImage: byId,
  ChangeItem: byId,
  EpisodeGroupGroup: byId,
  ScreenedTheatricallyEpisode: byId,
  SeasonEpisodeRating: byId,
  ChangedMovie: byId,
  ChangedTVSeries: byId,
  ChangedPerson: byId,
  OtherMedia: (m) => [m.media_type, m.id],
  CatalogChange: (c) => [c.kind, c.id],
  Image: (i) => [i.file_path],
  Language: (l) => [l.iso_639_1],
  Region: (r) => [r.iso_3166_1],
  ProductionCountry: (c) => [c.iso_3166_1],
  WatchProvider: (p) => [p.provider_id],
};

/** An id is computed, never loaded: it costs no upstream call (schema/builder.ts, `complexity`). */
const NO_COST = { complexity: 0 };

const ID_DESCRIPTION =
  'Global id of this object in the language of its texts, for client caches (Apollo, urql and Relay key records by it). Opaque; `node(id:)` does not take it.';

/** The id of an owned value: short and opaque, the same for the same owner, field, arguments, index and language. */
function ownedId(
  type: string,
  owner: string,
  field: string,
  args: Record<string, unknown>,
  index: number | undefined,
  language: string | undefined,
) {
  const text = JSON.stringify([type, owner, field, args, index ?? null, language]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/**
 * The language of an `id` field's subtree. These fields are added after Pothos built the schema,
 * so its per-field language scope (kit/language-scope.ts) is applied here, as it is to the rest.
 */
const idScope = languageScope({ name: 'id', isMutation: false, argNames: [] });

function naturalIdField(type: string, key: Key): GraphQLFieldConfig<Source, GatewayContext> {
  return {
    type: new GraphQLNonNull(GraphQLID),
    description: ID_DESCRIPTION,
    extensions: NO_COST,
    resolve: (source, _args, context, info) => {
      const parts = key(source);
      // A credit of a 2014 answer has no credit id: it is then owned by its parent, as a value without a key.
      if (parts.some((part) => part === undefined || part === null || part === '')) return ownedIdOf(source, info);
      return globalId(type, parts as Array<string | number>, inLanguageScope(idScope, {}, context, info).language);
    },
  };
}

function ownedIdOf(source: Source, info: GraphQLResolveInfo): string {
  const id = (source[OWNED] as (() => string) | undefined)?.();
  // A bug, never the client's: masked as an unexpected error, logged with this text.
  if (id === undefined) throw new Error(`${info.parentType.name} reached without the field that owns it`);
  return id;
}

const ownedIdField: GraphQLFieldConfig<Source, GatewayContext> = {
  type: new GraphQLNonNull(GraphQLID),
  description: ID_DESCRIPTION,
  extensions: NO_COST,
  resolve: (source, _args, _context, info) => ownedIdOf(source, info),
};

const then = <T, U>(value: T | Promise<T>, next: (value: T) => U): U | Promise<U> =>
  value instanceof Promise ? value.then(next) : next(value as T);

/** Per field node of a document: whether an `id` is selected anywhere below it (fragments followed). */
const idBelow = new WeakMap<FieldNode, boolean>();

/**
 * Whether any `id` may be asked below the field: only then does its value need its owner, for
 * its own id or one further down (an owned id names its owner's). Any field named `id` counts,
 * whatever its type: the answer errs towards passing the owner.
 */
function selectsIdBelow(info: GraphQLResolveInfo): boolean {
  return info.fieldNodes.some((node) => {
    let found = idBelow.get(node);
    if (found === undefined) {
      const seen = new Set<string>();
      const visit = (set: SelectionSetNode | undefined): boolean =>
        set?.selections.some((selection) => {
          if (selection.kind === Kind.FIELD) return selection.name.value === 'id' || visit(selection.selectionSet);
          if (selection.kind === Kind.INLINE_FRAGMENT) return visit(selection.selectionSet);
          if (seen.has(selection.name.value)) return false;
          seen.add(selection.name.value);
          return visit(info.fragments[selection.name.value]?.selectionSet);
        }) ?? false;
      found = visit(node.selectionSet);
      idBelow.set(node, found);
    }
    return found;
  });
}

export function withValueIds(schema: GraphQLSchema): GraphQLSchema {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((root) => root?.name));
  const mutation = schema.getMutationType()?.name;
  // The types that return each type. A payload returned by mutations only keeps no id, nor what
  // only such payloads return (a new session, a request token): an answer, not a record to keep.
  const returnedBy = new Map<string, Set<string>>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const name = getNamedType(field.type).name;
      returnedBy.set(name, (returnedBy.get(name) ?? new Set()).add(type.name));
    }
  }
  const answersOnly = new Set(mutation ? [mutation] : []);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, owners] of returnedBy) {
      if (answersOnly.has(name) || ![...owners].every((owner) => answersOnly.has(owner))) continue;
      answersOnly.add(name);
      grew = true;
    }
  }
  const kept = new Set([...returnedBy.keys()].filter((name) => !answersOnly.has(name)));
  const owned = new Set<string>();
  const identified = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || roots.has(type.name) || type.name.startsWith('_')) continue;
    if (type.getFields().id) identified.add(type.name);
    else if (NATURAL[type.name] || kept.has(type.name)) {
      identified.add(type.name);
      if (!NATURAL[type.name]) owned.add(type.name);
    }
  }

  // The types a field passes its owner to: the owned ones, the keyed ones (a key may be missing:
  // 2014 credits), and the unions and interfaces that may resolve to either.
  const ownsId = (name: string) => owned.has(name) || (NATURAL[name] !== undefined && identified.has(name));
  const ownable = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (ownsId(type.name)) ownable.add(type.name);
    else if (isAbstractType(type) && schema.getPossibleTypes(type).some((one) => ownsId(one.name))) ownable.add(type.name);
  }

  const withIds = mapSchema(schema, {
    [MapperKind.OBJECT_TYPE]: (type) => {
      if (type.getFields().id || !identified.has(type.name)) return type;
      const config = type.toConfig();
      const natural = NATURAL[type.name];
      const id = natural ? naturalIdField(type.name, natural) : ownedIdField;
      return new (type.constructor as typeof import('graphql').GraphQLObjectType)({ ...config, fields: { id, ...config.fields } });
    },
    [MapperKind.INTERFACE_TYPE]: (type) => {
      // An interface all of whose types have an id has it too, so `... on PersonCastCredit { id }` works.
      const all = schema.getPossibleTypes(type);
      if (type.getFields().id || all.length === 0 || !all.every((one) => identified.has(one.name))) return type;
      const config = type.toConfig();
      const id = { type: new GraphQLNonNull(GraphQLID), description: ID_DESCRIPTION, extensions: NO_COST };
      return new (type.constructor as typeof import('graphql').GraphQLInterfaceType)({ ...config, fields: { id, ...config.fields } });
    },
  });

  // A field that passes its owner down carries how, in its extensions; the one per-field
  // wrapper (kit/field-concerns.ts) reads it on the field's first call.
  return mapSchema(withIds, {
    [MapperKind.OBJECT_FIELD]: (config, fieldName, typeName) => {
      if (!ownable.has(getNamedType(config.type).name)) return config;
      const parent = withIds.getType(typeName);
      const idOf = isObjectType(parent) ? parent.getFields().id?.resolve : undefined;
      return { ...config, extensions: { ...config.extensions, [PASSES_OWNER]: ownerPassing(config, fieldName, typeName, idOf) } };
    },
  });
}

/** How a field's value takes its owner with it when an `id` is selected below it. */
function ownerPassing(
  config: GraphQLFieldConfig<unknown, GatewayContext>,
  fieldName: string,
  typeName: string,
  idOf: GraphQLFieldConfig<unknown, GatewayContext>['resolve'],
): OwnerPassing {
  const returned = getNamedType(config.type).name;
  const list = isListType(getNullableType(config.type));
  // The language the value resolves in: its field's `language` argument, or the one above.
  const scope = languageScope({
    name: fieldName,
    languageOf: config.extensions?.languageOf,
    isMutation: false,
    argNames: Object.keys(config.args ?? {}),
  });
  return (resolved, source, args, context, info) => {
    // No `id` below: the value goes as it is, no copy of it made.
    if (!selectsIdBelow(info)) return resolved;
    // The owner's id, computed only when the value's `id` is selected; a root or a payload is named by its type.
    const owner = () => (idOf ? String(idOf(source, {}, context, info)) : typeName);
    const attach = (value: unknown, index?: number) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? {
            ...value,
            [OWNED]: () => ownedId(returned, owner(), fieldName, args, index, inLanguageScope(scope, args, context, info).language),
          }
        : value;
    return then(resolved, (value) =>
      list && Array.isArray(value) ? value.map((item, index) => then(item as unknown, (one) => attach(one, index))) : attach(value),
    );
  };
}
