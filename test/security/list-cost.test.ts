import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { TOKEN } from '../contract/example-server.ts';
import { type Replayed, type ReplayServer, startReplayServer } from '../contract/replay-server.ts';
import { type GraphQLResponse, type Harness, startHarness } from '../helpers.ts';

/**
 * The red team's long list: Game of Thrones' aggregate cast is 514 actors, and a birthday is a
 * details call per actor. The gateway reads the answer the real service sent
 * (test/contract/recorded/ce-tv-1399-aggregate-credits.json) from the replay upstream, which
 * answers every actor's details too and counts every call it receives.
 */
const recorded = (file: string) =>
  JSON.parse(readFileSync(new URL(`../contract/recorded/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const credits = recorded('ce-tv-1399-aggregate-credits.json');
const cast = credits.cast as Array<{ id: number; name: string }>;
const aggregateCredits: Replayed = { path: '/tv/1399/aggregate_credits', body: credits, appended: [] };
// A recorded person's details (George Lucas's), under each actor's id and name.
const person = recorded('rb-person-1.json');
const people: Replayed[] = cast.map(({ id, name }) => ({ path: `/person/${id}`, body: { ...person, id, name }, appended: [] }));

const BIRTHDAYS = '{ tvSeries(id: 1399) { aggregateCredits { cast { person { birthday } } } } }';
/** The same, asked in a language of its own, so that no two operations share an upstream call. */
const birthdaysIn = (language: string) =>
  `{ tvSeries(id: 1399, language: "${language}") { aggregateCredits { cast { person { birthday } } } } }`;

let replay: ReplayServer;
const harnesses: Harness[] = [];

beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
  await replay?.close();
});

/** A gateway over the replay upstream with the given MAX_COST (merging and caching off, as in every harness). */
async function gateway(maxCost: number): Promise<Harness> {
  const h = await startHarness({
    config: { catalogBaseUrl: replay.baseUrl, limits: { ...loadConfig({}).limits, cost: maxCost } },
    serverToken: TOKEN,
  });
  harnesses.push(h);
  replay.replay(aggregateCredits, people);
  return h;
}

const codes = (answer: { errors?: Array<{ extensions?: Record<string, unknown> }> }) =>
  (answer.errors ?? []).map((error) => error.extensions?.code);

/** A batched POST (an array of operations), answered with an array. */
async function batch(h: Harness, queries: string[]): Promise<Array<GraphQLResponse['body'] & { extensions?: { cost?: any } }>> {
  const response = await fetch(h.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(queries.map((query) => ({ query }))),
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('a list the service makes long: 514 actors, a birthday each', () => {
  it('is estimated from the usual length of an aggregate cast: refused under MAX_COST=100 before any call', async () => {
    // Before: estimated 23 (ten actors assumed) and 515 upstream calls made.
    const h = await gateway(100);
    const { body } = await h.query(BIRTHDAYS);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', max: 100, found: 103 });
    expect(replay.calls).toHaveLength(0);
  });

  it('past what the estimate let through, each call over MAX_COST is refused unsent, with COST_LIMIT_REACHED on its field', async () => {
    // MAX_COST=200 lets the estimate (103) through; the list is 514 long: 2 + 514 calls wanted (the
    // series' details, which tell that it exists, its aggregate credits, a birthday each).
    const h = await gateway(200);
    const { body, cost } = await h.query(BIRTHDAYS);
    expect(replay.calls).toHaveLength(200);
    expect(cost).toEqual({ estimated: 103, limit: 200, upstreamCalls: 200 });
    // The list itself and the 198 birthdays the budget paid for are answered.
    const answered = body.data?.tvSeries.aggregateCredits.cast as Array<{ person: { birthday: string | null } }>;
    expect(answered).toHaveLength(514);
    expect(answered.filter((one) => one.person.birthday === person.birthday)).toHaveLength(198);
    // Every other one is null, with the coded error on its own field.
    expect(codes(body)).toEqual(Array(514 - 198).fill('COST_LIMIT_REACHED'));
    for (const error of body.errors ?? []) {
      expect(error.path).toEqual(['tvSeries', 'aggregateCredits', 'cast', expect.any(Number), 'person', 'birthday']);
      expect(error.extensions).toEqual({ code: 'COST_LIMIT_REACHED', limit: 'cost', max: 200 });
      expect(error.message).toBe(
        "This request has made its 200 upstream calls (MAX_COST, shared by the operations of a batch); this field's call was not made.",
      );
    }
  });
});

describe('a batch shares one MAX_COST', () => {
  it('ten operations each near MAX_COST: one runs within it, the nine others are refused before they run', async () => {
    // Before: each of the ten passed the limit alone and ran to the end (515 calls asked by each,
    // the same ones at the same time, so the upstream got 515).
    const h = await gateway(110);
    const answers = await batch(h, Array(10).fill(BIRTHDAYS));
    expect(replay.calls.length).toBeLessThanOrEqual(110);
    const refused = answers.filter((answer) => codes(answer)[0] === 'QUERY_TOO_COMPLEX');
    const [ran, ...others] = answers.filter((answer) => !refused.includes(answer));
    expect(others).toHaveLength(0);
    expect(ran?.extensions?.cost).toMatchObject({ estimated: 103, upstreamCalls: 110 });
    expect(new Set(codes(ran!))).toEqual(new Set(['COST_LIMIT_REACHED']));
    expect(refused).toHaveLength(9);
    for (const other of refused) {
      expect(other.data).toBeUndefined();
      expect(other.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', max: 110, found: 206 });
      expect(other.errors?.[0]?.message).toBe(
        "Query cost limit of 110 exceeded, found 206 (estimated upstream calls of this request's operations together).",
      );
      expect(other.extensions?.cost).toMatchObject({ upstreamCalls: 0 });
    }
  });

  it('operations whose estimates fit together share the calls too: nine of them make at most MAX_COST in all', async () => {
    // Nine languages: no two operations share a call. Before: 9 × 515 calls (516 each now, with the series' details).
    const h = await gateway(1_000);
    const languages = ['en', 'fr', 'de', 'es', 'it', 'pt', 'ja', 'ko', 'nl'];
    const answers = await batch(h, languages.map(birthdaysIn));
    expect(replay.calls.length).toBeLessThanOrEqual(1_000);
    const reported = answers.map((answer) => answer.extensions?.cost?.upstreamCalls as number);
    expect(reported.reduce((sum, calls) => sum + calls, 0)).toBe(1_000);
    for (const answer of answers) expect(answer.extensions?.cost?.estimated).toBe(103);
    expect(new Set(answers.flatMap(codes))).toEqual(new Set(['COST_LIMIT_REACHED']));
    expect(answers.flatMap(codes)).toHaveLength(9 * 516 - 1_000);
  });
});

describe('the limits judged from the figures kept per document and variables (issue #44)', () => {
  it('one document whose variables change its cost: each request is judged on its own variables', async () => {
    // The schema's check skips an operation the kept figures put within the limits: were they
    // kept by the document alone, the second request would run on the first one's estimate (2).
    const h = await gateway(5);
    const query = 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }';
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `TW92aWU6${i + 1}`);
    const cheap = await h.query(query, { ids: ids(2) });
    expect(codes(cheap.body)).not.toContain('QUERY_TOO_COMPLEX');
    expect(cheap.cost?.estimated).toBe(2);
    const dear = await h.query(query, { ids: ids(6) });
    expect(dear.body.data).toBeNull();
    expect(dear.body.errors?.map((error) => error.extensions)).toEqual([{ code: 'QUERY_TOO_COMPLEX', limit: 'cost', max: 5, found: 6 }]);
    const again = await h.query(query, { ids: ids(2) });
    expect(codes(again.body)).not.toContain('QUERY_TOO_COMPLEX');
  });
});
