import { type GraphQLSchema, isInterfaceType, isObjectType, isUnionType } from 'graphql';

/**
 * The `urqlSchema` section of schema/client-cache.ts: the schema's shape as graphcache reads it
 * (`cacheExchange({ schema })`), written compactly and expanded when the module loads.
 *
 * Why graphcache needs it and `possibleTypes` is not enough: without a schema, graphcache writes
 * a result through every fragment of a selection, matching or not, so `... on TVSeries { name }`
 * under a Movie tries to write `name` and warns that it is undefined. With a schema it matches
 * fragments on unions and interfaces exactly, and knows which fields may be null.
 *
 * What graphcache reads (its schema predicates): object types and interfaces with their fields
 * (name, type; argument lists may be empty) and the interfaces an object implements; unions with
 * their members. Scalars and enums are all one kind to it, as @urql/introspection's minified
 * form has them. Descriptions, arguments' types, inputs and directives are left out.
 */
export function renderUrqlSchema(schema: GraphQLSchema): string[] {
  const types = Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith('__'))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const fieldsLine = (fields: Record<string, { type: unknown }>) =>
    Object.entries(fields)
      .map(([name, field]) => `${name}:${String(field.type)}`)
      .join(' ');
  const objects = types.filter(isObjectType).map((type) => `  ${type.name}: '${fieldsLine(type.getFields())}',`);
  const interfaces = types.filter(isInterfaceType).map((type) => `  ${type.name}: '${fieldsLine(type.getFields())}',`);
  const unions = types.filter(isUnionType).map((type) => `'${type.name}'`);
  const roots = {
    query: schema.getQueryType()?.name,
    mutation: schema.getMutationType()?.name,
    subscription: schema.getSubscriptionType()?.name,
  };
  const rootName = (name: string | undefined) => (name ? `{ name: '${name}' }` : 'null');
  return [
    "/** Each object type's fields as `name:Type` (SDL notation), for urqlSchema. */",
    'const objectFields: Record<string, string> = {',
    ...objects,
    '};',
    '',
    'const interfaceFields: Record<string, string> = {',
    ...interfaces,
    '};',
    '',
    `const unions: string[] = [${unions.join(', ')}];`,
    '',
    '/** A type reference as introspection writes it: `[Genre!]!` is NON_NULL of LIST of NON_NULL of Genre. */',
    'interface TypeRef {',
    "  kind: 'NON_NULL' | 'LIST' | 'OBJECT' | 'INTERFACE' | 'UNION' | 'SCALAR';",
    '  name?: string;',
    '  ofType?: TypeRef;',
    '}',
    '',
    'function typeRef(sdl: string): TypeRef {',
    "  if (sdl.endsWith('!')) return { kind: 'NON_NULL', ofType: typeRef(sdl.slice(0, -1)) };",
    "  if (sdl.startsWith('[')) return { kind: 'LIST', ofType: typeRef(sdl.slice(1, -1)) };",
    "  if (sdl in objectFields) return { kind: 'OBJECT', name: sdl };",
    "  if (sdl in interfaceFields) return { kind: 'INTERFACE', name: sdl };",
    "  return { kind: unions.includes(sdl) ? 'UNION' : 'SCALAR', name: sdl };",
    '}',
    '',
    "function fields(line: string): IntrospectedType['fields'] {",
    "  return line.split(' ').map((pair) => {",
    "    const colon = pair.indexOf(':');",
    '    return { name: pair.slice(0, colon), type: typeRef(pair.slice(colon + 1)), args: [] };',
    '  });',
    '}',
    '',
    'const named = (names: string[] | undefined) => (names ?? []).map((name) => ({ name }));',
    '',
    '/** One field and one type as graphcache reads them from an introspection result. */',
    'interface IntrospectedField {',
    '  name: string;',
    '  type: TypeRef;',
    '  args: never[];',
    '}',
    '',
    'export interface IntrospectedType {',
    "  kind: 'OBJECT' | 'INTERFACE' | 'UNION';",
    '  name: string;',
    '  fields?: IntrospectedField[];',
    '  interfaces?: { name: string }[];',
    '  possibleTypes?: { name: string }[];',
    '}',
    '',
    'type RootName = { name: string } | null;',
    '',
    '/**',
    ' * `cacheExchange({ schema: urqlSchema })`: graphcache then matches fragments on',
    " * unions and interfaces exactly (without it, it writes every member's fragment into the object",
    ' * and warns about the fields it lacks) and returns partial results where fields may be null.',
    ' */',
    'export const urqlSchema: { __schema: { queryType: { name: string }; mutationType: RootName; subscriptionType: RootName; types: IntrospectedType[] } } = {',
    '  __schema: {',
    `    queryType: ${rootName(roots.query)},`,
    `    mutationType: ${rootName(roots.mutation)},`,
    `    subscriptionType: ${rootName(roots.subscription)},`,
    '    types: [',
    '      ...Object.entries(objectFields).map(([name, line]) => ({',
    "        kind: 'OBJECT' as const,",
    '        name,',
    '        fields: fields(line),',
    '        interfaces: named(Object.keys(interfaceFields).filter((face) => possibleTypes[face]?.includes(name))),',
    '      })),',
    "      ...Object.entries(interfaceFields).map(([name, line]) => ({ kind: 'INTERFACE' as const, name, fields: fields(line), interfaces: [] })),",
    "      ...unions.map((name) => ({ kind: 'UNION' as const, name, possibleTypes: named(possibleTypes[name]) })),",
    '    ],',
    '  },',
    '};',
  ];
}
