import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGGED_ERROR_CODES, summarizeErrors } from '../../src/graphql/observed-operation.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { capturingLogger } from '../log-lines.ts';

/**
 * Issue 31, "also seen": the request's log line listed the code of every error, so one request
 * (300 ids of `movies(ids:)` the catalog lacks: 300 NOT_FOUND errors) wrote a line of 300 codes.
 * It now holds the number of errors and a bounded table of codes with their counts.
 */
const { logger, lines } = capturingLogger();
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ logger });
});
afterAll(() => h?.close());

describe('the request log line', () => {
  it('one request with 300 errors logs their number and one code with its count, not 300 codes', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => 90_000_000 + i);
    const answer = await h.query(`query ManyMissing { movies(ids: [${ids.join(', ')}]) { title } }`);
    expect(answer.body.errors).toHaveLength(300);
    await new Promise((resolve) => setImmediate(resolve));
    const line = lines.find((logged) => logged.msg === 'graphql operation' && logged.operation === 'ManyMissing');
    expect(line).toMatchObject({ errors: 300, errorCodes: { NOT_FOUND: 300 } });
    expect(line).not.toHaveProperty('errorCodesLeftOut');
    expect(JSON.stringify(line).length).toBeLessThan(400);
  });

  it('a clean answer logs 0 errors and no codes', async () => {
    await h.query('query Clean { __typename }');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.find((logged) => logged.operation === 'Clean')).toMatchObject({ errors: 0, errorCodes: {} });
  });
});

describe('summarizeErrors', () => {
  it(`names at most ${LOGGED_ERROR_CODES} distinct codes, the most frequent first, and counts the ones left out`, () => {
    const codes = Array.from({ length: 15 }, (_, i) => Array<string>(i + 1).fill(`CODE_${i}`)).flat();
    const summary = summarizeErrors(codes);
    expect(summary.errors).toBe(codes.length);
    expect(Object.keys(summary.errorCodes)).toHaveLength(LOGGED_ERROR_CODES);
    expect(Object.entries(summary.errorCodes)[0]).toEqual(['CODE_14', 15]);
    expect(summary.errorCodes).not.toHaveProperty('CODE_0');
    expect(summary.errorCodesLeftOut).toBe(15 - LOGGED_ERROR_CODES);
  });
});
