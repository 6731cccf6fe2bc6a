/**
 * Time as the code that waits reads it: the system's in the product (the platform's own
 * functions, so no code of ours runs per call); a test's hand-driven clock (test/manual-clock.ts)
 * where a test checks spacing, pauses, retries and cooldowns without waiting them out.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `fn` after `ms`; the handle cancels it. */
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export const systemClock: Clock = {
  now: Date.now,
  setTimer: setTimeout,
  clearTimer: clearTimeout as (timer: unknown) => void,
};

/** Resolves after `ms` on `clock`, or at once when `signal` aborts; never rejects. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clock.clearTimer(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = clock.setTimer(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
