import { afterAll, beforeAll } from 'vitest';
import { type Replayed, type ReplayServer, startReplayServer } from './replay-server.ts';
import { startContractGateway } from './run.ts';

/** A gateway's answer, with the cost it announces. */
export interface Answer {
  data?: Record<string, any>;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  extensions?: { cost?: { estimated: number; upstreamCalls: number } };
}

/**
 * A gateway over the replay upstream for the tests of one file (started before them, closed after):
 * `ask` serves one answer, with `around` the other recordings, and posts one query over HTTP;
 * `calls()` are the upstream calls of that query.
 */
export function replayGateway(around: Replayed[]) {
  let server: ReplayServer;
  let gateway: Awaited<ReturnType<typeof startContractGateway>>;

  beforeAll(async () => {
    server = await startReplayServer();
    gateway = await startContractGateway(server.baseUrl);
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  return {
    async ask(answer: Replayed, query: string): Promise<Answer> {
      server.replay(answer, around);
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as Answer;
    },
    calls: () => server.calls,
  };
}
