import { describe, expect, it } from 'vitest';
import { createRateBudget, type TurnScope } from '../../src/fleet/rate-budget.ts';
import { manualClock } from '../manual-clock.ts';

/**
 * The rate budget on a hand-driven clock: its spacing, refusals, pauses and lanes checked to the
 * millisecond, in a few milliseconds of real time and whatever the machine's load. The suites
 * over HTTP (test/upstream/rate-budget.test.ts, test/fleet/fair-budget.test.ts) check the same
 * through the gateway in real time.
 */
function scope(request: string, credential = 'one credential', pause = 'one route'): TurnScope {
  return {
    pause,
    credential,
    requests(onLane) {
      onLane(request);
      return () => undefined;
    },
  };
}

/** Starts the calls, runs the clock `ms` in 10 ms steps, and says when each call got its turn (ms from the start; -1 refused, undefined still waiting). */
async function turns(clock: ReturnType<typeof manualClock>, calls: Promise<boolean>[], ms: number): Promise<(number | undefined)[]> {
  const at: (number | undefined)[] = calls.map(() => undefined);
  calls.forEach((call, i) => void call.then((granted) => (at[i] = granted ? clock.elapsed() : -1)));
  for (let step = 0; step < ms; step += 10) await clock.advance(10);
  return at;
}

describe('the rate budget on a manual clock', () => {
  it('spaces turns 1/rate apart: 10 calls a second are 100 ms apart', async () => {
    const clock = manualClock();
    const budget = createRateBudget({ perSecond: 10, clock });
    const latest = clock.now() + 10_000;
    const at = await turns(
      clock,
      Array.from({ length: 5 }, () => budget.acquire(latest)),
      1_000,
    );
    expect(at).toEqual([0, 100, 200, 300, 400]);
    expect(budget.stats.waits).toBe(4);
  });

  it('refuses at once a call whose turn would come after its latest start, and books nothing for it', async () => {
    const clock = manualClock();
    const budget = createRateBudget({ perSecond: 10, clock });
    const latest = clock.now() + 250;
    const at = await turns(
      clock,
      Array.from({ length: 5 }, () => budget.acquire(latest)),
      500,
    );
    expect(at).toEqual([0, 100, 200, -1, -1]);
    expect(budget.stats.refusals).toBe(2);
    // The refused calls took no turn: the next call's turn is the one after the three granted.
    const next = await turns(clock, [budget.acquire(clock.now() + 1_000)], 100);
    expect(next).toEqual([500]);
  });

  it('pauses only the scope a 429 named, for its Retry-After', async () => {
    const clock = manualClock();
    const budget = createRateBudget({ perSecond: 0, clock, maxPauseMs: 60_000 });
    await budget.pause(2_000, 'limited route');
    const latest = clock.now() + 10_000;
    const at = await turns(
      clock,
      [budget.acquire(latest, scope('r1', 'c', 'limited route')), budget.acquire(latest, scope('r2', 'c', 'other route'))],
      3_000,
    );
    expect(at).toEqual([2_000, 0]);
  });

  it('caps a pause at UPSTREAM_MAX_PAUSE_MS, and refuses a call whose deadline comes first', async () => {
    const clock = manualClock();
    const budget = createRateBudget({ perSecond: 0, clock, maxPauseMs: 1_000 });
    await budget.pause(30_000, 'limited route');
    const at = await turns(
      clock,
      [
        budget.acquire(clock.now() + 5_000, scope('r1', 'c', 'limited route')),
        budget.acquire(clock.now() + 500, scope('r2', 'c', 'limited route')),
      ],
      1_500,
    );
    expect(at).toEqual([1_000, -1]);
  });

  it('lets a request of one call take its turn before the rest of a request of twenty', async () => {
    const clock = manualClock();
    const budget = createRateBudget({ perSecond: 10, clock });
    const latest = clock.now() + 10_000;
    const big = Array.from({ length: 20 }, () => budget.acquire(latest, scope('big request', 'credential a')));
    await clock.advance(0);
    const small = budget.acquire(latest, scope('small request', 'credential b'));
    const at = await turns(clock, [...big, small], 2_500);
    // The big request holds one turn ahead of its spacing, so the small one's call goes second or third, not 21st.
    expect(at[20]).toBeLessThanOrEqual(200);
    expect(at.slice(0, 20).every((t) => t !== undefined && t >= 0)).toBe(true);
    expect(new Set(at).size).toBe(21);
  });
});
