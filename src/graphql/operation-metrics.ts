import { getOperationAST } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import type { Metrics } from '../runtime/metrics.ts';

/*
 * One hook pair per operation. Not @graphql-yoga/plugin-prometheus: with every metric but this
 * one off, its hooks on every phase still cost about a fifth of the execution path's req/s
 * (bench/profile/execution.ts, 0.66 against 0.42-0.56 of bare Yoga in the same runs).
 * The registry and its bounded labels are src/runtime/metrics.ts's; this plugin only tells it.
 */
export function operationMetrics(metrics: Metrics): Plugin {
  return {
    onExecute: ({ args }) => {
      const started = performance.now();
      const operation = getOperationAST(args.document, args.operationName);
      const labels = metrics.operationLabels(operation?.name?.value, operation?.operation);
      return {
        onExecuteDone: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => {
            metrics.operationDone(labels, (performance.now() - started) / 1000);
            for (const error of result.errors ?? []) metrics.graphqlError(String(error.extensions?.code ?? 'UNCODED'));
          }),
      };
    },
    // Parse and validation errors never reach execution.
    onResultProcess: ({ result }) => {
      for (const one of Array.isArray(result) ? result : [result]) {
        if (Symbol.asyncIterator in one || 'data' in one) continue;
        for (const error of one.errors ?? []) metrics.graphqlError(String(error.extensions?.code ?? 'UNCODED'));
      }
    },
  };
}
