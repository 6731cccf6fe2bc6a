import type { PluginFunction } from '@graphql-codegen/plugin-helpers';
import { type GraphQLField, type GraphQLSchema, getNamedType, getNullableType, isAbstractType, isListType, isObjectType } from 'graphql';
import { renderUrqlSchema } from './urql-schema.ts';

/**
 * A codegen plugin (`codegen.ts` loads it by the name `client-cache`) that writes the gateway's
 * `schema/client-cache.ts` and an app's `src/client-cache.ts` (starter/): the identity of every object type as Apollo InMemoryCache and urql
 * graphcache need it. Derived from the schema so that a type added later gets its rule from the
 * next `npm run codegen`, never from someone remembering to (a test regenerates it and compares).
 *
 * The rules:
 * - A type that implements `Node` is keyed by its `nodeId`, never by `__typename` + `id` (both
 *   clients' default). A `nodeId` names the object in one language ("Movie:550@fr-FR"), so the
 *   French and the English record of a movie are two records, and a language switch never
 *   overwrites one with the other (docs/frontend-app.md, "Language and identity"). Where a
 *   query did not select `nodeId`, the object is stored inside its parent: still apart per
 *   language (the parent's field keeps its arguments), only not shared across queries. Apollo's
 *   `keyFields: ['nodeId']` would throw "Missing field 'nodeId'" on such a query instead.
 * - Every other type is a value object, stored inside its parent (`keyFields: false`, `() => null`),
 *   also when it has an `id`: a genre, a video or a credit carries translated texts, and keyed by
 *   its `id` it would hold whichever language was written last.
 * - Apollo replaces a value object wholesale when a second query selects other sub-fields of
 *   it, losing the first query's fields (and warns "Cache data may be lost"). `merge: true`
 *   combines them instead, which is right when both answers describe the same object: a
 *   singular field of an entity, of `Query` or of another value object holds the same object
 *   for the same parent and arguments (Apollo stores each argument set apart), e.g.
 *   `Movie.credits`, `Review.authorDetails`, `Query.search`, `Movie.reviews(page:)`.
 * - Not merged: list fields (elements without identity cannot be matched up, so a list is
 *   replaced; Apollo refuses `merge: true` on arrays), fields returning entities (references,
 *   normalised already), unions and interfaces with an entity among their members, and
 *   `Mutation` fields (each call is a new event, two request tokens are two objects; Apollo
 *   drops root mutation fields after each mutation anyway).
 * urql needs no merge rule: graphcache stores a keyless object's fields under its parent's key
 * and field path, so answers with different sub-fields already add up. It needs the schema's
 * shape instead, for fragments on unions and interfaces (`urqlSchema`, urql-schema.ts).
 */

export interface ClientCacheConfig {
  /** Object types that implement `Node`: keyed by `nodeId`. */
  nodes: string[];
  /** The other object types (root types excluded): stored inside their parent. */
  keyless: string[];
  /** Per parent type, the fields whose value object Apollo merges rather than replaces. */
  merged: Record<string, string[]>;
  /** Members of each union and interface, for fragments on abstract types. */
  possibleTypes: Record<string, string[]>;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function clientCacheConfig(schema: GraphQLSchema): ClientCacheConfig {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((type) => type?.name));
  const objects = Object.values(schema.getTypeMap())
    .filter(isObjectType)
    .filter((type) => !type.name.startsWith('__'));
  const nodes: string[] = [];
  const keyless: string[] = [];
  for (const type of objects) {
    if (roots.has(type.name)) continue;
    const isNode = type.getInterfaces().some((face) => face.name === 'Node') && type.getFields().nodeId !== undefined;
    (isNode ? nodes : keyless).push(type.name);
  }
  const isKeyless = new Set(keyless);
  // A field's value is mergeable when it is one value object, or a union/interface of value
  // objects only (Apollo then replaces it when the two answers differ in __typename).
  const mergeable = (field: GraphQLField<unknown, unknown>) => {
    const type = getNullableType(field.type);
    if (isListType(type)) return false;
    const named = getNamedType(type);
    if (isObjectType(named)) return isKeyless.has(named.name);
    return isAbstractType(named) && schema.getPossibleTypes(named).every((member) => isKeyless.has(member.name));
  };
  const merged: Record<string, string[]> = {};
  for (const type of objects) {
    if (type === schema.getMutationType() || type === schema.getSubscriptionType()) continue;
    const fields = Object.values(type.getFields())
      .filter(mergeable)
      .map((field) => field.name);
    if (fields.length > 0) merged[type.name] = fields.sort(byName);
  }
  const possibleTypes: Record<string, string[]> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isAbstractType(type) || type.name.startsWith('__')) continue;
    possibleTypes[type.name] = schema
      .getPossibleTypes(type)
      .map((member) => member.name)
      .sort(byName);
  }
  return { nodes: nodes.sort(byName), keyless: keyless.sort(byName), merged, possibleTypes };
}

/** The file's text (codegen's beforeOneFileWrite hook, codegen/format.ts, formats it). */
export function renderClientCache(schema: GraphQLSchema): string {
  const { nodes, keyless, merged, possibleTypes } = clientCacheConfig(schema);
  const policyTypes = [...new Set([...nodes, ...keyless, ...Object.keys(merged)])].sort(byName);
  const policies = policyTypes.map((name) => {
    const keyFields = nodes.includes(name) ? 'keyFields: apolloNodeKey' : keyless.includes(name) ? 'keyFields: false' : undefined;
    const fields = merged[name];
    if (!fields) return `  ${name}: { ${keyFields} },`;
    const fieldLines = fields.map((field) => `      ${field}: { merge: true },`);
    return [`  ${name}: {`, ...(keyFields ? [`    ${keyFields},`] : []), '    fields: {', ...fieldLines, '    },', '  },'].join('\n');
  });
  const possible = Object.entries(possibleTypes)
    .sort(([a], [b]) => byName(a, b))
    .map(([name, members]) => {
      const line = `  ${name}: [${members.map((member) => `'${member}'`).join(', ')}],`;
      return line.length <= 140 ? line : [`  ${name}: [`, ...members.map((member) => `    '${member}',`), '  ],'].join('\n');
    });
  return `${[
    '// Generated by `npm run codegen` from the schema (the client-cache plugin of starter/codegen/); do not edit.',
    `// ${nodes.length} object types implement Node and are keyed by their nodeId, which names the object in one language;`,
    `// the ${keyless.length} others are stored inside their parent.`,
    '// docs/frontend.md, "The client cache", shows how to use these; docs/frontend-app.md, "Language and identity", says why.',
    '',
    '/** An object as the caches see it. */',
    'type CachedObject = Readonly<{ __typename?: string; nodeId?: unknown }>;',
    '',
    "/** The subset of Apollo's TypePolicy this file uses (no import: a urql app need not install Apollo). */",
    'export interface ApolloTypePolicy {',
    "  keyFields?: false | ((object: CachedObject) => ['nodeId'] | false);",
    '  fields?: Record<string, { merge: true }>;',
    '}',
    '',
    '/**',
    " * Apollo's key of a `Node`: its `nodeId`, which names the object in one language, so the French",
    ' * and the English record of a movie are two records. An object whose query did not select',
    " * `nodeId` is stored inside its parent instead (`keyFields: ['nodeId']` would throw).",
    ' */',
    "export const apolloNodeKey = (object: CachedObject): ['nodeId'] | false => (object.nodeId == null ? false : ['nodeId']);",
    '',
    "/** urql's key of a `Node`: its `nodeId`, as for Apollo; none where the query did not select it. */",
    'export const urqlNodeKey = (object: CachedObject): string | null => (object.nodeId == null ? null : String(object.nodeId));',
    '',
    '/**',
    ' * `new InMemoryCache({ typePolicies: apolloTypePolicies, possibleTypes })`: a `Node` is keyed',
    ' * by its `nodeId`, every other object is stored inside its parent (`keyFields: false`), and a',
    ' * parent merges the sub-fields two queries select of the same value object (`merge: true`)',
    ' * instead of replacing them.',
    ' */',
    'export const apolloTypePolicies: Record<string, ApolloTypePolicy> = {',
    ...policies,
    '};',
    '',
    '/**',
    ' * `cacheExchange({ keys: urqlKeys, schema: urqlSchema })`: a `Node` is keyed by its `nodeId`;',
    ' * every other object has no key, and graphcache embeds it in its parent.',
    ' */',
    'export const urqlKeys: Record<string, (object: CachedObject) => string | null> = {',
    ...[...nodes, ...keyless].sort(byName).map((name) => (nodes.includes(name) ? `  ${name}: urqlNodeKey,` : `  ${name}: () => null,`)),
    '};',
    '',
    '/** Members of each union and interface: Apollo matches fragments on them only with this map. */',
    'export const possibleTypes: Record<string, string[]> = {',
    ...possible,
    '};',
    '',
    ...renderUrqlSchema(schema),
  ].join('\n')}\n`;
}

export const plugin: PluginFunction = (schema) => renderClientCache(schema);
