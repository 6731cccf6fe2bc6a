import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The one Redis connection of a gateway instance, for what the fleet shares (the upstream HTTP
 * cache, the rate budget, persisted queries). Redis is optional for serving: every command is
 * bounded by a short timeout, none waits in a queue while Redis is away, a failure is an answer
 * of "no Redis" (undefined) to the caller, never an error of the request, and ioredis keeps
 * reconnecting in the background so sharing comes back with Redis.
 */

/** Plain counters for whoever exports metrics. */
export interface RedisState {
  /** Whether commands reach Redis now (connected, and the last command did not fail). */
  up: boolean;
  /** Commands that failed, timed out or were skipped because Redis was away. */
  errors: number;
  /** Times Redis went from up to down. */
  outages: number;
}

export interface RedisConnection {
  readonly client: Redis;
  readonly state: RedisState;
  /**
   * Runs commands on Redis: their result, or undefined when Redis is away, slow or failing
   * (counted; logged once per outage).
   */
  run<T>(commands: (client: Redis) => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

export interface RedisConnectionOptions {
  /** Longest one command may take before it counts as failed (default 250 ms). */
  commandTimeoutMs?: number;
  /** After a failed command, how long commands skip Redis before trying again (default 1 s). */
  coolOffMs?: number;
}

/** The URL's host and port, for log lines: never its password or user. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return '(unreadable REDIS_URL)';
  }
}

/** The kind of a failure (ECONNREFUSED, a timeout...), never its text, which may quote a reply. */
function failureKind(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code)) return code;
  if (error instanceof Error && /timed out/i.test(error.message)) return 'TIMEOUT';
  return error instanceof Error ? error.name : 'unknown';
}

export function connectRedis(url: string, logger: Logger, options: RedisConnectionOptions = {}): RedisConnection {
  const commandTimeoutMs = options.commandTimeoutMs ?? 250;
  const coolOffMs = options.coolOffMs ?? 1_000;
  const address = redisAddress(url);
  const client = new Redis(url, {
    commandTimeout: commandTimeoutMs,
    // While Redis is away a command fails at once instead of waiting for the reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    // Never give up: the fleet shares again as soon as Redis is back.
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  });
  const state: RedisState = { up: false, errors: 0, outages: 0 };
  // Down until the first connection; skips Redis until then and for a while after a failure.
  let skipUntil = 0;
  let everUp = false;
  let reported = false;
  let closing = false;

  function down(kind: string): void {
    if (closing) return;
    if (state.up) state.outages++;
    state.up = false;
    // One line per outage, not one per request; a start without Redis is an outage too.
    if (!reported) {
      reported = true;
      logger.warn(
        { redis: address, failure: kind },
        'Redis unreachable: the upstream cache and rate budget run per process until it is back',
      );
    }
  }

  function up(): void {
    if (state.up) return;
    state.up = true;
    skipUntil = 0;
    if (reported || everUp) logger.info({ redis: address }, 'Redis reachable again: the fleet shares its cache and rate budget');
    else logger.info({ redis: address }, 'Redis connected: the fleet shares its cache and rate budget');
    everUp = true;
    reported = false;
  }

  client.on('ready', up);
  // Without a listener ioredis prints every connection error to the console.
  client.on('error', (error) => down(failureKind(error)));
  client.on('close', () => {
    if (state.up) down('CONNECTION_CLOSED');
  });

  async function run<T>(commands: (client: Redis) => Promise<T>): Promise<T | undefined> {
    if (client.status !== 'ready' || Date.now() < skipUntil) {
      state.errors++;
      return undefined;
    }
    try {
      const result = await commands(client);
      up();
      return result;
    } catch (error) {
      state.errors++;
      // A hung or failing Redis must not add its timeout to every call: skip it for a while.
      skipUntil = Date.now() + coolOffMs;
      down(failureKind(error));
      return undefined;
    }
  }

  return {
    client,
    state,
    run,
    async close() {
      closing = true;
      state.up = false;
      if (client.status !== 'ready') return client.disconnect();
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
