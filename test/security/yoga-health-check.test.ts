import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 42, item 11: Yoga's own health check answers any URL that ends in `/health`, before
 * anything else runs: a batch POST to `/graphql?x=/health`, a multipart GET with `&x=/health` and
 * a POST to `/subgraph?/health` answered 200 with an empty body, nothing run, while the plain
 * path ran the same query. It is off: only the front's exact `/health` and `/readiness` answer
 * probes, and the one entry into Yoga (src/http/executed-answer.ts) runs every request to the endpoints.
 */
const harnesses: Record<string, Harness> = {};

beforeAll(async () => {
  harnesses.gateway = await startHarness();
});
afterAll(async () => {
  for (const h of Object.values(harnesses)) await h.close();
});

const at = (h: Harness, path: string) => new URL(path, h.url).href;
const QUERY = '{ __typename }';

describe.each(['gateway'])('a URL ending in /health (%s)', (entry) => {
  it('a batch POST to /graphql?x=/health runs the batch', async () => {
    const response = await fetch(at(harnesses[entry]!, '/graphql?x=/health'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: QUERY }, { query: QUERY }]),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject([{ data: { __typename: 'Query' } }, { data: { __typename: 'Query' } }]);
  });

  it('a multipart GET with &x=/health runs the query', async () => {
    const response = await fetch(at(harnesses[entry]!, `/graphql?query=${encodeURIComponent(QUERY)}&x=/health`), {
      headers: { accept: 'multipart/mixed' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('{"data":{"__typename":"Query"}');
  });

  it('a POST to /subgraph?/health runs the query', async () => {
    const response = await fetch(at(harnesses[entry]!, '/subgraph?/health'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { __typename: 'Query' } });
  });

  it('the exact /health still answers the probe', async () => {
    const response = await fetch(at(harnesses[entry]!, '/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
