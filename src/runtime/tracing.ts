import type { Tracer } from '@opentelemetry/api';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry tracing, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter reads the
 * standard OTEL_* variables itself): a span per GraphQL operation, continuing the caller's
 * `traceparent`, and a client span per upstream exchange under it, with the trace context sent
 * upstream (W3C trace context). Off, nothing of it runs: no plugin, no span objects. The
 * operation span is a Yoga plugin: src/graphql/operation-spans.ts.
 */

const NAME = 'media-catalog-gateway';

export interface Tracing {
  tracer: Tracer;
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
  return { tracer, shutdown: () => provider.shutdown() };
}

export function tracingFromEnv(env: Record<string, string | undefined> = process.env): Promise<Tracing | undefined> {
  return env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? startTracing() : Promise.resolve(undefined);
}
