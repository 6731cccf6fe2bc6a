import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, host: '0.0.0.0', catalogBaseUrl: undefined, catalogAccessToken: undefined });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      CATALOG_BASE_URL: 'https://api.themoviedb.org/3/',
      CATALOG_ACCESS_TOKEN: 'secret-token',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      catalogBaseUrl: 'https://api.themoviedb.org/3',
      catalogAccessToken: 'secret-token',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ CATALOG_BASE_URL: 'not a url' }, 'CATALOG_BASE_URL'],
    [{ CATALOG_BASE_URL: 'ftp://example.com/3' }, 'CATALOG_BASE_URL'],
    [{ CATALOG_BASE_URL: 'https://example.com/3?api_key=x' }, 'CATALOG_BASE_URL'],
    [{ UPSTREAM_TIMEOUT_MS: '5' }, 'UPSTREAM_TIMEOUT_MS'],
    [{ GRAPHIQL: 'maybe' }, 'GRAPHIQL'],
    [{ PERSISTED_OPERATIONS_ONLY: 'true' }, 'PERSISTED_OPERATIONS_ONLY'],
    [{ APQ_MAX_BYTES: '10' }, 'APQ_MAX_BYTES'],
    [{ CACHE_CONTROL_MAX_AGE_MS: '-1' }, 'CACHE_CONTROL_MAX_AGE_MS'],
    [{ COMPRESSION_MIN_BYTES: 'big' }, 'COMPRESSION_MIN_BYTES'],
    [{ COMPRESSION_ENABLED: 'perhaps' }, 'COMPRESSION_ENABLED'],
  ])('rejects %o with one line naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('reads the delivery settings', () => {
    expect(loadConfig({}).delivery).toEqual({ apqMaxBytes: 4 * 1024 * 1024, maxAgeMs: 3_600_000, compressionMinBytes: 1024 });
    const config = loadConfig({
      APQ_ENABLED: 'false',
      CACHE_CONTROL_MAX_AGE_MS: '0',
      COMPRESSION_ENABLED: 'false',
      PERSISTED_OPERATIONS_FILE: 'persisted-documents.json',
      PERSISTED_OPERATIONS_ONLY: 'true',
    });
    expect(config.delivery).toEqual({ apqMaxBytes: 0, maxAgeMs: 0, compressionMinBytes: undefined });
    expect(config).toMatchObject({ persistedOperationsFile: 'persisted-documents.json', persistedOperationsOnly: true });
  });

  it('never echoes the access token in its error', () => {
    expect(() => loadConfig({ CATALOG_ACCESS_TOKEN: 'sec ret' })).toThrowError(/CATALOG_ACCESS_TOKEN/);
    try {
      loadConfig({ CATALOG_ACCESS_TOKEN: 'sec ret' });
    } catch (error) {
      expect((error as Error).message).not.toContain('sec ret');
    }
  });
});
