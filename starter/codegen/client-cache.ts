import type { PluginFunction } from '@graphql-codegen/plugin-helpers';
import {
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isAbstractType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { renderUrqlSchema } from './urql-schema.ts';

/**
 * A codegen plugin (`codegen.ts` loads it by the name `client-cache`) that writes the gateway's
 * `schema/client-cache.ts` and an app's `src/client-cache.ts` (starter/): the identity of every object type as Apollo InMemoryCache and urql
 * graphcache need it. Derived from the schema so that a type added without an `id` is declared
 * keyless by the next `npm run codegen`, never by someone remembering to (a test regenerates it
 * and compares).
 *
 * The rules:
 * - A type with a non-null `id` field is an entity: both clients key it by `__typename` + `id`
 *   by default, so it needs no entry.
 * - A type whose `id` the service may leave out (a credit of 2014 has no credit id, an episode
 *   of a 2014 season record no id) is keyed by its id where it has one and stored inside its
 *   parent where not. Apollo's default does that already; urql's warns of every object without
 *   a key, so urql gets `keyWhenPresent`.
 * - A type without `id` is a value object: `keyFields: false` (Apollo) and `() => null` (urql),
 *   so both store it inside its parent instead of warning that it has no key.
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
  /** Object types with a non-null `id`: keyed by both clients' defaults. */
  keyed: string[];
  /** Object types with a nullable `id`: keyed by it where present, stored in the parent where not. */
  keyedWhenPresent: string[];
  /** Object types without one (root types excluded): stored inside their parent. */
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
  const keyed: string[] = [];
  const keyedWhenPresent: string[] = [];
  const keyless: string[] = [];
  for (const type of objects) {
    if (roots.has(type.name)) continue;
    const id = type.getFields().id;
    (id ? (isNonNullType(id.type) ? keyed : keyedWhenPresent) : keyless).push(type.name);
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
  return {
    keyed: keyed.sort(byName),
    keyedWhenPresent: keyedWhenPresent.sort(byName),
    keyless: keyless.sort(byName),
    merged,
    possibleTypes,
  };
}

/** The file's text (codegen's beforeOneFileWrite hook, codegen/format.ts, formats it). */
export function renderClientCache(schema: GraphQLSchema): string {
  const { keyed, keyedWhenPresent, keyless, merged, possibleTypes } = clientCacheConfig(schema);
  const policyTypes = [...new Set([...keyless, ...Object.keys(merged)])].sort(byName);
  const policies = policyTypes.map((name) => {
    const keyFields = keyless.includes(name) ? 'keyFields: false' : undefined;
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
    `// ${keyed.length} object types have an id and are keyed by it (both clients' default); ${keyedWhenPresent.length} are keyed by`,
    `// their id where the service sent one; ${keyless.length} have none and are stored inside their parent.`,
    '// docs/frontend.md, "The client cache", shows how to use these.',
    '',
    '/** An object as the caches see it. */',
    'type CachedObject = Readonly<{ __typename?: string; id?: unknown }>;',
    '',
    "/** The subset of Apollo's TypePolicy this file uses (no import: a urql app need not install Apollo). */",
    'export interface ApolloTypePolicy {',
    '  keyFields?: false;',
    '  fields?: Record<string, { merge: true }>;',
    '}',
    '',
    '/**',
    " * urql's key of an object whose id the service may leave out: its id where it has one; none where",
    ' * not, so graphcache stores it inside its parent without warning of a missing key. (Apollo does',
    ' * the same by default.)',
    ' */',
    'export const keyWhenPresent = (object: CachedObject): string | null => (object.id == null ? null : String(object.id));',
    '',
    '/**',
    ' * `new InMemoryCache({ typePolicies: apolloTypePolicies, possibleTypes })`: value objects are',
    ' * stored inside their parent (`keyFields: false`), and a parent merges the sub-fields two',
    ' * queries select of the same value object (`merge: true`) instead of replacing them.',
    ' */',
    'export const apolloTypePolicies: Record<string, ApolloTypePolicy> = {',
    ...policies,
    '};',
    '',
    '/**',
    ' * `cacheExchange({ keys: urqlKeys, schema: urqlSchema })`: value objects have no key, graphcache embeds',
    ' * them; an object whose id may be absent is keyed by it where present.',
    ' */',
    'export const urqlKeys: Record<string, (object: CachedObject) => string | null> = {',
    ...[...keyless, ...keyedWhenPresent]
      .sort(byName)
      .map((name) => (keyless.includes(name) ? `  ${name}: () => null,` : `  ${name}: keyWhenPresent,`)),
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
