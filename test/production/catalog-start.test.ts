import { createServer } from 'node:http';
import { DEMO_TOKEN, startCatalog } from '@media-catalog/catalog';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { listen, postQuery } from '../helpers.ts';
import { startProcess } from '../http/gateway-process.ts';

/**
 * Production never serves the embedded (fake) catalog by accident: a production start without
 * CATALOG_BASE_URL stops with one line, unless CATALOG_EMBEDDED=true asks for the fake by name.
 * Real processes from source with NODE_ENV=production (test/http/gateway-process.ts); the compiled
 * build on a production install is test/production/build.test.ts.
 */

const REFUSAL =
  'Invalid configuration: CATALOG_BASE_URL must be set when NODE_ENV=production, or the embedded catalog would serve invented data; CATALOG_EMBEDDED=true asks for it on purpose';

describe('the rule, as loadConfig reads it', () => {
  it('refuses production without CATALOG_BASE_URL, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(REFUSAL);
    expect(() => loadConfig({ NODE_ENV: 'production', CATALOG_BASE_URL: ' ' })).toThrow(REFUSAL);
  });

  it('allows the embedded catalog outside production, or in production when asked for', () => {
    expect(loadConfig({}).catalogBaseUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', CATALOG_EMBEDDED: 'true' }).catalogBaseUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', CATALOG_BASE_URL: 'https://api.example.com/3' }).catalogBaseUrl).toBe(
      'https://api.example.com/3',
    );
  });

  it('checks CATALOG_EMBEDDED on every start, production or not', () => {
    expect(() => loadConfig({ CATALOG_EMBEDDED: 'maybe' })).toThrow('Invalid configuration: CATALOG_EMBEDDED must be true or false');
  });
});

describe('a production start from source', () => {
  it('without CATALOG_BASE_URL refuses with one line and exit code 1', async () => {
    const { code, stdout, stderr } = await startProcess({ CATALOG_BASE_URL: '' }).exit;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([REFUSAL]);
    expect(stdout).toBe('');
  });

  it('with CATALOG_EMBEDDED=true starts the embedded catalog and answers from it', async () => {
    const gateway = startProcess({ CATALOG_BASE_URL: '', CATALOG_EMBEDDED: 'true' });
    try {
      const url = await gateway.url;
      const { body } = await postQuery<{ movieGenres: unknown[] }>(url, '{ movieGenres { name } }');
      expect(body.data?.movieGenres.length).toBeGreaterThan(0);
      expect((await fetch(url.replace(/\/graphql$/, '/readiness'))).status).toBe(200);
    } finally {
      gateway.kill('SIGTERM');
    }
    const { code, stdout } = await gateway.exit;
    expect(code).toBe(0);
    expect(stdout).toMatch(/^CATALOG_BASE_URL is not set: using the embedded catalog at http:\/\/127\.0\.0\.1:\d+\/3/);
  }, 90_000);

  it('/readiness is 503 until the upstream has answered, then 200', async () => {
    // A port nothing listens on yet; the catalog takes it once the gateway has been asked.
    const holder = createServer();
    const port = await listen(holder);
    await new Promise((resolve) => holder.close(resolve));
    const gateway = startProcess({ CATALOG_BASE_URL: `http://127.0.0.1:${port}/3`, CATALOG_ACCESS_TOKEN: DEMO_TOKEN });
    const catalog = { close: async () => {} };
    try {
      const readiness = (await gateway.url).replace(/\/graphql$/, '/readiness');
      const before = await fetch(readiness);
      expect(before.status).toBe(503);
      expect(await before.json()).toEqual({ status: 'unready', reason: 'the upstream is unreachable or failing' });
      catalog.close = (await startCatalog({ port })).close;
      // One check per second at most (src/http/probes.ts): the next one sees the upstream answer.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const after = await fetch(readiness);
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ status: 'ready' });
    } finally {
      gateway.kill('SIGTERM');
      await gateway.exit;
      await catalog.close();
    }
  }, 90_000);
});
