import { readFileSync } from 'node:fs';
import graphql from '@graphql-eslint/eslint-plugin';
import { ESLint, type Linter } from 'eslint';
import { buildSchema, isInputObjectType, isInterfaceType, isObjectType, isSpecifiedScalarType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * graphql-eslint's schema rules, as frontend teams lint a graph (issue 45): the `schema-recommended`
 * and `schema-relay` configs, and the two rules of the families the issue measured that those
 * leave out (`require-nullable-result-in-root`, `input-name`), over schema/schema.graphql. Each
 * family is held at or below its density in GitHub's public schema (violations per 100 types and
 * fields, measured the same way), or to the exception docs/schema-types.md names with its reason
 * ("Schema lint"); every other rule of the configs finds nothing.
 */
const SCHEMA = 'schema/schema.graphql';

/** The families, their rules, GitHub's density, and the exception where ours is above it. */
const FAMILIES = [
  { name: 'typename prefixes', rules: ['no-typename-prefix'], github: 0.22, exception: { max: 10 } },
  {
    name: 'Relay connection shape',
    rules: ['relay-connection-types', 'relay-edge-types', 'relay-page-info', 'relay-arguments'],
    github: 0.2,
    exception: { max: 7 },
  },
  // Below GitHub's since 1.0: every object has an id but the mutation payloads (the rule's
  // exception below), and every mutation takes one <Name>Input and answers a <Name>Payload.
  { name: '`id: ID!` on object types', rules: ['strict-id-in-types'], github: 7.3 },
  { name: 'mutation input/payload', rules: ['input-name'], github: 2.7 },
  { name: 'non-null root fields', rules: ['require-nullable-result-in-root'], github: 0.1 },
] as const;

/** The fields docs/schema-types.md keeps under their type's name, and the edges whose node is no Node. */
const NAMED_EXCEPTIONS = {
  'no-typename-prefix': [
    'Certification.certification',
    'Credit.creditId',
    'Credit.creditType',
    'Episode.episodeNumber',
    'Episode.episodeType',
    'GuestSession.guestSessionId',
    'Language.languageCode',
    'RequestToken.requestToken',
    'Season.seasonNumber',
    'Session.sessionId',
  ],
  'relay-edge-types': [
    'ChangedMovieEdge',
    'ChangedPersonEdge',
    'ChangedTVSeriesEdge',
    'RatedEpisodeEdge',
    'RatedMovieEdge',
    'RatedTVSeriesEdge',
    'TaggedImageEdge',
  ],
};

let messages: Linter.LintMessage[];
let text: string[];

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: new URL('../../', import.meta.url).pathname,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.graphql'],
        languageOptions: { parser: graphql.parser, parserOptions: { graphQLConfig: { schema: SCHEMA } } },
        // The plugin's rule types predate ESLint 9's; the rules are what ESLint runs.
        plugins: { '@graphql-eslint': graphql as unknown as ESLint.Plugin },
        rules: {
          ...graphql.configs['flat/schema-recommended'].rules,
          ...graphql.configs['flat/schema-relay'].rules,
          // A list of values (genres, images, credits) is a plain list; the paged lists are connections.
          '@graphql-eslint/relay-edge-types': ['error', { listTypeCanWrapOnlyEdgeType: false }],
          '@graphql-eslint/require-nullable-result-in-root': 'error',
          // A mutation's payload is an answer, not an object with an identity (GitHub's have no
          // `id` either): the rule's documented exception for them.
          '@graphql-eslint/strict-id-in-types': ['error', { exceptions: { suffixes: ['Payload'] } }],
          // `caseSensitiveInputType: false`: `rateMovie` takes `RateMovieInput` (Relay's and GitHub's
          // name); the case-sensitive default asks for `rateMovieInput`, a type name
          // `naming-convention` (schema-recommended) refuses.
          '@graphql-eslint/input-name': ['error', { checkInputType: true, caseSensitiveInputType: false }],
        },
      },
    ],
  });
  const [result] = await eslint.lintFiles([SCHEMA]);
  messages = result!.messages;
  text = readFileSync(new URL(`../../${SCHEMA}`, import.meta.url), 'utf8').split('\n');
}, 60_000);

/** Types and their fields (object, interface, input), as the densities count them. */
function typesAndFields(): number {
  const schema = buildSchema(text.join('\n'));
  let count = 0;
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    count++;
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) count += Object.keys(type.getFields()).length;
  }
  return count;
}

const ruleOf = (message: Linter.LintMessage) => (message.ruleId ?? 'parse').replace('@graphql-eslint/', '');

describe('graphql-eslint over schema/schema.graphql', () => {
  it('finds nothing outside the measured families', () => {
    const measured = new Set<string>(FAMILIES.flatMap((family) => family.rules));
    expect(messages.filter((message) => !measured.has(ruleOf(message))).map((m) => `${ruleOf(m)} ${m.line}: ${m.message}`)).toEqual([]);
  });

  it.each(FAMILIES.map((family) => [family.name, family] as const))(
    '%s: at or below GitHub’s density, or its named exception',
    (_, family) => {
      const found = messages.filter((message) => (family.rules as readonly string[]).includes(ruleOf(message))).length;
      const density = (100 * found) / typesAndFields();
      if (density <= family.github) return;
      expect(
        'exception' in family,
        `${family.name}: ${density.toFixed(2)} per 100, above GitHub's ${family.github}, and no exception`,
      ).toBe(true);
      if ('exception' in family)
        expect(found, `${family.name}: more than the exception docs/schema-types.md names`).toBeLessThanOrEqual(family.exception.max);
    },
  );

  it('keeps only the names docs/schema-types.md gives a reason for', () => {
    const at = (message: Linter.LintMessage) => text[message.line - 1]!;
    const prefixed = messages
      .filter((message) => ruleOf(message) === 'no-typename-prefix')
      .map((message) => /Field "(\w+)" starts with the name of the parent type "(\w+)"/.exec(message.message)!)
      .map(([, field, type]) => `${type}.${field}`);
    expect(prefixed.sort()).toEqual(NAMED_EXCEPTIONS['no-typename-prefix']);
    const edges = messages.filter((message) => ruleOf(message) === 'relay-edge-types').map((message) => /type (\w+)/.exec(at(message))![1]);
    expect(edges.sort()).toEqual(NAMED_EXCEPTIONS['relay-edge-types']);
  });
});
