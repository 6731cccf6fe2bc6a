import { NOT_READY } from '../common/messages.ts';
import { throttledReadiness, type Readiness } from '../http/probes.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { UpstreamError } from '../upstream/answer.ts';

/**
 * Ready when every schema is built and the upstream answers the configured credential. The check
 * bypasses the cache, in-flight sharing and the rate budget (a limit of our own making is not the
 * upstream failing), so it sees the upstream as it is now; without a server token, an upstream
 * that answers at all (a 401 included) is ready, since clients bring their own tokens. At most
 * one check a second, however often probes come.
 */
export function upstreamReadiness(upstream: UpstreamClient, token: string | undefined, timeoutMs: number, built: Promise<void>) {
  return throttledReadiness(async (): Promise<Readiness> => {
    await built;
    try {
      await upstream.send(token ?? 'readiness-probe', { path: ['configuration'], unshared: true, probe: true }, Date.now() + timeoutMs);
      return { ready: true };
    } catch (error) {
      const code = error instanceof UpstreamError ? error.code : undefined;
      if (code === 'UNAUTHENTICATED') return token ? { ready: false, reason: NOT_READY.credentialRejected } : { ready: true };
      // The upstream answered, limiting us: every instance would get the same, and taking them out helps nobody.
      if (code === 'RATE_LIMITED') return { ready: true };
      return { ready: false, reason: code === 'UPSTREAM_TIMEOUT' ? NOT_READY.timeout : NOT_READY.failing };
    }
  });
}
