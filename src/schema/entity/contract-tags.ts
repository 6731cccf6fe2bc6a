import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { type GraphQLFieldConfig, type GraphQLSchema, getNamedType, isObjectType, GraphQLObjectType } from 'graphql';
import { withDirective } from './subgraph-names.ts';

/**
 * `@tag`s on what a public variant of the graph would drop, so that a contract (Hive's or
 * Apollo's: a supergraph filtered by tags) can leave it out. One table, read by the subgraph
 * pipeline (schema/index.ts) before the names are prefixed; the tags print in `_service { sdl }`.
 * Documented in docs/composition.md ("Contracts").
 */
export const CONTRACT_TAGS = {
  account: 'the user account: `Account` and what returns one (`account(id:)`, `viewer`, a write’s `account`)',
  session: 'what answers a user’s or guest’s session (`X-Session-Id`, `X-Guest-Session-Id`): `viewer`, `guestSession`, `accountStates`',
  writes: 'every mutation',
  'sign-in': 'signing in and out: the request token, session and guest-session mutations, `endSession`, `authentication`',
} as const;

export type ContractTag = keyof typeof CONTRACT_TAGS;

/** Types whose every use a public variant drops; a field that returns one carries its tags too. */
const TYPE_TAGS: Readonly<Record<string, readonly ContractTag[]>> = {
  Account: ['account'],
  AccountStates: ['session'],
  GuestSessionData: ['session'],
  CredentialCheck: ['sign-in'],
  RequestToken: ['sign-in'],
  Session: ['sign-in'],
  GuestSession: ['sign-in'],
  // The sign-in mutations' payloads: a public variant drops them with what they carry.
  CreateRequestTokenPayload: ['sign-in'],
  CreateSessionPayload: ['sign-in'],
  CreateSessionWithLoginPayload: ['sign-in'],
  CreateSessionFromV4TokenPayload: ['sign-in'],
  CreateGuestSessionPayload: ['sign-in'],
  EndSessionPayload: ['sign-in'],
};

/** Fields tagged by name, beside what their type says. */
const FIELD_TAGS: Readonly<Record<string, readonly ContractTag[]>> = {
  'Query.viewer': ['session'],
};

function tagsOf(typeName: string, fieldName: string, field: GraphQLFieldConfig<unknown, unknown>): ContractTag[] {
  const tags = new Set<ContractTag>([
    ...(FIELD_TAGS[`${typeName}.${fieldName}`] ?? []),
    ...(TYPE_TAGS[getNamedType(field.type).name] ?? []),
  ]);
  if (typeName === 'Mutation') tags.add('writes');
  // On every kind that has them (movies, series, seasons, episodes): the session's own marks.
  if (fieldName === 'accountStates') tags.add('session');
  return [...tags].sort();
}

const tagged = (extensions: Readonly<Record<string, unknown>> | null | undefined, tags: readonly string[]) =>
  tags.reduce<Readonly<Record<string, unknown>> | null | undefined>((with_, name) => withDirective(with_, 'tag', { name }), extensions);

/** The subgraph with its `@tag`s (see CONTRACT_TAGS). */
export function withContractTags(subgraph: GraphQLSchema): GraphQLSchema {
  return mapSchema(subgraph, {
    [MapperKind.OBJECT_TYPE]: (type) => {
      const tags = TYPE_TAGS[type.name];
      if (!tags || !isObjectType(type)) return undefined;
      const config = type.toConfig();
      return new GraphQLObjectType({ ...config, extensions: tagged(config.extensions, tags) });
    },
    [MapperKind.COMPOSITE_FIELD]: (field: GraphQLFieldConfig<unknown, unknown>, fieldName, typeName) => {
      const tags = tagsOf(typeName, fieldName, field);
      return tags.length > 0 ? { ...field, extensions: tagged(field.extensions, tags) } : field;
    },
  });
}
