import { readdirSync, readFileSync } from 'node:fs';

/**
 * The fenced `graphql` blocks of the docs, with what the comment markers right before each say
 * to expect. Markers are HTML comments so that a rendered page does not show them.
 */
export interface DocExample {
  /** `docs/frontend.md:42`: where the block starts, for the test's name and its failures. */
  where: string;
  document: string;
  variables?: Record<string, unknown>;
  /** Sent with a signed-in user's session. */
  session: boolean;
  /** The one error code the example shows on purpose. */
  expectError?: string;
  /** Why it is not sent (the SDL of another subgraph, for one). */
  notRunnable?: string;
}

const FENCE = /^```graphql[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
const MARKER = /^<!--\s*example:\s*([\s\S]*?)\s*-->$/;

export function docFiles(root: URL): string[] {
  const docs = readdirSync(new URL('docs/', root)).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

export function extractExamples(file: string, text: string): DocExample[] {
  const examples: DocExample[] = [];
  for (const match of text.matchAll(FENCE)) {
    const before = text.slice(0, match.index);
    const line = before.split('\n').length;
    const example: DocExample = { where: `${file}:${line}`, document: match[1] ?? '', session: false };
    // The markers: the comment lines right above the fence, blank lines between allowed.
    const above = before.split('\n').slice(0, -1).reverse();
    for (const candidate of above) {
      if (candidate.trim() === '') continue;
      const marker = MARKER.exec(candidate.trim());
      if (!marker) break;
      applyMarker(example, marker[1] ?? '');
    }
    examples.push(example);
  }
  return examples;
}

function applyMarker(example: DocExample, marker: string): void {
  const [kind, ...rest] = marker.split(/\s+/);
  const argument = rest.join(' ');
  if (kind === 'session') example.session = true;
  else if (kind === 'variables') example.variables = JSON.parse(argument);
  else if (kind === 'expect-error' && /^[A-Z_]+$/.test(argument)) example.expectError = argument;
  else if (kind === 'not-runnable' && argument) example.notRunnable = argument.replace(/^\((.*)\)$/, '$1');
  else throw new Error(`${example.where}: unknown example marker "${marker}"`);
}

export function readExamples(root: URL): DocExample[] {
  return docFiles(root).flatMap((file) => extractExamples(file, readFileSync(new URL(file, root), 'utf8')));
}
