import type { Clock } from '../src/common/clock.ts';

/** A clock driven by hand: `advance` moves time and fires what falls due, in order, letting each settle. */
export interface ManualClock extends Clock {
  advance(ms: number): Promise<void>;
  /** Milliseconds since the clock was made. */
  elapsed(): number;
}

/** Lets promise chains started by a timer run to their next wait. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

export function manualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { due: number; fn: () => void }>();
  return {
    now: () => now,
    elapsed: () => now - start,
    setTimer(fn, ms) {
      const id = nextId++;
      timers.set(id, { due: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimer(timer) {
      timers.delete(timer as number);
    },
    async advance(ms) {
      const target = now + ms;
      await settle();
      for (;;) {
        let first: [number, { due: number; fn: () => void }] | undefined;
        for (const entry of timers) if (entry[1].due <= target && (!first || entry[1].due < first[1].due)) first = entry;
        if (!first) break;
        timers.delete(first[0]);
        now = first[1].due;
        first[1].fn();
        await settle();
      }
      now = target;
    },
  };
}
