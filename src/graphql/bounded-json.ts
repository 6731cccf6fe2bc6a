/**
 * JSON of a request's value, only when it is short: a client's variables may be 95 KB, or a list
 * nested 45,000 deep, which JSON.stringify alone would copy into a key or overflow the stack on
 * (a RangeError answered 500). The walk stops as soon as the value cannot fit, so it costs at most
 * about `maxChars` steps whatever the value holds.
 */

/** Nesting past which a value is not written: far within the stack, far beyond any real variable. */
const MAX_DEPTH = 1_000;

/** The JSON of `value` when it takes at most `maxChars` characters; undefined when it would take more. */
export function boundedJson(value: unknown, maxChars: number): string | undefined {
  let left = maxChars;
  // Counts at least what each part takes in JSON (a number at least one digit), stopping early.
  const fits = (item: unknown, depth: number): boolean => {
    if (item === null || typeof item !== 'object') {
      left -= typeof item === 'string' ? item.length + 2 : 1;
      return left >= 0;
    }
    if (depth >= MAX_DEPTH) return false;
    left -= 2;
    if (Array.isArray(item)) {
      for (const one of item) {
        left -= 1;
        if (left < 0 || !fits(one, depth + 1)) return false;
      }
    } else {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        left -= key.length + 4;
        if (left < 0 || !fits((item as Record<string, unknown>)[key], depth + 1)) return false;
      }
    }
    return left >= 0;
  };
  if (!fits(value, 0)) return undefined;
  const json = JSON.stringify(value);
  return json !== undefined && json.length <= maxChars ? json : undefined;
}
