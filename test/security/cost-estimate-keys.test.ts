import { describe, expect, it } from 'vitest';
import { postQuery } from '../helpers.ts';
import { sendInParallel, stateAfter } from '../http/gateway-process.ts';
import { npmStartOverCatalog } from './npm-start-gateway.ts';

/**
 * Issue 42, item 2: the cost estimate of an operation was kept per document under the JSON of
 * the request's raw variables, up to 32 variants a document. 60 tiny documents each sent 32 times
 * with a distinct undeclared variable of about 95 KB filled `npm start`'s heap of 192 MB after
 * about 1,200 requests. Undeclared variables are now dropped before anything reads them, and an
 * estimate is kept only under the declared variables' values, when they are small, in a cache
 * bounded in bytes. The gateway runs as `npm start` runs it (its heap limit read from package.json).
 */
const PADDING = 'x'.repeat(95_000);
const started = npmStartOverCatalog();

/** Each of 60 documents sent 32 times, 4 requests at a time, each with its own 95 KB value; the answers that were wrong. */
async function attack(send: (document: number, value: string) => Promise<boolean>): Promise<number> {
  let wrong = 0;
  await sendInParallel(started.gateway, 60 * 32, 4, async (i) => {
    if (!(await send(i % 60, `${Math.floor(i / 60)} ${PADDING}`))) wrong++;
  });
  return wrong;
}

async function stillAnswers() {
  const after = await postQuery(started.url, '{ configuration { changeKeys } }');
  expect(after.body.data.configuration.changeKeys.length).toBeGreaterThan(0);
  expect(await stateAfter(started.gateway)).toBe('running');
}

describe('cost estimates kept by declared variables', () => {
  it('60 documents × 32 distinct undeclared variables of 95 KB: each is ignored, the process stays up', async () => {
    const wrong = await attack(async (document, value) => {
      const answer = await postQuery(started.url, `query Tiny${document} { __typename }`, { junk: value });
      return answer.status === 200 && answer.body.data?.__typename === 'Query';
    });
    expect(wrong).toBe(0);
    await stillAnswers();
  }, 60_000);

  it('60 documents × 32 distinct declared values of 95 KB: too large to key a kept estimate, the process stays up', async () => {
    const wrong = await attack(async (document, value) => {
      // The field refuses the value as a language; its estimate is made before, with the value.
      const answer = await postQuery(started.url, `query Big${document}($l: String) { movie(id: 550, language: $l) { id: databaseId } }`, {
        l: value,
      });
      return answer.body.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT';
    });
    expect(wrong).toBe(0);
    await stillAnswers();
  }, 60_000);
});
