import type { CallRun, UpstreamStats } from './request.ts';
import { SharedCall, type Waiter } from './shared-call.ts';

/**
 * Identical GETs in flight (one key: same URL, same credential) share one exchange and its
 * answer. The exchange belongs to all its waiters (shared-call.ts): none of them can cut it,
 * end it early or hold back its turn for the others.
 */
export type Coalesce = <T>(key: string, waiter: Waiter, start: (run: CallRun) => Promise<T>) => Promise<T>;

export function createCoalescer(stats: UpstreamStats): Coalesce {
  const inFlight = new Map<string, SharedCall<unknown>>();
  return <T>(key: string, waiter: Waiter, start: (run: CallRun) => Promise<T>): Promise<T> => {
    const running = inFlight.get(key) as SharedCall<T> | undefined;
    // A call every waiter has left is being cut: a newcomer starts its own.
    if (running?.open()) {
      stats.coalesced++;
      return running.join(waiter);
    }
    const call: SharedCall<T> = new SharedCall(waiter, (run) =>
      start(run).finally(() => {
        if (inFlight.get(key) === call) inFlight.delete(key);
      }),
    );
    inFlight.set(key, call);
    return call.first();
  };
}

/** A call nobody else may join (a write, a credential being minted): its one waiter's. */
export function runAlone<T>(waiter: Waiter, start: (run: CallRun) => Promise<T>): Promise<T> {
  return new SharedCall(waiter, start).first();
}
