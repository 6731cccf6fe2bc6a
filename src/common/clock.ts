/**
 * Time as the code that waits reads it: the system's in the product; a test's hand-driven clock
 * (test/manual-clock.ts) where a test checks spacing, pauses and expiry without waiting them out.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `fn` after `ms`; returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  // Read through the global each time, so a test's faked `Date` is the system's time too.
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/** Resolves after `ms` on `clock`, or at once when `signal` aborts; never rejects. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const cancel = clock.after(ms, done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
