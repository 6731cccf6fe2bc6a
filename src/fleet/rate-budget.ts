import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type Clock, sleep, systemClock } from '../common/clock.ts';
import { Lanes } from './lanes.ts';
import type { RedisConnection } from './redis.ts';

/**
 * The upstream's request budget: so many calls per second for the whole fleet when the
 * instances share a Redis, per process without one (or while Redis is away). Calls get turns
 * in order, a turn every 1/rate seconds (GCRA: a reservation per call, so nobody polls), with
 * a tenth of a second's worth let through at once; a call whose turn would come after its
 * latest start is refused at once and spends nothing. A 429 with Retry-After pauses, for the
 * whole fleet, the calls of what the upstream limited (one credential on one route), never
 * longer than UPSTREAM_MAX_PAUSE_MS: one caller's 429 leaves every other caller working. No
 * caller takes the whole budget: each credential and each request reserves only a few turns
 * ahead (lanes.ts).
 */
export interface RateBudgetStats {
  /** Calls that waited for their turn. */
  waits: number;
  /** Milliseconds waited in all. */
  waitedMs: number;
  /** Calls refused because their turn would have come too late. */
  refusals: number;
  /** Pauses asked by the upstream (429 with Retry-After). */
  pauses: number;
  /** Turns decided in process because Redis was away. */
  localTurns: number;
}

/** Who a call is for: the pause it obeys, and the lanes it waits in for a turn. */
export interface TurnScope {
  /** What a 429 pauses: the credential and the route (opaque; never a token itself). */
  pause: string;
  /** The credential's lane (opaque): every request of one credential together holds only a few turns ahead. */
  credential: string;
  /**
   * The request lanes the call may take its turn in, named to `onLane` now and as they come (a
   * shared call has one per waiter, and waiters join while it waits): it waits in each and goes
   * with the first that admits it. Returns the end of the naming.
   */
  requests(onLane: (lane: string) => void): () => void;
  /** Aborts when nobody waits for the call any more: it gives its places up and gets no turn. */
  signal?: AbortSignal;
}

export interface RateBudget {
  /**
   * Waits for this call's turn; false when the turn would start after `latest` (epoch ms; a
   * function is read again as the wait goes on, since a shared call's deadline may move later).
   */
  acquire(latest: number | (() => number), scope?: TurnScope): Promise<boolean>;
  /** Pauses the scope's calls for `ms` (capped), as a 429's Retry-After asks. */
  pause(ms: number, scope?: string): Promise<void>;
  stats: RateBudgetStats;
}

export interface RateBudgetOptions {
  /** Calls per second; 0 = no spacing (pauses asked by the upstream still hold). */
  perSecond: number;
  /** Shares the budget with every instance on this Redis. */
  redis?: RedisConnection;
  /** Names the budget in Redis: instances calling the same upstream share it. */
  name?: string;
  /** The longest pause a 429 may ask (UPSTREAM_MAX_PAUSE_MS); default a minute. */
  maxPauseMs?: number;
  /** The clock turns are spaced and waited on (the system's; a test's to check spacing without waiting). */
  clock?: Clock;
}

/** Scopes whose pauses one instance remembers while Redis is away. */
const MAX_LOCAL_PAUSES = 10_000;

/** The spacing of the turns and how far ahead of its spacing a burst may go. */
function spacing(perSecond: number): { intervalMs: number; toleranceMs: number } {
  if (perSecond <= 0) return { intervalMs: 0, toleranceMs: 0 };
  const intervalMs = 1000 / perSecond;
  const burst = Math.max(1, Math.ceil(perSecond / 10));
  return { intervalMs, toleranceMs: (burst - 1) * intervalMs };
}

/**
 * One reservation, atomically in Redis on Redis's clock (instances' clocks may differ).
 * KEYS: theoretical arrival time, pause end. ARGV: interval, tolerance, longest wait (ms).
 * Returns the wait in ms, or -1 when the turn would come too late (nothing reserved). A paused
 * scope books nothing: it answers its pause's remainder as -2 - wait, and the call asks again
 * when the pause ends, so one paused route never pushes every other caller's turn back.
 */
const RESERVE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then
  if paused - now > tonumber(ARGV[3]) then return -1 end
  return -2 - math.ceil(paused - now)
end
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, tat - tonumber(ARGV[2]))
local wait = slot - now
if wait > tonumber(ARGV[3]) then return -1 end
if interval > 0 then
  local nextTat = math.max(tat, slot) + interval
  redis.call('SET', KEYS[1], string.format('%.3f', nextTat), 'PX', math.ceil(nextTat - now) + 1000)
end
return math.ceil(wait)
`;

/** KEYS: pause end. ARGV: pause length (ms). Only ever lengthens a pause. */
const PAUSE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ms = tonumber(ARGV[1])
if now + ms > tonumber(redis.call('GET', KEYS[1]) or '0') then
  redis.call('SET', KEYS[1], now + ms, 'PX', ms)
end
return 1
`;

type BudgetCommands = Redis & {
  reserveTurn(tatKey: string, pauseKey: string, intervalMs: number, toleranceMs: number, maxWaitMs: number): Promise<number>;
  pauseTurns(pauseKey: string, ms: number): Promise<number>;
};

/** A reservation's answer: how long to wait, and whether a turn was booked (false: a pause to wait out first). */
interface Reservation {
  waitMs: number;
  booked: boolean;
}

/** The same reservation in process: the budget without Redis, and its fallback. */
class LocalTurns {
  private tat = 0;
  private readonly pausedUntil = new LRUCache<string, number>({ max: MAX_LOCAL_PAUSES });

  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  private readonly clock: Clock;

  constructor(intervalMs: number, toleranceMs: number, clock: Clock) {
    this.intervalMs = intervalMs;
    this.toleranceMs = toleranceMs;
    this.clock = clock;
  }

  reserve(maxWaitMs: number, scope: string, now = this.clock.now()): Reservation | undefined {
    const paused = this.pausedUntil.get(scope) ?? 0;
    if (paused > now) return paused - now > maxWaitMs ? undefined : { waitMs: paused - now, booked: false };
    const slot = Math.max(now, this.tat - this.toleranceMs);
    if (slot - now > maxWaitMs) return undefined;
    if (this.intervalMs > 0) this.tat = Math.max(this.tat, slot) + this.intervalMs;
    return { waitMs: slot - now, booked: true };
  }

  pause(ms: number, scope: string, now = this.clock.now()): void {
    this.pausedUntil.set(scope, Math.max(this.pausedUntil.get(scope) ?? 0, now + ms), { ttl: ms });
  }
}

export function createRateBudget(options: RateBudgetOptions): RateBudget {
  const { intervalMs, toleranceMs } = spacing(options.perSecond);
  const clock = options.clock ?? systemClock;
  const local = new LocalTurns(intervalMs, toleranceMs, clock);
  const stats: RateBudgetStats = { waits: 0, waitedMs: 0, refusals: 0, pauses: 0, localTurns: 0 };
  const redis = options.redis;
  const prefix = `mcg:rate:${options.name ?? 'upstream'}:`;
  const tatKey = `${prefix}tat`;
  const pauseKey = (scope: string) => `${prefix}paused:${scope}`;
  const maxPauseMs = options.maxPauseMs ?? 60_000;
  // A caller's few turns ahead: the burst the budget lets through at once, at least one.
  const ahead = Math.max(1, Math.ceil(options.perSecond / 10));
  const requestLanes = new Lanes(ahead, clock);
  // A credential's several requests together may hold a few times that.
  const credentialLanes = new Lanes(4 * ahead, clock);
  if (redis) {
    redis.client.defineCommand('reserveTurn', { numberOfKeys: 2, lua: RESERVE });
    redis.client.defineCommand('pauseTurns', { numberOfKeys: 1, lua: PAUSE });
  }
  const commands = (client: Redis) => client as BudgetCommands;

  async function reserve(maxWaitMs: number, scope: string): Promise<Reservation | undefined> {
    const shared =
      redis && (await redis.run((client) => commands(client).reserveTurn(tatKey, pauseKey(scope), intervalMs, toleranceMs, maxWaitMs)));
    if (shared !== undefined) {
      if (shared === -1) return undefined;
      return shared < -1 ? { waitMs: -2 - shared, booked: false } : { waitMs: shared, booked: true };
    }
    if (redis) stats.localTurns++;
    return local.reserve(maxWaitMs, scope);
  }

  /**
   * Waits in the call's lanes: the first of its request lanes to admit it, then its credential's
   * (only when turns are spaced: pauses alone need no fairness). Undefined when it gets no place in time.
   */
  async function enterLanes(scope: TurnScope, latest: () => number): Promise<(() => void) | undefined> {
    const request = await requestLanes.enterFirst(scope.requests, latest, scope.signal);
    if (request === undefined) return undefined;
    if (!(await credentialLanes.enter(scope.credential, latest, scope.signal))) {
      requestLanes.leave(request);
      return undefined;
    }
    return () => {
      requestLanes.leave(request);
      credentialLanes.leave(scope.credential);
    };
  }

  return {
    stats,
    async acquire(latestAsked, scope) {
      const latest = typeof latestAsked === 'function' ? latestAsked : () => latestAsked;
      const signal = scope?.signal;
      for (;;) {
        const leave = intervalMs > 0 && scope ? await enterLanes(scope, latest) : () => undefined;
        if (!leave) {
          // A call nobody waits for any more was not refused: it stopped asking.
          if (!signal?.aborted) stats.refusals++;
          return false;
        }
        let reservation: Reservation | undefined;
        try {
          reservation = await reserve(Math.max(0, latest() - clock.now()), scope?.pause ?? 'all');
          if (reservation === undefined) {
            stats.refusals++;
            return false;
          }
          // A booked turn is waited for in the lanes, so the caller's next call reserves the one after it.
          if (reservation.waitMs > 0) {
            stats.waits++;
            stats.waitedMs += reservation.waitMs;
          }
          if (reservation.booked) await sleep(clock, reservation.waitMs, signal);
        } finally {
          leave();
        }
        if (reservation.booked) return !signal?.aborted;
        // Paused: out of the lanes (the caller's other routes go on), then ask again when the pause ends.
        await sleep(clock, reservation.waitMs, signal);
        if (signal?.aborted) return false;
      }
    },
    async pause(asked, scope = 'all') {
      const ms = Math.min(asked, maxPauseMs);
      if (ms <= 0) return;
      // Kept here too: the fallback honours what this instance was told while Redis is away.
      local.pause(ms, scope);
      await redis?.run((client) => commands(client).pauseTurns(pauseKey(scope), Math.ceil(ms)));
      stats.pauses++;
    },
  };
}
