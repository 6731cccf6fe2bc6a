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

  constructor(limit: number) {
    this.limit = limit;
  }

  /** Resolves true once the call may reserve a turn, false when `until` (epoch ms) comes first. */
  enter(key: string, until: number): Promise<boolean> {
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
      const admit = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          const at = waiting.queue.indexOf(admit);
          if (at >= 0) waiting.queue.splice(at, 1);
          resolve(false);
        },
        Math.max(0, until - Date.now()),
      );
      waiting.queue.push(admit);
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
