import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The gateway is built on Yoga's public surface only (issue 44): no member graphql-yoga's
 * typings declare private is read, and none of its result processors is recognised by the name
 * of a function it does not export (a release may rename or restructure either without notice).
 * The private names are read from the installed typings themselves, so a release that adds one
 * adds it here. `id` is left out: every object of the graph has one.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const typings = join(root, 'node_modules', 'graphql-yoga', 'typings', 'server.d.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The members YogaServer's typings declare `private`. */
function privateMembers(): string[] {
  const names = [...readFileSync(typings, 'utf8').matchAll(/^\s+private (\w+)/gm)].map((match) => match[1]!);
  return names.filter((name) => name !== 'id');
}

/** Yoga's result processors that graphql-yoga does not export (its multipart.js, and the function getSSEProcessor makes). */
const UNEXPORTED_PROCESSORS = ['processMultipartResult', 'processSSEResult'];

describe("Yoga's public surface", () => {
  it('reads the private members from the typings', () => {
    expect(privateMembers()).toEqual(expect.arrayContaining(['onResultProcessHooks', 'maskedErrorsOpts', 'instrumentation']));
  });

  it('is all src reads of Yoga: no private member, no processor known by its name', () => {
    const forbidden = [...privateMembers(), ...UNEXPORTED_PROCESSORS];
    const found = sourceFiles('src').flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return forbidden.filter((name) => new RegExp(`\\b${name}\\b`).test(text)).map((name) => `${file}: ${name}`);
    });
    expect(found).toEqual([]);
  });
});
