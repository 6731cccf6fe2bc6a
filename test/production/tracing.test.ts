import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../../src/runtime/tracing.ts';
import { startHarness, type Harness } from '../helpers.ts';

/** OpenTelemetry spans, caught by the SDK's in-memory exporter, for queries over real HTTP. */

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let h: Harness;
beforeAll(async () => {
  tracing = await startTracing({ processor: new SimpleSpanProcessor(exporter) });
  h = await startHarness({ config: { appendToResponse: true }, tracing });
});
afterAll(async () => {
  await h.close();
  await tracing.shutdown();
  // The provider registered itself globally; the files run after this one in the worker share it.
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(() => {
  exporter.reset();
  h.catalog.resetCalls();
});

describe('tracing', () => {
  it('makes a span for the operation and one per upstream call under it, and sends the trace upstream', async () => {
    const movies = h.catalog.data.movies.slice(0, 2);
    const { body } = await h.query(
      `query TwoMovies { a: movie(id: ${movies[0]!.id}) { title credits { cast { character } } } b: movie(id: ${movies[1]!.id}) { title } }`,
    );
    expect(body.errors).toBeUndefined();
    const spans = exporter.getFinishedSpans();
    const operation = spans.find((span) => span.kind === SpanKind.SERVER);
    expect(operation?.name).toBe('query TwoMovies');
    expect(operation?.attributes['graphql.operation.name']).toBe('TwoMovies');
    const calls = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(calls.map((span) => span.name).sort()).toEqual(['GET /movie/{id}', 'GET /movie/{id}']);
    for (const call of calls) {
      expect(call.spanContext().traceId).toBe(operation?.spanContext().traceId);
      expect(call.parentSpanContext?.spanId).toBe(operation?.spanContext().spanId);
      expect(call.attributes['http.response.status_code']).toBe(200);
    }
    // The catalog got each call's own span as its parent, in W3C trace context.
    const sent = h.catalog.calls.map((call) => call.traceparent);
    expect(sent.sort()).toEqual(calls.map((span) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`).sort());
  });

  it("continues the caller's trace and marks errors", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await h.query('query Missing { movie(id: 2000000000) { title } }', undefined, {
      traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
    });
    const spans = exporter.getFinishedSpans();
    const operation = spans.find((span) => span.kind === SpanKind.SERVER);
    expect(operation?.spanContext().traceId).toBe(traceId);
    expect(operation?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(operation?.attributes['graphql.error.codes']).toEqual(['NOT_FOUND']);
    const call = spans.find((span) => span.kind === SpanKind.CLIENT);
    expect(call?.attributes['http.response.status_code']).toBe(404);
  });
});
