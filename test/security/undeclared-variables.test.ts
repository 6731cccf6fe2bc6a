import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { capturingLogger } from '../log-lines.ts';

/**
 * Issue 42, item 3: an undeclared variable holding a list nested 45,000 deep (or an object 15,000
 * deep), about 88 KB, answered 500 INTERNAL_SERVER_ERROR and logged `RangeError: Maximum call
 * stack size exceeded` at error level: the cost report wrote every variable, declared or not, as
 * JSON. Undeclared variables are now dropped before anything reads them, and a declared value is
 * never written whole. The bodies are written as text: JSON.stringify of such a value would
 * overflow this process's stack too.
 */
const { logger, lines } = capturingLogger();
let h: Harness;
let movieId: number;

beforeAll(async () => {
  h = await startHarness({ logger });
  movieId = h.catalog.data.movies[0]!.id;
});
afterAll(() => h?.close());

const deepList = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const MOVIE = 'query($id: Int!) { movie(id: $id) { id: databaseId } }';

async function post(path: string, body: string) {
  const response = await fetch(new URL(path, h.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

/** The lines logged at error level or above since `from`. */
const errorLines = (from: number) => lines.slice(from).filter((line) => line.level >= 50);

describe('undeclared variables', () => {
  it.each([
    ['a list nested 45,000 deep', deepList(45_000)],
    ['an object nested 15,000 deep', deepObject(15_000)],
  ])('%s beside the declared one: the operation runs, nothing is logged as an error', async (_, junk) => {
    const from = lines.length;
    const answer = await post('/graphql', `{"query":${JSON.stringify(MOVIE)},"variables":{"id":${movieId},"junk":${junk}}}`);
    expect(answer).toEqual({ status: 200, body: { data: { movie: { id: movieId } }, extensions: expect.anything() } });
    // In a batch, which Yoga's request parser hands on as a list.
    const batch = await post('/graphql', `[{"query":${JSON.stringify(MOVIE)},"variables":{"id":${movieId},"junk":${junk}}}]`);
    expect(batch.status).toBe(200);
    expect(batch.body[0].data).toEqual({ movie: { id: movieId } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errorLines(from)).toEqual([]);
  });

  it('on the subgraph too', async () => {
    const from = lines.length;
    const answer = await post(
      '/subgraph',
      `{"query":"query($id: Int!) { movie(id: $id) { id: databaseId } }","variables":{"id":${movieId},"junk":${deepList(45_000)}}}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ movie: { id: movieId } });
    expect(errorLines(from)).toEqual([]);
  });
});

describe('declared variables of any depth', () => {
  it('a declared Int given a list nested 45,000 deep is BAD_USER_INPUT, never 500', async () => {
    const from = lines.length;
    const answer = await post('/graphql', `{"query":${JSON.stringify(MOVIE)},"variables":{"id":${deepList(45_000)}}}`);
    expect(answer.status).toBe(200);
    expect(answer.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual(['BAD_USER_INPUT']);
    expect(errorLines(from)).toEqual([]);
  });

  it('a representation nested 15,000 deep on the subgraph answers its entity', async () => {
    const from = lines.length;
    const query = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Movie { id: databaseId } } }';
    const answer = await post(
      '/subgraph',
      `{"query":${JSON.stringify(query)},"variables":{"r":[{"__typename":"Movie","databaseId":${movieId},"junk":${deepObject(15_000)}}]}}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ _entities: [{ id: movieId }] });
    expect(errorLines(from)).toEqual([]);
  });
});

describe('documents of any depth', () => {
  it('a list value nested 2,400 deep in the document (under MAX_TOKENS) is a typed refusal, never 500', async () => {
    const from = lines.length;
    for (const path of ['/graphql', '/subgraph']) {
      const query = `{ movie(id: 1, language: ${deepList(2_400).replace('[]', '["fr"]')}) { id: databaseId } }`;
      const answer = await post(path, JSON.stringify({ query }));
      expect(answer.status).toBe(200);
      // Where the parser runs out of stack (it did here, answering 500) the document does not
      // parse; where optimised frames let it through, validation refuses the value.
      const [error] = answer.body.errors;
      expect(answer.body.errors).toHaveLength(1);
      if (error.extensions.code === 'GRAPHQL_PARSE_FAILED') {
        expect(error.message).toBe('Syntax Error: the document is nested too deeply to parse.');
      } else {
        expect(error.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      }
    }
    expect(errorLines(from)).toEqual([]);
    // Still serving.
    expect((await h.query(`{ movie(id: ${movieId}) { id: databaseId } }`)).body.data.movie.id).toBe(movieId);
  });
});
