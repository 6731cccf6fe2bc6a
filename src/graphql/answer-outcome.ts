import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { RequestState } from '../common/request-state.ts';

/**
 * Tells the front whether an answer may be kept: Yoga hands every result here before
 * serialising it (request, validation and execution errors alike), so the cache never has to
 * parse the bytes again to find out.
 */
export const useAnswerOutcome: Plugin<Record<string, unknown>, Partial<RequestState>> = {
  onResultProcess: ({ result, serverContext }) => {
    const results = Array.isArray(result) ? result : [result];
    if (!serverContext.outcome) return;
    serverContext.outcome.clean = results.every((one) => !(Symbol.asyncIterator in one) && !(one as ExecutionResult).errors?.length);
  },
};
