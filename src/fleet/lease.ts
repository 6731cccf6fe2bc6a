import type { RedisConnection } from './redis.ts';

/**
 * One duty for the whole fleet (reading the change feeds): a lease in Redis that one instance holds
 * and renews while it lives, and that any other takes once it lapses (its holder died, froze or lost
 * Redis); what the holder finds goes to every instance over a pub/sub channel. Redis away: nobody
 * holds it here (`acquire` is false), and the caller decides what to do alone.
 */
export interface FleetLease {
  /** Takes the lease, or renews it when this instance holds it: whether it holds it now. */
  acquire(): Promise<boolean>;
  /** Gives it up (at shutdown), if this instance holds it. */
  release(): Promise<void>;
}

// Renew only our own lease: another holder's is never extended or taken.
const TAKE_OR_RENEW = `
local held = redis.call('GET', KEYS[1])
if held == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not held then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export function createLease(redis: RedisConnection, key: string, owner: string, ttlMs: number): FleetLease {
  return {
    async acquire() {
      return (await redis.run((client) => client.eval(TAKE_OR_RENEW, 1, key, owner, String(Math.ceil(ttlMs))))) === 1;
    },
    async release() {
      await redis.run((client) => client.eval(RELEASE, 1, key, owner));
    },
  };
}

export interface FleetChannel {
  /** Sends to every instance subscribed (this one too); false when Redis is away. */
  publish(message: string): Promise<boolean>;
  /** A small value kept beside the channel (the feeds' cursor), for the next holder. */
  read(): Promise<string | undefined>;
  write(value: string, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Subscribes on a connection of its own (a subscribed connection runs no other command); it resubscribes after an outage. */
export function openChannel(redis: RedisConnection, name: string, onMessage: (message: string) => void): FleetChannel {
  const subscriber = redis.client.duplicate({ enableOfflineQueue: true, lazyConnect: false });
  // Failures are the main connection's to report (redis.ts); this one only reconnects.
  subscriber.on('error', () => {});
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === name) onMessage(message);
  });
  void subscriber.subscribe(name).catch(() => {});
  return {
    async publish(message) {
      return (await redis.run((client) => client.publish(name, message))) !== undefined;
    },
    async read() {
      return (await redis.run((client) => client.get(`${name}:state`))) ?? undefined;
    },
    async write(value, ttlMs) {
      await redis.run((client) => client.set(`${name}:state`, value, 'PX', Math.ceil(ttlMs)));
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
