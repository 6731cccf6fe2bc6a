import { type Clock, systemClock } from '../common/clock.ts';

/**
 * Fairness in front of the rate budget: a lane per caller (a credential, a GraphQL request) in
 * which at most `limit` calls wait for their turn at once; the rest wait in the lane, first come
 * first served. A turn is reserved only when a call leaves its lane's queue, so a request for
 * 200 movies holds a few turns ahead, never all of them: another caller's call reserves the
 * turn after those few, not after the 200. The lanes hold state only while a caller has calls.
 */
export class Lanes {
  private readonly lanes = new Map<string, { held: number; queue: Array<() => void> }>();

  private readonly limit: number;
  private readonly clock: Clock;

  constructor(limit: number, clock: Clock = systemClock) {
    this.limit = limit;
    this.clock = clock;
  }

  /**
   * Resolves true once the call may reserve a turn; false when `until()` (epoch ms, read again
   * when it comes: it may have moved later) comes first, or `signal` aborts: the call's place in
   * the queue is then given up.
   */
  enter(key: string, until: () => number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { held: 0, queue: [] };
      this.lanes.set(key, lane);
    }
    if (lane.held < this.limit) {
      lane.held++;
      return Promise.resolve(true);
    }
    const waiting = lane;
    return new Promise((resolve) => {
      let timer: unknown;
      const end = (admitted: boolean) => {
        this.clock.clearTimer(timer);
        signal?.removeEventListener('abort', giveUp);
        resolve(admitted);
      };
      const admit = () => end(true);
      const giveUp = () => {
        const at = waiting.queue.indexOf(admit);
        if (at >= 0) waiting.queue.splice(at, 1);
        end(false);
      };
      const arm = () => {
        const left = until() - this.clock.now();
        timer = left > 0 ? this.clock.setTimer(arm, left) : undefined;
        if (left <= 0) giveUp();
      };
      waiting.queue.push(admit);
      signal?.addEventListener('abort', giveUp, { once: true });
      arm();
    });
  }

  /**
   * Waits in several lanes at once (a shared call, in each of its waiters'), lanes named while it
   * waits included: resolves the key of the first that admits it, its places in the others given
   * back, or undefined when every lane gave up (`until()` came, or `signal` aborted).
   */
  enterFirst(watch: (onKey: (key: string) => void) => () => void, until: () => number, signal?: AbortSignal): Promise<string | undefined> {
    return new Promise((resolve) => {
      const others = new AbortController();
      const stop = signal ? AbortSignal.any([others.signal, signal]) : others.signal;
      let waiting = 0;
      let done = false;
      const finish = (key: string | undefined) => {
        done = true;
        unwatch();
        others.abort();
        resolve(key);
      };
      const tryLane = (key: string) => {
        if (done) return;
        waiting++;
        void this.enter(key, until, stop).then((admitted) => {
          waiting--;
          // Admitted after another lane: the place passes on at once.
          if (admitted && done) this.leave(key);
          else if (admitted) finish(key);
          else if (waiting === 0 && !done) finish(undefined);
        });
      };
      // enter() settles asynchronously, so nothing finishes before the watch is in place.
      const unwatch = watch(tryLane);
      if (waiting === 0) finish(undefined);
    });
  }

  /** The call has its turn: the next one of the lane may reserve. */
  leave(key: string): void {
    const lane = this.lanes.get(key);
    if (!lane) return;
    const next = lane.queue.shift();
    // The place passes to the next call as it is: held stays the same.
    if (next) {
      next();
      return;
    }
    lane.held--;
    if (lane.held <= 0) this.lanes.delete(key);
  }

  /** Callers with calls waiting or holding a place now. */
  size(): number {
    return this.lanes.size;
  }
}
