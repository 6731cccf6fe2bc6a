/**
 * A count per client over a window (APQ registrations per client an hour), in a table of
 * bounded size. Our own, not lru-cache or a rate limiter's memory store: what matters is which
 * client is forgotten when the table is full, and neither lets us choose.
 *
 * When a new client finds the table full, the entries whose window has passed go first, then
 * the one with the lowest count (the oldest among equals). An attacker who has used its whole
 * quota is therefore forgotten only once every other entry has used as much: by the time it
 * could start again, its other addresses have already registered `maxClients × max` documents,
 * far more than a fresh quota would give. A plain least-recently-used table forgot it after
 * `maxClients` requests from other addresses, one registration each. Clients with small counts
 * may be forgotten early and start again; that gives them at most their quota once more.
 */
export interface ClientQuota {
  /** Counts one for the client and says yes, or says no when it has reached the bound. */
  take(client: string): boolean;
  /** Gives one back (the registration turned out not to be new, or failed). */
  giveBack(client: string): void;
}

export interface ClientQuotaOptions {
  /** What one client may take per window. */
  max: number;
  windowMs: number;
  /** Clients the table holds at most. */
  maxClients: number;
  now?: () => number;
}

interface Entry {
  count: number;
  /** When its window began. */
  since: number;
}

export function createClientQuota({ max, windowMs, maxClients, now = Date.now }: ClientQuotaOptions): ClientQuota {
  const entries = new Map<string, Entry>();

  /** Room for one more: the passed windows go first, then the lowest count. */
  function makeRoom(at: number) {
    for (const [client, entry] of entries) if (at - entry.since >= windowMs) entries.delete(client);
    if (entries.size < maxClients) return;
    let lowest: string | undefined;
    let lowestCount = Infinity;
    for (const [client, entry] of entries) {
      if (entry.count < lowestCount) {
        lowest = client;
        lowestCount = entry.count;
      }
    }
    if (lowest !== undefined) entries.delete(lowest);
  }

  return {
    take(client) {
      if (max <= 0) return false;
      const at = now();
      let entry = entries.get(client);
      if (entry && at - entry.since >= windowMs) {
        entry.count = 0;
        entry.since = at;
      }
      if (!entry) {
        if (entries.size >= maxClients) makeRoom(at);
        entry = { count: 0, since: at };
        entries.set(client, entry);
      }
      if (entry.count >= max) return false;
      entry.count++;
      return true;
    },
    giveBack(client) {
      const entry = entries.get(client);
      if (entry && entry.count > 0) entry.count--;
    },
  };
}
