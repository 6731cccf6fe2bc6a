/**
 * Freezing the shared catalog content (data/catalog.ts), so that a route or a test writing into
 * it throws where it writes instead of leaking into every catalog started later in the process.
 * Maps cannot be frozen; their values are.
 */
export function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  if (value instanceof Map) {
    for (const entry of value.values()) deepFreeze(entry, seen);
    return value;
  }
  for (const entry of Object.values(value)) deepFreeze(entry, seen);
  return Object.freeze(value);
}
