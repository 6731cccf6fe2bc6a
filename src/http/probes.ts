import { createHash, timingSafeEqual } from 'node:crypto';
import { FRONT } from '../common/messages.ts';

/**
 * What a load balancer and an orchestrator ask of an instance: `/health` (the process serves),
 * `/readiness` (the upstream answers with the configured credential, checked at most once per
 * interval however often probes come), and `/metrics`. Served by the HTTP front before Yoga.
 */

export interface ProbeAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * The upstream check, run at most once per `intervalMs`: probes in between get the last outcome,
 * and probes during a check share it, so 30 probes in 3 s cause at most 3 upstream calls with
 * the default 1 s.
 */
export function throttledReadiness(check: () => Promise<Readiness>, intervalMs = 1_000): () => Promise<Readiness> {
  let last: { at: number; outcome: Readiness } | undefined;
  let running: Promise<Readiness> | undefined;
  return () => {
    if (last && Date.now() - last.at < intervalMs) return Promise.resolve(last.outcome);
    running ??= check()
      .catch((): Readiness => ({ ready: false, reason: 'the readiness check failed' }))
      .then((outcome) => {
        last = { at: Date.now(), outcome };
        running = undefined;
        return outcome;
      });
    return running;
  };
}

export interface ProbeOptions {
  readiness: () => Promise<Readiness>;
  draining: () => boolean;
  metrics?: () => Promise<{ contentType: string; body: string }>;
  /** METRICS_TOKEN: `/metrics` answers only `Authorization: Bearer <it>`; undefined = anyone. */
  metricsToken?: string;
}

/** Whether an Authorization header carries the token, compared in constant time (as digests, so lengths never show). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (sent === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The answer for an operations path, or undefined for any other path. */
export function createProbes(options: ProbeOptions) {
  return async (pathname: string, method: string, authorization?: string): Promise<ProbeAnswer | undefined> => {
    if (pathname !== '/health' && pathname !== '/readiness' && pathname !== '/metrics') return undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      return { status: 405, contentType: JSON_TYPE, body: JSON.stringify({ status: 'error', reason: 'use GET' }) };
    }
    if (pathname === '/health') return { status: 200, contentType: JSON_TYPE, body: '{"status":"ok"}' };
    if (pathname === '/metrics') {
      if (!options.metrics) return undefined;
      if (options.metricsToken !== undefined && !bearerMatches(authorization, options.metricsToken)) {
        const error = { message: FRONT.metricsToken, extensions: { code: 'UNAUTHENTICATED' } };
        return { status: 401, contentType: JSON_TYPE, body: JSON.stringify({ errors: [error] }) };
      }
      const { contentType, body } = await options.metrics();
      return { status: 200, contentType, body };
    }
    // A draining instance takes no new work: out of the balancer first.
    const outcome: Readiness = options.draining() ? { ready: false, reason: 'shutting down' } : await options.readiness();
    return outcome.ready
      ? { status: 200, contentType: JSON_TYPE, body: '{"status":"ready"}' }
      : { status: 503, contentType: JSON_TYPE, body: JSON.stringify({ status: 'unready', reason: outcome.reason }) };
  };
}
