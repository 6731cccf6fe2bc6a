/**
 * Seeded randomness for the generated catalog.
 * Every generator takes its own stream, seeded from a label, so adding or changing one
 * generator never reshuffles the data of another.
 */

const BASE62_CODES = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'].map((c) => c.charCodeAt(0));

/** mulberry32: tiny, fast and good enough for test data. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a label, used as a seed. */
export function seedFromLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** `items[index]`, for an index known to be in range: one outside the list is a bug, thrown as such rather than read as undefined. */
export function pick<T>(items: readonly T[], index: number): T {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new RangeError(`index ${index} is outside a list of ${items.length}`);
  }
  return items[index] as T;
}

/** The last item of a list that cannot be empty. */
export function lastOf<T>(items: readonly T[]): T {
  return pick(items, items.length - 1);
}

export class Random {
  private readonly next: () => number;

  constructor(label: string) {
    this.next = mulberry32(seedFromLabel(`media-catalog:${label}`));
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max) rounded to `decimals` places. */
  decimal(min: number, max: number, decimals: number): number {
    const factor = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * factor) / factor;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return pick(items, Math.floor(this.next() * items.length));
  }

  /** `count` distinct items (fewer if the list is shorter), in random order. */
  pickSome<T>(items: readonly T[], count: number): T[] {
    const wanted = Math.min(count, items.length);
    const chosen = new Set<number>();
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].map((index) => pick(items, index));
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [pick(copy, j), pick(copy, i)];
    }
    return copy;
  }

  /** Lower-case hex, e.g. the 24-character ids of reviews and credits. Built 8 digits per draw: ids are many. */
  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  }

  /**
   * An id like the real service's (a MongoDB ObjectId): 8 hex digits of the creation second,
   * then 16 random ones. Times before 1970 cannot be encoded and count as 1970.
   */
  objectId(ms: number): string {
    return (
      Math.max(0, Math.floor(ms / 1000))
        .toString(16)
        .padStart(8, '0') + this.hex(16)
    );
  }

  /** Mixed-case alphanumerics, e.g. YouTube-like video keys. */
  alphanumeric(length: number): string {
    const codes = new Array<number>(length);
    for (let i = 0; i < length; i++) codes[i] = pick(BASE62_CODES, Math.floor(this.next() * 62));
    return String.fromCharCode(...codes);
  }

  /** An image file path like the real service's: "/" + 27 characters + extension. */
  imagePath(extension: '.jpg' | '.png' = '.jpg'): string {
    return `/${this.alphanumeric(27)}${extension}`;
  }

  /** Ids that look like the real service's: increasing, with gaps, never contiguous. */
  sparseIds(count: number, start: number, maxGap: number): number[] {
    const ids: number[] = [];
    let id = start;
    for (let i = 0; i < count; i++) {
      id += this.int(1, maxGap);
      ids.push(id);
    }
    return ids;
  }
}
