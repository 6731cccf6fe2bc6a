import { readdirSync, readFileSync } from 'node:fs';
import {
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  KnownDirectivesRule,
  NoDeprecatedCustomRule,
  NoUndefinedVariablesRule,
  NoUnusedFragmentsRule,
  NoUnusedVariablesRule,
  parse,
  Source,
  specifiedRules,
  validate,
  visit,
} from 'graphql';
import { examples as graphiqlTabs } from '../../src/graphql/graphiql.ts';
import { readExamples } from './doc-examples.ts';

/**
 * Every GraphQL document the repository ships to teach: the fenced `graphql` blocks of README.md
 * and docs/ (and the GraphQL inside their TypeScript blocks), the operations of examples/, of the
 * starter and of its Relay app, and the GraphiQL tabs. Each is read as its own tool reads it: a
 * Relay app's documents together (its fragments are spread across files) and with Relay's own
 * directives, which the compiler defines.
 */
export interface ShippedDocument {
  /** `examples/search.ts:5`, `GraphiQL tab discover`. */
  where: string;
  text: string;
  /** Relay's documents: its directives and fragment variables (`@argumentDefinitions`) are the compiler's. */
  relay?: boolean;
}

const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');
const filesIn = (folder: string, ending: RegExp) =>
  readdirSync(new URL(folder, root))
    .filter((name) => ending.test(name))
    .sort()
    .map((name) => `${folder}${name}`);

/** The documents of `graphql(\`…\`)`, `graphql\`…\`` and `gql\`…\`` in a source text. */
export function taggedDocuments(file: string, text: string): ShippedDocument[] {
  const found: ShippedDocument[] = [];
  for (const match of text.matchAll(/\b(?:graphql|gql)(?:\(\s*)?`([^`]*)`/g)) {
    found.push({ where: `${file}:${text.slice(0, match.index).split('\n').length}`, text: match[1]! });
  }
  return found;
}

export function shippedDocuments(): ShippedDocument[] {
  const docs = readExamples(root)
    .filter((example) => !example.notRunnable)
    .map((example) => ({ where: example.where, text: example.document }));
  const markdown = ['README.md', ...filesIn('docs/', /\.md$/), 'starter/README.md', 'starter/relay-app/README.md'];
  const inCodeBlocks = markdown.flatMap((file) =>
    [...read(file).matchAll(/^```(?:ts|tsx|js)\n([\s\S]*?)^```/gm)].flatMap((block) => taggedDocuments(file, block[1]!)),
  );
  const sources = [...filesIn('examples/', /\.ts$/), ...filesIn('starter/src/', /\.ts$/)];
  const relay = filesIn('starter/relay-app/src/', /\.tsx?$/).flatMap((file) =>
    taggedDocuments(file, read(file)).map((document) => ({ ...document, relay: true })),
  );
  const tabs = Object.entries(graphiqlTabs).map(([name, tab]) => ({ where: `GraphiQL tab ${name}`, text: tab.query }));
  return [...docs, ...inCodeBlocks, ...sources.flatMap((file) => taggedDocuments(file, read(file))), ...relay, ...tabs];
}

/** Graphql-js's rules and its no-deprecated rule; a Relay document leaves the compiler's directives and variables to it. */
const rules = [...specifiedRules, NoDeprecatedCustomRule];
const relayRules = rules.filter(
  (rule) => ![KnownDirectivesRule, NoUndefinedVariablesRule, NoUnusedVariablesRule, NoUnusedFragmentsRule].includes(rule),
);

/** Relay's own field, which relay-compiler adds to every record (`__id` of a connection, for `@prependNode`). */
function withoutRelayFields(node: DocumentNode): DocumentNode {
  return visit(node, { Field: (field) => (field.name.value === '__id' ? null : undefined) });
}

/** What is wrong with each document: a parse error, a validation error, or a deprecated field, argument or value it uses. */
export function problemsOf(schema: GraphQLSchema, documents: readonly ShippedDocument[]): string[] {
  const problems: string[] = [];
  const parsed: Array<{ document: ShippedDocument; node: DocumentNode }> = [];
  for (const document of documents) {
    try {
      parsed.push({ document, node: parse(new Source(document.text, document.where)) });
    } catch (error) {
      problems.push(`${document.where}: ${(error as Error).message}`);
    }
  }
  // A Relay app's documents are read together, as its compiler does: fragments are spread across files.
  const relay = parsed.filter(({ document }) => document.relay);
  const app: DocumentNode = { kind: Kind.DOCUMENT, definitions: relay.flatMap(({ node }) => withoutRelayFields(node).definitions) };
  const units = [
    ...parsed.filter(({ document }) => !document.relay).map(({ node }) => ({ node, rules })),
    { node: app, rules: relayRules },
  ];
  for (const { node, rules: used } of units) {
    if (node.definitions.length === 0) continue;
    for (const error of validate(schema, node, used)) {
      const where = error.nodes?.[0]?.loc?.source.name ?? error.source?.name ?? '?';
      problems.push(`${where}: ${error.message}`);
    }
  }
  return problems;
}
