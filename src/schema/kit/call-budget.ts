import type { CallAllowance } from '../../upstream/request.ts';

/*
 * The upstream calls one HTTP request may make: MAX_COST, checked by the upstream client before
 * each call is sent (CallScope.allowance; a call past it fails with CallBudgetSpentError).
 *
 * The estimate (builder.ts) cannot know how long a list is before the catalog sends it: a
 * series' aggregate cast is 514 people on Game of Thrones, and a birthday per person is a call
 * each. So the bound is also kept at run time, where the length is known: a call past it is
 * refused, unsent, and only the field that needed it fails.
 *
 * Yoga builds one context per operation of a batched request, all from the same Request; the
 * budget is kept per Request, so the operations of a batch share it (ten operations may not
 * spend ten times MAX_COST). It is the one counter the operations share, on purpose.
 */

/** Keyed by the request object Yoga gives every operation of one HTTP request: only its identity is read. */
const budgets = new WeakMap<object, CallAllowance>();

/** The budget of the request an operation came in: made by its first operation, shared by the others. */
export function callBudgetOf(request: object, max: number): CallAllowance {
  let budget = budgets.get(request);
  if (!budget) {
    budget = { max, spent: 0 };
    budgets.set(request, budget);
  }
  return budget;
}
