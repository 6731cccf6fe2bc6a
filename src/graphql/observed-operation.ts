import { getOperationAST } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { ServerContext } from '../common/request-state.ts';
import { type Metrics, shownOperationName } from '../runtime/metrics.ts';

/* Each executed operation, observed: its log line and its metrics; and Yoga's own log lines. */

/** Distinct error codes one log line names at most; the others are counted, not named. */
export const LOGGED_ERROR_CODES = 10;

export interface ErrorSummary {
  /** How many errors the answer holds. */
  errors: number;
  /** Each code with how many errors carry it, the most frequent first, at most LOGGED_ERROR_CODES of them. */
  errorCodes: Record<string, number>;
  /** Distinct codes left out of `errorCodes`, when there were more. */
  errorCodesLeftOut?: number;
}

/**
 * The errors of one answer, as a log line holds them: a count and a bounded table of codes. One
 * request can hold hundreds of errors (500 ids of `movies(ids:)`, one NOT_FOUND each), and a
 * line listing each code made one request write kilobytes of log.
 */
export function summarizeErrors(codes: readonly string[]): ErrorSummary {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const summary: ErrorSummary = { errors: codes.length, errorCodes: Object.fromEntries(ranked.slice(0, LOGGED_ERROR_CODES)) };
  if (ranked.length > LOGGED_ERROR_CODES) summary.errorCodesLeftOut = ranked.length - LOGGED_ERROR_CODES;
  return summary;
}

/**
 * Each executed operation, observed once: one hook pair reads its name and its duration for both
 * its log line and its metrics (either may be left out: gateway-parts.ts). Not
 * @graphql-yoga/plugin-prometheus: with every metric but this one off, its hooks on every phase
 * still cost about a fifth of the execution path's req/s (bench/profile/execution.ts, 0.66
 * against 0.42-0.56 of bare Yoga in the same runs). The registry and its bounded labels are
 * src/runtime/metrics.ts's; this plugin only tells it.
 */
export function useObservedOperation({ logger, metrics }: { logger?: Logger; metrics?: Metrics }): Plugin {
  return {
    onExecute: ({ args }) => {
      const started = performance.now();
      const ast = getOperationAST(args.document, args.operationName);
      const state = (args.contextValue as ServerContext).state;
      // One line per operation: its name (capped as /metrics caps it), duration and errors (a count, and codes counted); never its variables.
      const operation = logger && shownOperationName(ast?.name?.value);
      // Read back by the HTTP front, so that a later cache hit logs the same name.
      if (operation !== undefined) state?.operations.push(operation);
      const labels = metrics?.operationLabels(ast?.name?.value, ast?.operation);
      return {
        onExecuteDone: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => {
            const ms = performance.now() - started;
            const codes = (result.errors ?? []).map((error) => String(error.extensions?.code ?? 'UNCODED'));
            if (metrics && labels) {
              metrics.operationDone(labels, ms / 1000);
              for (const code of codes) metrics.graphqlError(code);
            }
            if (!logger) return;
            const requestId = state?.requestId;
            // Written once the answer has gone out: the line's formatting is off the request's path.
            setImmediate(() => logger.info({ requestId, operation, ms: Math.round(ms), ...summarizeErrors(codes) }, 'graphql operation'));
          }),
      };
    },
    // Parse and validation errors never reach execution.
    onResultProcess: ({ result }) => {
      if (!metrics) return;
      for (const one of Array.isArray(result) ? result : [result]) {
        if (Symbol.asyncIterator in one || 'data' in one) continue;
        for (const error of one.errors ?? []) metrics.graphqlError(String(error.extensions?.code ?? 'UNCODED'));
      }
    },
  };
}

export function yogaLogger(logger: Logger) {
  return {
    debug: (...args: unknown[]) => logger.debug({ yoga: args }),
    info: (...args: unknown[]) => logger.info({ yoga: args }),
    warn: (...args: unknown[]) => logger.warn({ yoga: args }),
    error: (...args: unknown[]) => logger.error({ yoga: args }),
  };
}
