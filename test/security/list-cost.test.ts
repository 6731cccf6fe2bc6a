import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { TOKEN } from '../contract/example-server.ts';
import { type Replayed, type ReplayServer, startReplayServer } from '../contract/replay-server.ts';
import { type Harness, startHarness } from '../helpers.ts';

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

describe('a list the service makes long: 514 actors, a birthday each', () => {
  it('is estimated from the usual length of an aggregate cast: refused under MAX_COST=100 before any call', async () => {
    // Before: estimated 23 (ten actors assumed) and 515 upstream calls made.
    const h = await gateway(100);
    const { body } = await h.query(BIRTHDAYS);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', max: 100, found: 103 });
    expect(replay.calls).toHaveLength(0);
  });
});
