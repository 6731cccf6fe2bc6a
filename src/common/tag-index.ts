import { LRUCache } from 'lru-cache';

/**
 * Which cache keys hold answers that carried a tag (`movie:550`): how a cache finds what to drop
 * when the change feeds list an object. Bounded in bytes: the tags least recently touched go
 * first, and an entry whose tag was forgotten is then dropped only by its own freshness, as
 * before the feeds. A key listed under a tag whose entry has gone since costs a failed delete.
 */
export interface TagIndex {
  add(key: string, tags: readonly string[]): void;
  /** The keys under these tags, taken out of the index. */
  take(tags: Iterable<string>): Set<string>;
  has(tag: string): boolean;
  /** Bytes held (an estimate: the strings' lengths and a set's bookkeeping). */
  size(): number;
}

/** What a key costs under one tag besides its characters. */
const PER_KEY = 48;
const PER_TAG = 96;

export function createTagIndex(maxBytes: number): TagIndex {
  const tags = new LRUCache<string, Set<string>>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (keys, tag) => PER_TAG + tag.length + keys.size * PER_KEY + (keys.values().next().value?.length ?? 0) * keys.size,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
  });
  return {
    add(key, list) {
      for (const tag of list) {
        const keys = tags.get(tag) ?? new Set<string>();
        if (keys.has(key)) continue;
        keys.add(key);
        // Set again so that the bound counts the new key.
        tags.set(tag, keys);
      }
    },
    take(list) {
      const keys = new Set<string>();
      for (const tag of list) {
        for (const key of tags.get(tag) ?? []) keys.add(key);
        tags.delete(tag);
      }
      return keys;
    },
    has: (tag) => tags.has(tag),
    size: () => tags.calculatedSize,
  };
}
