import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type GraphQLResponse, type Harness } from '../helpers.ts';
import { extractExamples, readExamples } from './doc-examples.ts';

/**
 * Every fenced `graphql` block of README.md and docs/*.md runs: graphql-js validates it against
 * the printed schema, then it goes over real HTTP to a gateway over the embedded catalog and must
 * answer without errors, or with exactly the error its marker names. Markers: docs/testing.md.
 */
const root = new URL('../../', import.meta.url);
const examples = readExamples(root);
// The printed schema declares @defer and @stream (graphql-js 16 does not define them; the gateway's
// defer/stream plugin does), so the examples validate against the file as clients read it.
const schema = buildSchema(readFileSync(new URL('schema/schema.graphql', root), 'utf8'));

let h: Harness;
let session: Promise<string> | undefined;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** A session of the embedded catalog's demo user, signed in through the graph's own mutations. */
function demoSession(): Promise<string> {
  session ??= (async () => {
    const token = await h.query('mutation { createRequestToken { requestToken { requestToken } } }');
    const requestToken = token.body.data?.createRequestToken?.requestToken?.requestToken;
    const login = await h.query(
      'mutation($t: String!) { createSessionWithLogin(input: { username: "robin_okafor", password: "popcorn-and-subtitles", requestToken: $t }) { session { sessionId } } }',
      { t: requestToken },
    );
    const sessionId = login.body.data?.createSessionWithLogin?.session?.sessionId;
    if (!sessionId) throw new Error(`demo sign-in failed: ${token.text} ${login.text}`);
    return sessionId;
  })();
  return session;
}

/**
 * An operation with @defer or @stream over SSE (Accept: text/event-stream), its parts folded
 * into one answer: the first part's data, and the errors of every part and increment.
 */
async function queryIncremental(
  query: string,
  variables: Record<string, unknown> | undefined,
  headers: Record<string, string>,
): Promise<GraphQLResponse> {
  const response = await fetch(h.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  const parts = text
    .split('\n\n')
    .flatMap((event) => event.split('\n').filter((line) => line.startsWith('data: ')))
    .map((line) => line.slice('data: '.length))
    .filter((data) => data.startsWith('{'))
    .map((data) => JSON.parse(data));
  const errors = parts.flatMap((part) => [
    ...(part.errors ?? []),
    ...(part.incremental ?? []).flatMap((increment: any) => increment.errors ?? []),
  ]);
  // Without errors, the deferred part must have come as a part of its own.
  if (errors.length === 0) expect(parts.length, `incremental parts of ${text.slice(0, 500)}`).toBeGreaterThan(1);
  expect(parts.at(-1)?.hasNext).toBe(false);
  return { status: response.status, body: { data: parts[0]?.data, errors: errors.length > 0 ? errors : undefined }, text };
}

describe('the extraction of examples', () => {
  it('finds blocks and reads their markers, and refuses a marker it does not know', () => {
    const page = [
      '<!-- example: session -->',
      '<!-- example: variables {"id": 494} -->',
      '',
      '```graphql',
      'query M($id: Int!) { movie(id: $id) { id title } }',
      '```',
      'text',
      '```graphql',
      '{ movie(id: -1) { id title } }',
      '```',
    ].join('\n');
    const [first, second] = extractExamples('page.md', page);
    expect(first).toMatchObject({ where: 'page.md:4', session: true, variables: { id: 494 } });
    expect(second).toMatchObject({ where: 'page.md:8', session: false });
    expect(second?.variables).toBeUndefined();
    expect(() => extractExamples('bad.md', '<!-- example: sesion -->\n```graphql\n{ a }\n```\n')).toThrow(/unknown example marker/);
  });

  it('the docs hold runnable examples', () => {
    expect(examples.filter((example) => !example.notRunnable).length).toBeGreaterThanOrEqual(5);
  });
});

describe('every GraphQL example in README.md and docs/ runs', () => {
  for (const example of examples) {
    if (example.notRunnable) {
      // A reason is printed for each block not run, and the block must still parse.
      console.info(`doc example ${example.where} not run: ${example.notRunnable}`);
      it(`${example.where} parses (not run: ${example.notRunnable})`, () => {
        expect(parse(example.document).definitions.length).toBeGreaterThan(0);
      });
      continue;
    }
    const label = example.expectError ? `answers ${example.expectError}` : 'answers without errors';
    it(`${example.where} validates and ${label}`, async () => {
      expect(validate(schema, parse(example.document)).map((error) => error.message)).toEqual([]);
      const headers: Record<string, string> = {};
      if (example.session) headers['x-session-id'] = await demoSession();
      const response = /@(defer|stream)\b/.test(example.document)
        ? await queryIncremental(example.document, example.variables, headers)
        : await h.query(example.document, example.variables, { accept: 'application/json', ...headers });
      if (example.expectError) {
        expect(errorCodes(response).length, response.text).toBeGreaterThan(0);
        expect(new Set(errorCodes(response)), response.text).toEqual(new Set([example.expectError]));
      } else {
        expect(response.body.errors, `${example.where}: ${response.text.slice(0, 2000)}`).toBeUndefined();
        expect(response.status).toBe(200);
        expect(response.body.data).toBeTruthy();
      }
    });
  }
});
