import type { Clock } from '../common/clock.ts';
import type { CallAllowance, CallRun, UpstreamStats } from './request.ts';
import { clientGoneError, timeoutError } from './answer.ts';

/** One caller of an upstream call: its request's deadline (epoch ms), its client's signal, its lane. */
export interface Waiter {
  deadline: number;
  /** Aborts when the waiter's client has gone. */
  signal?: AbortSignal;
  /** The waiter's request lane of the rate budget. */
  lane?: string;
  /** The waiter's client (CallScope.client). */
  client?: string;
  /** The waiter's request's call budget (CallScope.allowance). */
  allowance?: CallAllowance;
}

/**
 * One upstream call and everyone waiting for it (the coalescer's, below; a call that is
 * not shared has one waiter). The call belongs to all of them: a waiter whose client hangs up
 * or whose deadline comes leaves with its own error at once while the others keep waiting; the
 * call is cut only when the last one has gone, runs until the latest deadline of those still
 * there, and may take its budget turn in any of their lanes. Before, it ran on its first
 * caller's signal, deadline and lane, so one client hanging up failed everyone sharing it.
 */
export class SharedCall<T> implements CallRun {
  private readonly present = new Set<Waiter>();
  private readonly laneWatchers = new Set<(lane: string | undefined) => void>();
  private readonly gone = new AbortController();
  private settled = false;
  private readonly outcome: Promise<T>;
  private readonly firstOutcome: Promise<T>;

  readonly signal: AbortSignal = this.gone.signal;
  private readonly clock: Clock;

  /** Starts the call for its first waiter, whose deadline and lane it has from the start. */
  constructor(first: Waiter, start: (run: CallRun) => Promise<T>, clock: Clock) {
    this.clock = clock;
    let settle: { resolve(value: T): void; reject(error: unknown): void } | undefined;
    this.outcome = new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // Read by the waiters; one left alone with a failure (every waiter gone) is no unhandled rejection.
    this.outcome.catch(() => undefined);
    this.present.add(first);
    // The first waiter waits before the call starts: one whose client has already gone cuts it at once.
    this.firstOutcome = this.wait(first);
    start(this).then(
      (value) => {
        this.settled = true;
        settle?.resolve(value);
      },
      (error: unknown) => {
        this.settled = true;
        settle?.reject(error);
      },
    );
  }

  /** The call's outcome for its first waiter, or that waiter's own error if it leaves first. */
  first(): Promise<T> {
    return this.firstOutcome;
  }

  /** Whether a new caller may still join: someone waits, so the call is not being cut. */
  open(): boolean {
    return !this.gone.signal.aborted;
  }

  /** The latest deadline of the waiters still there; a joiner with a later one extends the call. */
  deadline(): number {
    let latest = 0;
    for (const waiter of this.present) latest = Math.max(latest, waiter.deadline);
    return latest;
  }

  /** The client of the first waiter still there. */
  client(): string | undefined {
    for (const waiter of this.present) return waiter.client;
    return undefined;
  }

  /** The call budget of the first waiter still there. */
  allowance(): CallAllowance | undefined {
    for (const waiter of this.present) return waiter.allowance;
    return undefined;
  }

  /** Calls `onLane` with each waiter's lane (once each), those to come included, until stopped. */
  watchLanes(onLane: (lane: string | undefined) => void): () => void {
    const seen = new Set<string | undefined>();
    const watcher = (lane: string | undefined) => {
      if (seen.has(lane)) return;
      seen.add(lane);
      onLane(lane);
    };
    this.laneWatchers.add(watcher);
    for (const waiter of this.present) watcher(waiter.lane);
    return () => this.laneWatchers.delete(watcher);
  }

  /** Another caller of the same call: its outcome, or this caller's own error if it leaves first. */
  join(waiter: Waiter): Promise<T> {
    this.present.add(waiter);
    for (const watcher of this.laneWatchers) watcher(waiter.lane);
    return this.wait(waiter);
  }

  private wait(waiter: Waiter): Promise<T> {
    const clock = this.clock;
    return new Promise<T>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        clock.clearTimer(timer);
        waiter.signal?.removeEventListener('abort', hungUp);
        this.present.delete(waiter);
        if (this.present.size === 0 && !this.settled) this.gone.abort();
      };
      const hungUp = () => {
        leave();
        reject(clientGoneError());
      };
      const timer = clock.setTimer(
        () => {
          leave();
          reject(timeoutError());
        },
        Math.max(0, waiter.deadline - clock.now()),
      );
      if (waiter.signal?.aborted) return hungUp();
      waiter.signal?.addEventListener('abort', hungUp, { once: true });
      this.outcome.then(
        (value) => {
          leave();
          resolve(value);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }
}

/**
 * Identical GETs in flight (one key: same URL, same credential) share one exchange and its
 * answer. The exchange belongs to all its waiters (shared-call.ts): none of them can cut it,
 * end it early or hold back its turn for the others.
 */
export type Coalesce = <T>(key: string, waiter: Waiter, start: (run: CallRun) => Promise<T>) => Promise<T>;

export function createCoalescer(stats: UpstreamStats, clock: Clock): Coalesce {
  const inFlight = new Map<string, SharedCall<unknown>>();
  return <T>(key: string, waiter: Waiter, start: (run: CallRun) => Promise<T>): Promise<T> => {
    const running = inFlight.get(key) as SharedCall<T> | undefined;
    // A call every waiter has left is being cut: a newcomer starts its own.
    if (running?.open()) {
      stats.coalesced++;
      return running.join(waiter);
    }
    const call: SharedCall<T> = new SharedCall(
      waiter,
      (run) =>
        start(run).finally(() => {
          if (inFlight.get(key) === call) inFlight.delete(key);
        }),
      clock,
    );
    inFlight.set(key, call);
    return call.first();
  };
}

/** A call nobody else may join (a write, a credential being minted): its one waiter's. */
export function runAlone<T>(waiter: Waiter, start: (run: CallRun) => Promise<T>, clock: Clock): Promise<T> {
  return new SharedCall(waiter, start, clock).first();
}
