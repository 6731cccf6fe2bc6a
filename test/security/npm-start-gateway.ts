import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { afterAll, beforeAll } from 'vitest';
import { type StartedProcess, startAsNpmStart } from '../http/gateway-process.ts';

/**
 * For a test file: one embedded catalog and one gateway started as `npm start` starts it (the
 * demo token, silent logs, `env` over them), started before the file's tests and stopped after.
 */
export function npmStartOverCatalog(env: Record<string, string> = {}): {
  readonly catalog: RunningCatalog;
  readonly gateway: StartedProcess;
  readonly url: string;
} {
  const started: { catalog?: RunningCatalog; gateway?: StartedProcess; url?: string } = {};
  beforeAll(async () => {
    started.catalog = await startCatalog();
    const { baseUrl, demoToken } = started.catalog;
    started.gateway = startAsNpmStart({ CATALOG_BASE_URL: baseUrl, CATALOG_ACCESS_TOKEN: demoToken, LOG_LEVEL: 'silent', ...env });
    started.url = await started.gateway.url;
  });
  afterAll(async () => {
    started.gateway?.kill('SIGKILL');
    await started.catalog?.close();
  });
  return {
    get catalog() {
      return started.catalog!;
    },
    get gateway() {
      return started.gateway!;
    },
    get url() {
      return started.url!;
    },
  };
}
