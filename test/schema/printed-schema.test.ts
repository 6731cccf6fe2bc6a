import { readFileSync } from 'node:fs';
import {
  astFromValue,
  buildSchema,
  type GraphQLInputType,
  type GraphQLNamedType,
  isInputObjectType,
  isObjectType,
  lexicographicSortSchema,
  print,
  printSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.ts';

const committed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');

describe('schema/schema.graphql', () => {
  it('matches the schema the code builds (run `npm run codegen` after a schema change)', () => {
    const fromFile = printSchema(lexicographicSortSchema(buildSchema(committed)));
    const fromCode = printSchema(lexicographicSortSchema(schema));
    expect(fromFile).toBe(fromCode);
  });

  it('describes every type, field and argument for the frontend developer', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap()) as GraphQLNamedType[]) {
      if (type.name.startsWith('__')) continue;
      if (!type.description) missing.push(type.name);
      if (!('getFields' in type)) continue;
      for (const field of Object.values(type.getFields())) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) {
          if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('states in the schema each default a description names (`Defaults to X`), so tools and GraphiQL show it', () => {
    const wrong: string[] = [];
    let defaults = 0;
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      const inputs = isObjectType(type)
        ? Object.values(type.getFields()).flatMap((field) =>
            field.args.map((arg) => [`${type.name}.${field.name}(${arg.name}:)`, arg] as const),
          )
        : isInputObjectType(type)
          ? Object.values(type.getFields()).map((field) => [`${type.name}.${field.name}`, field] as const)
          : [];
      for (const [coordinate, input] of inputs) {
        const stated = /Defaults to ([^,;]+?)(?:[,;.] |\.?$)/.exec(input.description ?? '')?.[1];
        const printed =
          input.defaultValue === undefined ? undefined : print(astFromValue(input.defaultValue, input.type as GraphQLInputType)!);
        if (printed !== undefined) defaults++;
        if (stated !== undefined && stated !== printed)
          wrong.push(`${coordinate}: described ${stated}, in the schema ${printed ?? 'none'}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(defaults).toBeGreaterThan(25);
  });

  it('keeps the fixed root fields and arguments of the contract', () => {
    const query = schema.getQueryType()!.getFields();
    const signature = (name: string) => `${name}(${query[name].args.map((a) => `${a.name}: ${a.type}`).join(', ')}): ${query[name].type}`;
    expect(signature('configuration')).toBe('configuration(): Configuration');
    expect(signature('authentication')).toBe('authentication(): CredentialCheck');
    expect(signature('watchProviderRegions')).toBe('watchProviderRegions(language: String): [Region!]');
    expect(signature('tvWatchProviders')).toBe('tvWatchProviders(language: String, watchRegion: String): [WatchProvider!]');
    expect(signature('movie')).toBe('movie(id: Int!, language: String): Movie');
    expect(signature('tvSeries')).toBe('tvSeries(id: Int!, language: String): TVSeries');
    expect(signature('company')).toBe('company(id: Int!, language: String): Company');
    expect(signature('review')).toBe('review(id: ID!): Review');
    expect(signature('account')).toBe('account(id: Int!): Account');
    expect(query.upcomingMovies.args.map((a) => a.name).sort()).toEqual(['after', 'before', 'first', 'language', 'last', 'region']);
    const mutation = schema.getMutationType()!.getFields();
    expect(`${mutation.createSession.args.map((a) => `${a.name}: ${a.type}`)} -> ${mutation.createSession.type}`).toBe(
      'input: CreateSessionInput! -> CreateSessionPayload',
    );
  });
});
