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
  ])('rejects %o with one line naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration: ${variable} `));
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
