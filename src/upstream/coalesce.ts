import type { UpstreamStats } from './request.ts';
import { timeoutError } from './errors.ts';

/** The promise's outcome, or UPSTREAM_TIMEOUT when the deadline comes first. */
function withinDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

/**
 * Identical GETs in flight (one key: same URL, same credential) share one exchange and its
 * answer. The shared call runs on its first caller's deadline; a joiner still keeps its own.
 */
export type Coalesce = <T>(key: string, deadline: number, start: () => Promise<T>) => Promise<T>;

export function createCoalescer(stats: UpstreamStats): Coalesce {
  const inFlight = new Map<string, Promise<unknown>>();
  return <T>(key: string, deadline: number, start: () => Promise<T>): Promise<T> => {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) {
      stats.coalesced++;
      return withinDeadline(running, deadline);
    }
    const promise = start().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  };
}
