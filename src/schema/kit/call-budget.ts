import { GraphQLError } from 'graphql';
import type { ErrorCode } from '../../common/error-codes.ts';
import { REQUEST } from '../../common/messages.ts';

/**
 * The upstream calls one HTTP request may make: MAX_COST, checked before each call is sent.
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
export interface CallBudget {
  readonly max: number;
  spent: number;
}

/** Keyed by the request object Yoga gives every operation of one HTTP request: only its identity is read. */
const budgets = new WeakMap<object, CallBudget>();

/** The budget of the request an operation came in: made by its first operation, shared by the others. */
export function callBudgetOf(request: object, max: number): CallBudget {
  let budget = budgets.get(request);
  if (!budget) {
    budget = { max, spent: 0 };
    budgets.set(request, budget);
  }
  return budget;
}

/** Takes one call from the budget; when none is left, the error the field that needed it fails with. */
export function spendCall(budget: CallBudget): GraphQLError | undefined {
  if (budget.spent >= budget.max) {
    const code: ErrorCode = 'COST_LIMIT_REACHED';
    return new GraphQLError(REQUEST.callBudgetSpent(budget.max), { extensions: { code, limit: 'cost', max: budget.max } });
  }
  budget.spent++;
  return undefined;
}
