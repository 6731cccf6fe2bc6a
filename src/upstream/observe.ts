import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Dispatcher } from 'undici';

/**
 * What an upstream exchange shows the outside: a call to the metrics (route template, method,
 * status, duration) and, when tracing is on, a client span under the GraphQL operation's span,
 * its trace context sent upstream in `traceparent`. The route is the template the circuits use
 * (`/movie/{id}`): never an id, a token or a query string.
 */

export interface ExchangeRecord {
  route: string;
  method: string;
  /** HTTP status, or 0 when no answer came (timeout, connection error, oversized body). */
  status: number;
  seconds: number;
}

export type ExchangeObserver = (record: ExchangeRecord) => void;

const tracer = trace.getTracer('media-catalog-gateway');

/**
 * Runs one exchange under observation. `headers` are the outgoing request's, which receive the
 * trace context. Without an observer and without an active trace it only counts in-flight calls.
 */
export async function observed<T extends { status: number }>(
  route: string,
  method: string,
  headers: Record<string, string>,
  observer: ExchangeObserver | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const parent = trace.getSpan(context.active());
  const span = parent
    ? tracer.startSpan(`${method} ${route}`, {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': method, 'url.template': route },
      })
    : undefined;
  if (span) propagation.inject(trace.setSpan(context.active(), span), headers);
  const started = performance.now();
  let status = 0;
  try {
    const result = await run();
    status = result.status;
    return result;
  } finally {
    observer?.({ route, method, status, seconds: (performance.now() - started) / 1000 });
    if (span) {
      span.setAttribute('http.response.status_code', status);
      if (status === 0 || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  }
}

/** Running and queued exchanges of undici's pools (an Agent keeps one pool per origin). */
export function poolLoad(dispatcher: Dispatcher): { running: number; queued: number } {
  const stats = (dispatcher as { stats?: Record<string, { running?: number; pending?: number }> }).stats ?? {};
  let running = 0;
  let queued = 0;
  for (const pool of Object.values(stats)) {
    running += pool.running ?? 0;
    queued += pool.pending ?? 0;
  }
  return { running, queued };
}
