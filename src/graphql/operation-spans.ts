import { context, propagation, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { getOperationAST } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import { shownOperationName } from '../runtime/metrics.ts';

/**
 * The operation span of OpenTelemetry tracing (src/runtime/tracing.ts starts the tracer), with
 * the resolvers (and so the upstream calls) inside its context.
 */
export function operationSpans(tracer: Tracer): Plugin {
  return {
    onExecute: ({ args, executeFn, setExecuteFn }) => {
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? 'query';
      const name = shownOperationName(operation?.name?.value);
      const request = (args.contextValue as { request?: Request }).request;
      const parent = request ? propagation.extract(context.active(), request.headers, HEADER_GETTER) : context.active();
      const span = tracer.startSpan(
        `${type} ${name}`,
        { kind: SpanKind.SERVER, attributes: { 'graphql.operation.type': type, 'graphql.operation.name': name } },
        parent,
      );
      const active = trace.setSpan(parent, span);
      setExecuteFn((execution) => context.with(active, () => executeFn(execution)));
      return {
        onExecuteDone: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => {
            endWithErrors(span, result.errors);
          }),
      };
    },
  };
}

function endWithErrors(span: Span, errors: ReadonlyArray<{ extensions?: Record<string, unknown> }> | undefined) {
  if (errors?.length) {
    const codes = [...new Set(errors.map((error) => String(error.extensions?.code ?? 'UNCODED')))];
    span.setAttribute('graphql.error.codes', codes);
    span.setStatus({ code: SpanStatusCode.ERROR, message: codes.join(',') });
  }
  span.end();
}

const HEADER_GETTER = {
  keys: (headers: Headers) => [...headers.keys()],
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
};
