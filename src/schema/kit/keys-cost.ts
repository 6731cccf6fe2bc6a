import * as valid from './validate.ts';

/** The most keys one batch root (`movies(ids:)`, `_entities(representations:)`) takes. */
export const MAX_KEYS = 500;

/**
 * The cost of a field that makes one object per key, and the bound on their number. The bound is
 * checked by the cost estimate itself: the estimate runs before any resolver, so an over-long
 * list is refused for its length (naming the argument), not for its cost. Each object costs its
 * own upstream call, and everything selected inside counts once per object.
 */
export function keysCost(argument: string, args: Record<string, unknown>) {
  const keys = args[argument];
  const count = Array.isArray(keys) ? keys.length : 0;
  if (count > MAX_KEYS) throw valid.badInput(argument, `must list at most ${MAX_KEYS} keys, got ${count}.`);
  return { field: count, multiplier: count };
}
