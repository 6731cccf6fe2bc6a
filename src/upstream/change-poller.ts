import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { CachedResponse } from '../fleet/cache-store.ts';
import type { FleetChannel, FleetLease } from '../fleet/lease.ts';
import { DAY_MS, dayOf, type FeedReader, type FeedWindow, KEY_CHARS, MAX_KEYS, MAX_WINDOW_DAYS } from './change-feed.ts';
import { FEED_KINDS, type FeedKind, tagOf } from './entity-tags.ts';

/**
 * Reads the change feeds every interval and tells every cache what changed (change-feed.ts reads
 * them). An id the list shows that the last read did not is an edit since then; an id it showed
 * already is asked for its own edits (one call) only when this instance holds an answer that
 * carried it, which tells a second edit of the same day by its time. The first read (at start, or
 * when this instance takes the fleet's lease) cannot tell an edit before its cursor from one
 * after: it drops what every listed object carried, and tells subscribers nothing of them.
 *
 * While the reads succeed and none is late, the feeds vouch for an answer about one object
 * (`owner`, entity-tags.ts) fetched since they watched: it is served past its max-age up to
 * `feedMaxAgeMs` after it was fetched (the HTTP cache asks `vouch`). A failed read, or none for
 * three intervals, ends that at once (max-age again), with one log line, until a read succeeds.
 *
 * With a fleet (Redis), one instance holds the lease and reads; it publishes each read, failures
 * too, and every instance (itself included) applies it. The cursor (where the last read ended)
 * lives beside the channel, so the next holder reads on from it.
 */
export interface ChangeEvent {
  kind: FeedKind;
  id: number;
  /** False for an object a first read found listed: dropped from the caches, not told to subscribers. */
  told: boolean;
  /** The edit's time when the object's own log was read (a second edit of a day), else the read's (epoch ms). */
  at: number;
  /** The keys that edit changed, when the object's own log was read. */
  keys?: string[];
}

/** One change as a read carries it (and the fleet's channel: compact): kind, id, told, time, keys. */
type Change = [FeedKind, number, boolean, (number | null)?, (string[] | null)?];

/** One read, as every instance hears it. */
interface Read {
  ok: boolean;
  /** Where its window began (the cursor it read on from) and its own time. */
  since: number;
  at: number;
  changes: Change[];
}

export interface ChangePollerOptions {
  reader: FeedReader;
  intervalMs: number;
  feedMaxAgeMs: number;
  /** Drops what the changed objects carried and tells subscribers; awaited before the next read. */
  apply(changes: ChangeEvent[]): Promise<void>;
  /** Told once when the feeds stop vouching (failing or late): what was built on their word goes. */
  onFailing?(): void;
  /** Whether this instance holds an answer that carried the object (`movie:550`). */
  holds(tag: string): boolean;
  logger: Logger;
  fleet?: { lease: FleetLease; open(onMessage: (message: string) => void): FleetChannel };
}

export interface FeedStats {
  reads: number;
  failures: number;
  /** Per-object reads, to tell a second edit of a day. */
  objectReads: number;
  changes: Record<FeedKind, number>;
}

export interface ChangePoller {
  /** Until when an entry may be served though past its max-age (epoch ms); `now` or less: not at all. */
  vouch(entry: CachedResponse, now: number): number;
  /** Healthy (vouching), ms since the last successful read, and whether this instance reads for the fleet. */
  state(): { healthy: boolean; lagMs: number; holder: boolean };
  stats: FeedStats;
  stop(): Promise<void>;
}

/** A change as another instance published it: its time and keys, when it has them, of the bounded shape a read gives. */
function isChange(c: unknown): c is Change {
  if (!Array.isArray(c) || !FEED_KINDS.includes(c[0]) || !Number.isSafeInteger(c[1]) || typeof c[2] !== 'boolean') return false;
  // JSON writes an absent time or keys as null.
  if (c[3] != null && !Number.isSafeInteger(c[3])) return false;
  const keys = c[4];
  return (
    keys == null ||
    (Array.isArray(keys) && keys.length <= MAX_KEYS && keys.every((key) => typeof key === 'string' && key.length <= KEY_CHARS))
  );
}

/** Per-object reads one poll makes at most; the rest wait for the next. */
const MAX_OBJECT_READS = 100;
/** Ids the last read listed, kept to tell a new one: about 80 bytes each. */
const SEEN_BYTES = 8 * 1024 * 1024;

export function startChangePoller(options: ChangePollerOptions): ChangePoller {
  const { reader, intervalMs, logger } = options;
  const started = Date.now();
  const lagBoundMs = 3 * intervalMs;
  const stats: FeedStats = { reads: 0, failures: 0, objectReads: 0, changes: { movie: 0, tv: 0, person: 0 } };
  const me = randomUUID();
  // What the last read listed, by tag: the time from which an edit of it is news.
  const seen = new LRUCache<string, number>({ maxSize: SEEN_BYTES, sizeCalculation: (_v, tag) => tag.length + 64 });
  let cursor: number | undefined;
  // Whether `seen` holds what a read listed (false until the first read, and again after a takeover).
  let known = false;
  let holder = false;
  // Health, as this instance heard it: the last read's outcome, when the last good one came, since when it has no gap.
  let ok = false;
  let lastGood = 0;
  let heardUpTo = started;
  let coveredSince = Number.POSITIVE_INFINITY;
  let reported: 'healthy' | 'failing' | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let pending: Promise<void> = Promise.resolve();

  const healthy = (now: number) => ok && now - lastGood <= lagBoundMs && coveredSince <= now;

  function report(now: number): void {
    const state = healthy(now) ? 'healthy' : 'failing';
    if (state === reported || (state === 'failing' && reported === undefined)) return;
    reported = state;
    if (state === 'healthy') logger.info({ intervalMs }, 'change feeds answering: answers about one object may outlive their max-age');
    else {
      logger.warn({ lagMs: now - lastGood }, 'change feeds failing or late: answers live by their max-age until they answer');
      options.onFailing?.();
    }
  }

  /** Every instance hears every read: its own, and the holder's over the channel. */
  async function heard(read: Read): Promise<void> {
    const now = Date.now();
    ok = read.ok;
    if (read.ok) {
      // The window reached back to what this instance heard last: no edit slipped between two reads.
      if (read.since > heardUpTo) coveredSince = now;
      else if (!Number.isFinite(coveredSince)) coveredSince = Math.min(heardUpTo, now);
      heardUpTo = Math.max(heardUpTo, read.at);
      lastGood = now;
      const changes = read.changes.map(
        ([kind, id, told, at, keys]): ChangeEvent => ({
          kind,
          id,
          told,
          at: at ?? read.at,
          keys: keys ?? undefined,
        }),
      );
      for (const change of changes) stats.changes[change.kind]++;
      if (changes.length > 0) await options.apply(changes);
    }
    report(now);
  }

  function windowOf(since: number, now: number): FeedWindow {
    return { start_date: dayOf(Math.max(since, now - (MAX_WINDOW_DAYS - 1) * DAY_MS)), end_date: dayOf(now) };
  }

  async function read(since: number, now: number): Promise<Read> {
    const window = windowOf(since, now);
    // No read before this one (or the cursor is older than a window): every listed object is suspect.
    const first = !known || since < now - (MAX_WINDOW_DAYS - 1) * DAY_MS;
    const listed = new Map<string, [FeedKind, number]>();
    for (const kind of FEED_KINDS) for (const id of await reader.changedIds(kind, window)) listed.set(tagOf(kind, id), [kind, id]);
    const changes: Read['changes'] = [];
    let objectReads = 0;
    for (const [tag, [kind, id]] of listed) {
      const from = seen.get(tag);
      if (from === undefined) {
        changes.push([kind, id, !first]);
        // Edit times are in whole seconds: from the second before this read, an edit is news (a
        // first edit in that second may come back once as a second one: one more drop, never a miss).
        seen.set(tag, Math.floor(now / 1000) * 1000 - 1000);
      } else if (options.holds(tag) && objectReads < MAX_OBJECT_READS) {
        objectReads++;
        const latest = await reader.latestChange(kind, id, window, from);
        if (latest.at > from) {
          changes.push([kind, id, true, latest.at, latest.keys]);
          seen.set(tag, latest.at);
        }
      }
    }
    stats.objectReads += objectReads;
    known = true;
    // An id the window no longer lists is news again when it comes back.
    for (const tag of [...seen.keys()]) if (!listed.has(tag)) seen.delete(tag);
    return { ok: true, since, at: now, changes };
  }

  /** The holder's (or a lone instance's) turn: read from the cursor on, then let every instance hear it. */
  async function poll(channel?: FleetChannel): Promise<void> {
    const now = Date.now();
    if (channel && !holder) {
      // Taking over: read on from where the last holder ended, with nothing seen.
      const stored = Number(await channel.read());
      cursor = Number.isFinite(stored) && stored > 0 ? stored : (cursor ?? started);
      seen.clear();
      known = false;
    }
    holder = true;
    const since = cursor ?? started;
    let result: Read;
    try {
      result = await read(since, now);
      stats.reads++;
      cursor = now;
      await channel?.write(String(now), MAX_WINDOW_DAYS * DAY_MS);
    } catch (error) {
      stats.failures++;
      logger.debug({ err: error }, 'change feeds read failed');
      result = { ok: false, since, at: now, changes: [] };
    }
    await heard(result);
    await channel?.publish(JSON.stringify({ from: me, ...result }));
  }

  const channel = options.fleet?.open((message) => {
    try {
      const parsed = JSON.parse(message) as Read & { from?: string };
      if (parsed.from === me || typeof parsed.since !== 'number' || typeof parsed.at !== 'number') return;
      const changes = Array.isArray(parsed.changes) ? parsed.changes.filter(isChange) : [];
      pending = pending.then(() => heard({ ok: parsed.ok === true, since: parsed.since, at: parsed.at, changes }));
    } catch {
      // Not ours to read: another version of the gateway on the same Redis.
    }
  });

  async function tick(): Promise<void> {
    try {
      if (!options.fleet || !channel) await poll();
      else if (await options.fleet.lease.acquire()) await poll(channel);
      else holder = false;
    } catch (error) {
      logger.debug({ err: error }, 'change feeds poll failed');
    }
    report(Date.now());
    if (!stopped) timer = setTimeout(() => void (pending = pending.then(tick)), intervalMs).unref();
  }
  // The first read one interval after start: the caches start empty, there is nothing to drop yet.
  timer = setTimeout(() => void (pending = pending.then(tick)), intervalMs).unref();

  return {
    vouch(entry, now) {
      if (!entry.owner || entry.storedAt === undefined || entry.storedAt < coveredSince || !healthy(now)) return 0;
      return Math.min(entry.storedAt + options.feedMaxAgeMs, now + intervalMs);
    },
    state: () => ({ healthy: healthy(Date.now()), lagMs: lastGood ? Date.now() - lastGood : -1, holder }),
    stats,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pending.catch(() => {});
      if (holder) await options.fleet?.lease.release();
      await channel?.close();
    },
  };
}
