import { context, propagation, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { getOperationAST } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';

/**
 * OpenTelemetry tracing, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter reads the
 * standard OTEL_* variables itself): a span per GraphQL operation, continuing the caller's
 * `traceparent`, and a client span per upstream exchange under it, with the trace context sent
 * upstream (W3C trace context). Off, nothing of it runs: no plugin, no span objects.
 */

const NAME = 'media-catalog-gateway';

export interface Tracing {
  tracer: Tracer;
  /** The operation span, with the resolvers (and so the upstream calls) inside its context. */
  plugin: Plugin;
  shutdown(): Promise<void>;
}

/** Tracing through the given exporter (tests pass an in-memory one), or from the environment. */
export async function startTracing(options: { exporter?: SpanExporter; processor?: SpanProcessor } = {}): Promise<Tracing> {
  // Loaded only here: imported at start, the SDK and its exporter held about 3 MB of heap in
  // every gateway that never traces.
  const [{ OTLPTraceExporter }, { resourceFromAttributes }, { BatchSpanProcessor, NodeTracerProvider }] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const processor = options.processor ?? new BatchSpanProcessor(options.exporter ?? new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ 'service.name': NAME }), spanProcessors: [processor] });
  // Global: the AsyncLocalStorage context manager and the W3C propagator come with it.
  provider.register();
  const tracer = provider.getTracer(NAME);
  return { tracer, plugin: operationSpans(tracer), shutdown: () => provider.shutdown() };
}

export function tracingFromEnv(env: Record<string, string | undefined> = process.env): Promise<Tracing | undefined> {
  return env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? startTracing() : Promise.resolve(undefined);
}

function operationSpans(tracer: Tracer): Plugin {
  return {
    onExecute: ({ args, executeFn, setExecuteFn }) => {
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? 'query';
      const name = operation?.name?.value ?? 'anonymous';
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
