import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { RedisConnection } from './redis.ts';

/**
 * The upstream's request budget: so many calls per second for the whole fleet when the
 * instances share a Redis, per process without one (or while Redis is away). Calls get turns
 * in order, a turn every 1/rate seconds (GCRA: a reservation per call, so nobody polls), with
 * a tenth of a second's worth let through at once; a call whose turn would come after its
 * latest start is refused at once and spends nothing. A 429 with Retry-After pauses every
 * turn of the fleet until the upstream is willing again.
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

export interface RateBudget {
  /** Waits for this call's turn; false, at once, when the turn would start after `latest` (epoch ms). */
  acquire(latest: number): Promise<boolean>;
  /** Pauses every call for `ms`, as a 429's Retry-After asks. */
  pause(ms: number): Promise<void>;
  stats: RateBudgetStats;
}

export interface RateBudgetOptions {
  /** Calls per second; 0 = no spacing (pauses asked by the upstream still hold). */
  perSecond: number;
  /** Shares the budget with every instance on this Redis. */
  redis?: RedisConnection;
  /** Names the budget in Redis: instances calling the same upstream share it. */
  name?: string;
}

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
 * Returns the wait in ms, or -1 when the turn would come too late (nothing reserved).
 */
const RESERVE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
local slot = math.max(now, tat - tonumber(ARGV[2]), paused)
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

/** The same reservation in process: the budget without Redis, and its fallback. */
class LocalTurns {
  private tat = 0;
  private pausedUntil = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly toleranceMs: number,
  ) {}

  reserve(maxWaitMs: number, now = Date.now()): number | undefined {
    const slot = Math.max(now, this.tat - this.toleranceMs, this.pausedUntil);
    if (slot - now > maxWaitMs) return undefined;
    if (this.intervalMs > 0) this.tat = Math.max(this.tat, slot) + this.intervalMs;
    return slot - now;
  }

  pause(ms: number, now = Date.now()): void {
    this.pausedUntil = Math.max(this.pausedUntil, now + ms);
  }
}

export function createRateBudget(options: RateBudgetOptions): RateBudget {
  const { intervalMs, toleranceMs } = spacing(options.perSecond);
  const local = new LocalTurns(intervalMs, toleranceMs);
  const stats: RateBudgetStats = { waits: 0, waitedMs: 0, refusals: 0, pauses: 0, localTurns: 0 };
  const redis = options.redis;
  const prefix = `mcg:rate:${options.name ?? 'upstream'}:`;
  const tatKey = `${prefix}tat`;
  const pauseKey = `${prefix}paused`;
  if (redis) {
    redis.client.defineCommand('reserveTurn', { numberOfKeys: 2, lua: RESERVE });
    redis.client.defineCommand('pauseTurns', { numberOfKeys: 1, lua: PAUSE });
  }
  const commands = (client: Redis) => client as BudgetCommands;

  async function reserve(maxWaitMs: number): Promise<number | undefined> {
    const shared =
      redis && (await redis.run((client) => commands(client).reserveTurn(tatKey, pauseKey, intervalMs, toleranceMs, maxWaitMs)));
    if (shared !== undefined) return shared < 0 ? undefined : shared;
    if (redis) stats.localTurns++;
    return local.reserve(maxWaitMs);
  }

  return {
    stats,
    async acquire(latest) {
      const wait = await reserve(Math.max(0, latest - Date.now()));
      if (wait === undefined) {
        stats.refusals++;
        return false;
      }
      if (wait > 0) {
        stats.waits++;
        stats.waitedMs += wait;
        await sleep(wait);
      }
      return true;
    },
    async pause(ms) {
      if (ms <= 0) return;
      // Kept here too: the fallback honours what this instance was told while Redis is away.
      local.pause(ms);
      await redis?.run((client) => commands(client).pauseTurns(pauseKey, Math.ceil(ms)));
      stats.pauses++;
    },
  };
}
