import { getOperationAST } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { RequestState } from '../common/request-state.ts';

/** One log line per executed operation: its name, duration and error codes; never its variables. */
export function useRequestLog(logger: Logger): Plugin {
  return {
    onExecute: ({ args }) => {
      const started = performance.now();
      const operation = getOperationAST(args.document, args.operationName)?.name?.value ?? 'anonymous';
      const server = args.contextValue as Partial<RequestState>;
      // Read back by the HTTP front, so that a later cache hit logs the same name.
      server.operations?.push(operation);
      const requestId = server.requestId;
      return {
        onExecuteDone: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => {
            const errors = (result.errors ?? []).map((error) => error.extensions?.code ?? 'UNCODED');
            const ms = Math.round(performance.now() - started);
            // Written once the answer has gone out: the line's formatting is off the request's path.
            setImmediate(() => logger.info({ requestId, operation, ms, errors }, 'graphql operation'));
          }),
      };
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
