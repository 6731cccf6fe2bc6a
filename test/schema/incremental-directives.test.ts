import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { validate as inspect } from '@graphql-inspector/core';
import { buildSchema, parse, Source, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * schema/schema.graphql is what tools outside the gateway read: codegen, linters, IDEs. The
 * gateway serves @defer and @stream, so the file declares them, and docs/delivery.md's own @defer
 * example must pass those tools as written. Read from the committed files, not from the code.
 */
const SCHEMA_FILE = 'schema/schema.graphql';
const printed = await readFile(SCHEMA_FILE, 'utf8');
const readme = await readFile('docs/delivery.md', 'utf8');

/** docs/delivery.md's GraphQL examples that use incremental delivery. */
const incrementalExamples = [...readme.matchAll(/```graphql\n([\s\S]*?)```/g)]
  .map((block) => block[1]!)
  .filter((document) => /@(defer|stream)\b/.test(document));

/** A @stream document in the shape docs/delivery.md describes (`@stream(initialCount: N)` on a list). */
const STREAM_EXAMPLE = `query PopularStream {
  popularMovies { edges @stream(initialCount: 5, label: "rest") { node { id: databaseId title } } }
}`;

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'incremental-directives-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** graphql-codegen (typescript-operations) over a schema file and documents, as a frontend team runs it. */
async function codegen(schemaFile: string, documents: string[]): Promise<string> {
  const documentsFile = join(tmp, `documents-${documents.length}-${Date.now()}.graphql`);
  await writeFile(documentsFile, documents.join('\n\n'));
  const outputs: { content: string }[] = await generate(
    {
      schema: schemaFile,
      documents: [documentsFile],
      generates: { [join(tmp, 'operations.ts')]: { plugins: ['typescript', 'typescript-operations'] } },
      silent: true,
    },
    false,
  );
  return outputs.map((output) => output.content).join('\n');
}

describe('@defer and @stream in schema/schema.graphql', () => {
  it('are declared with the arguments the server reads', () => {
    const built = buildSchema(printed);
    expect(built.getDirective('defer')?.args.map((arg) => `${arg.name}: ${arg.type}`)).toEqual(['if: Boolean!', 'label: String']);
    expect(built.getDirective('defer')?.locations).toEqual(['FRAGMENT_SPREAD', 'INLINE_FRAGMENT']);
    expect(built.getDirective('stream')?.args.map((arg) => `${arg.name}: ${arg.type}`)).toEqual([
      'if: Boolean!',
      'initialCount: Int',
      'label: String',
    ]);
  });

  it("let graphql-js validate the docs' @defer example and a @stream document against the file", () => {
    expect(incrementalExamples.length).toBeGreaterThanOrEqual(1);
    const built = buildSchema(printed);
    for (const document of [...incrementalExamples, STREAM_EXAMPLE]) {
      expect(validate(built, parse(document)).map((error) => error.message)).toEqual([]);
    }
  });

  it("pass graphql-inspector's document validation against the file", () => {
    const sources = [...incrementalExamples, STREAM_EXAMPLE].map((document, n) => new Source(document, `example-${n}.graphql`));
    const invalid = inspect(buildSchema(printed), sources);
    expect(invalid.flatMap((document) => document.errors.map((error) => error.message))).toEqual([]);
  });

  // Codegen's own validation lets unknown directives through (client directives are common), so
  // it proves the file types the example; the rejection below is shown by inspector and graphql-js.
  it("let graphql-codegen type the docs' @defer example from the file", async () => {
    const output = await codegen(SCHEMA_FILE, [...incrementalExamples, STREAM_EXAMPLE]);
    expect(output).toContain('export type MovieFirstQuery');
    expect(output).toContain('export type PopularStreamQuery');
  }, 30_000);

  it('would fail without them: the same tools reject the example against the file minus the directives', () => {
    const withoutDirectives = printed.replace(/"""[^"]*"""\s*directive @(defer|stream)\([^)]*\) on [A-Z_ |]+\n/g, '');
    expect(withoutDirectives).not.toContain('directive @defer');
    const built = buildSchema(withoutDirectives);
    const invalid = inspect(built, [new Source(incrementalExamples[0]!, 'readme.graphql')]);
    expect(invalid.flatMap((document) => document.errors.map((error) => error.message))).toContain('Unknown directive "@defer".');
    expect(validate(built, parse(STREAM_EXAMPLE)).map((error) => error.message)).toContain('Unknown directive "@stream".');
  });
});
