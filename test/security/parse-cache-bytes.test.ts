import { describe, expect, it } from 'vitest';
import { postQuery } from '../helpers.ts';
import { sendInParallel, stateAfter } from '../http/gateway-process.ts';
import { npmStartOverCatalog } from './npm-start-gateway.ts';

/**
 * Issue 42, item 1: Yoga keeps parsed documents and parse errors in caches of 1,024 entries
 * each, counted by number. 1,100 distinct valid documents of about 95 KB, then 200 distinct ones
 * that do not parse, filled `npm start`'s heap of 192 MB: "JavaScript heap out of memory", exit
 * 134. The caches are now one, bounded in bytes (PARSE_CACHE_MAX_BYTES). The gateway runs as `npm
 * start` runs it (its Node flags read from package.json), so the heap limit is real.
 */
const PADDING = 'x'.repeat(95_000);
const started = npmStartOverCatalog();

/** Sends `count` documents made by `document`, `parallel` at a time; each answer's status. */
async function sendAll(count: number, parallel: number, document: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  await sendInParallel(started.gateway, count, parallel, async (i) => {
    const response = await fetch(started.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: document(i) }),
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  });
  return statuses;
}

describe('PARSE_CACHE_MAX_BYTES', () => {
  it('1,100 distinct 95 KB documents, then 200 that do not parse: the process stays up and answers', async () => {
    const valid = await sendAll(1_100, 4, (i) => `{ __typename } # ${i} ${PADDING}`);
    expect(valid.every((status) => status === 200)).toBe(true);
    const broken = await sendAll(200, 4, (i) => `{ __typename # ${i} ${PADDING}`);
    expect(broken.every((status) => status === 400 || status === 200)).toBe(true);

    const after = await postQuery(started.url, '{ configuration { changeKeys } }');
    expect(after.body.data.configuration.changeKeys.length).toBeGreaterThan(0);
    expect(await stateAfter(started.gateway)).toBe('running');
  }, 60_000);
});
