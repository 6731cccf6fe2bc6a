import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { configurationDoc } from '../codegen/configuration-doc.ts';
import { ConfigError, loadConfig } from '../src/runtime/config.ts';
import { settingGroups } from '../src/runtime/config/load.ts';

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
    [{ CATALOG_BASE_URL: 'https://example.com/3?' }, 'CATALOG_BASE_URL'],
    [{ CATALOG_BASE_URL: 'https://example.com/3#' }, 'CATALOG_BASE_URL'],
    [{ UPSTREAM_TIMEOUT_MS: '5' }, 'UPSTREAM_TIMEOUT_MS'],
    [{ GRAPHIQL: 'maybe' }, 'GRAPHIQL'],
    [{ PERSISTED_OPERATIONS_ONLY: 'true' }, 'PERSISTED_OPERATIONS_ONLY'],
    [{ APQ_MAX_BYTES: '10' }, 'APQ_MAX_BYTES'],
    [{ CACHE_CONTROL_MAX_AGE_MS: '-1' }, 'CACHE_CONTROL_MAX_AGE_MS'],
    [{ COMPRESSION_MIN_BYTES: 'big' }, 'COMPRESSION_MIN_BYTES'],
    [{ COMPRESSION_ENABLED: 'perhaps' }, 'COMPRESSION_ENABLED'],
    [{ SUBGRAPH_PREFIX: 'catalog' }, 'SUBGRAPH_PREFIX'],
    [{ SUBGRAPH_PREFIX: 'Catalog_' }, 'SUBGRAPH_PREFIX'],
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

describe('every wrong variable at once', () => {
  it('names three wrong variables in three lines, in the order of the doc', () => {
    const env = { MAX_DEPTH: '0', PORT: 'abc', GRAPHIQL: 'maybe' };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message.split('\n')).toEqual([
      'Invalid configuration: PORT must be an integer, got "abc"',
      'Invalid configuration: GRAPHIQL must be true or false, got "maybe"',
      'Invalid configuration: MAX_DEPTH must be between 1 and 100, got 0',
    ]);
    expect((error as ConfigError).problems.map((p) => p.variable)).toEqual(['PORT', 'GRAPHIQL', 'MAX_DEPTH']);
  });

  it('checks the rules across settings alongside the other problems', () => {
    // A bad switch or word fails hard in zod, and must not hide the rules' lines.
    expect(() => loadConfig({ PORT: '-1', GRAPHIQL: 'maybe', LOG_LEVEL: 'loud', PERSISTED_OPERATIONS_ONLY: 'true' })).toThrowError(
      /^Invalid configuration: PORT .*\n.*LOG_LEVEL .*\n.*GRAPHIQL .*\nInvalid configuration: PERSISTED_OPERATIONS_ONLY needs PERSISTED_OPERATIONS_FILE[^\n]*$/,
    );
  });

  it('keeps the one-problem ConfigError that other start-up checks throw', () => {
    const error = new ConfigError('PERSISTED_OPERATIONS_FILE', 'must hold a JSON object of id → document');
    expect(error.message).toBe('Invalid configuration: PERSISTED_OPERATIONS_FILE must hold a JSON object of id → document');
    expect(error.variable).toBe('PERSISTED_OPERATIONS_FILE');
  });
});

describe('bounds', () => {
  // Today's bounds, written out: a change to one is a decision, not a slip.
  it.each([
    ['PORT', 0, 65535],
    ['WORKERS', 1, 64],
    ['UPSTREAM_MAX_BODY_BYTES', 1024, 1024 ** 3],
    ['UPSTREAM_TIMEOUT_MS', 100, 120_000],
    ['REQUEST_DEADLINE_MS', 100, 300_000],
    ['UPSTREAM_MAX_CONNECTIONS', 1, 1024],
    ['CACHE_MAX_BYTES', 1024, 2 ** 40],
    ['RESPONSE_CACHE_MAX_BYTES', 1024, 2 ** 40],
    ['RESPONSE_CACHE_MAX_TTL_MS', 1, 86_400_000],
    ['CIRCUIT_BREAKER_THRESHOLD', 1, 1_000],
    ['CIRCUIT_BREAKER_COOLDOWN_MS', 10, 600_000],
    ['MAX_DEPTH', 1, 100],
    ['MAX_ALIASES', 0, 1_000],
    ['MAX_DIRECTIVES', 0, 1_000],
    ['MAX_TOKENS', 10, 1_000_000],
    ['MAX_COST', 1, 1_000_000],
    ['MAX_BODY_BYTES', 100, 100_000_000],
    ['MAX_BATCH', 1, 100],
    ['HTTP_REQUEST_TIMEOUT_MS', 100, 600_000],
    ['HTTP_HEADERS_TIMEOUT_MS', 100, 600_000],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', 100, 600_000],
    ['SHUTDOWN_TIMEOUT_MS', 0, 600_000],
    ['UPSTREAM_RATE_LIMIT', 0, 100_000],
    ['UPSTREAM_MAX_PAUSE_MS', 0, 3_600_000],
    ['APQ_MAX_PER_CLIENT', 0, 1_000_000],
    ['GRAPHIQL_MAX_CONCURRENT', 1, 1_000],
    ['GRAPHIQL_WRITE_TIMEOUT_MS', 100, 600_000],
    ['APQ_MAX_BYTES', 1024, 2 ** 40],
    ['CACHE_CONTROL_MAX_AGE_MS', 0, 31_536_000_000],
    ['COMPRESSION_MIN_BYTES', 0, 2 ** 30],
  ])('%s accepts %i to %i and nothing outside', (name, min, max) => {
    expect(() => loadConfig({ [name]: String(min) })).not.toThrow();
    expect(() => loadConfig({ [name]: String(max) })).not.toThrow();
    const outside = `Invalid configuration: ${name} must be between ${min} and ${max}, got ${max + 1}`;
    expect(() => loadConfig({ [name]: String(max + 1) })).toThrowError(outside);
    if (min > 0) expect(() => loadConfig({ [name]: String(min - 1) })).toThrowError(`got ${min - 1}`);
  });

  it('lowers the headers timeout to the request timeout', () => {
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_HEADERS_TIMEOUT_MS: '5000' }).http.headersTimeoutMs).toBe(2000);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('reads addresses, CIDR ranges and proxy-addr’s names; unset, none', () => {
    expect(loadConfig({}).http.trustedProxies).toBeUndefined();
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, 2001:db8::/32 ,127.0.0.1,loopback' }).http.trustedProxies).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '127.0.0.1',
      'loopback',
    ]);
  });

  it('refuses anything else, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'proxy.example.com', '10.0.0.1,,10.0.0.2']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrowError(
        /^Invalid configuration: TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges/,
      );
    }
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.1, nope' })).toThrowError('got "nope"');
  });
});

describe('SUBGRAPH_PREFIX', () => {
  it('reads a type-name prefix; unset, none', () => {
    expect(loadConfig({}).subgraphPrefix).toBeUndefined();
    expect(loadConfig({ SUBGRAPH_PREFIX: ' Catalog2 ' }).subgraphPrefix).toBe('Catalog2');
  });
});

describe('NODE_ENV=production', () => {
  const upstream = { NODE_ENV: 'production', CATALOG_BASE_URL: 'https://api.themoviedb.org/3' };

  it('refuses a start without CATALOG_BASE_URL in one line naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(
      /^Invalid configuration: CATALOG_BASE_URL must be set when NODE_ENV=production[^\n]*CATALOG_EMBEDDED=true[^\n]*$/,
    );
  });

  it('starts the embedded catalog only when CATALOG_EMBEDDED=true asks for it', () => {
    expect(loadConfig({ NODE_ENV: 'production', CATALOG_EMBEDDED: 'true' })).toMatchObject({
      catalogBaseUrl: undefined,
      catalogEmbedded: true,
    });
    expect(loadConfig({}).catalogEmbedded).toBe(false);
    expect(() => loadConfig({ CATALOG_EMBEDDED: 'sure' })).toThrowError(/^Invalid configuration: CATALOG_EMBEDDED must be true or false/);
  });

  it('names the missing upstream alongside the other problems', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', PORT: 'x', INTROSPECTION: 'maybe' });
      } catch (caught) {
        return caught as ConfigError;
      }
    })();
    expect(error?.problems.map((p) => p.variable)).toEqual(['PORT', 'INTROSPECTION', 'CATALOG_BASE_URL']);
  });

  it('turns GraphiQL and introspection off and runs a worker per core, unless told otherwise', () => {
    expect(loadConfig(upstream)).toMatchObject({ graphiql: false, introspection: false, workers: availableParallelism() });
    expect(loadConfig({})).toMatchObject({ graphiql: true, introspection: true, workers: 1 });
    expect(loadConfig({ ...upstream, GRAPHIQL: 'on', INTROSPECTION: '1', WORKERS: '3' })).toMatchObject({
      graphiql: true,
      introspection: true,
      workers: 3,
    });
  });

  it('turns the changes subscription off until CHANGES_SUBSCRIPTIONS_MAX turns it on', () => {
    expect(loadConfig(upstream).changes).toMatchObject({ subscriptionsMax: 0, subscriptionsPerClient: 4 });
    expect(loadConfig({}).changes.subscriptionsMax).toBe(1_000);
    expect(loadConfig({ ...upstream, CHANGES_SUBSCRIPTIONS_MAX: '50' }).changes.subscriptionsMax).toBe(50);
  });
});

describe('secrets', () => {
  it.each([
    ['CATALOG_ACCESS_TOKEN', 'sec ret-value'],
    ['SUBGRAPH_TOKEN', 'sub grap\u00e9h-value'],
    ['METRICS_TOKEN', 'met rics-value'],
    ['REDIS_URL', 'https://user:pass-value@redis.internal:6379'],
  ])('never echoes %s in its error', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(new RegExp(`^Invalid configuration: ${name} `));
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).not.toMatch(/value/);
    }
  });
});

describe('docs/configuration.md', () => {
  it('lists each variable once', () => {
    const names = settingGroups.flatMap((group) => Object.keys(group.settings));
    expect(names.length).toBe(new Set(names).size);
  });

  it('is the one generated from the declarations (run `npm run codegen` after a change to a setting)', () => {
    const committed = readFileSync(new URL('../docs/configuration.md', import.meta.url), 'utf8');
    expect(committed).toBe(configurationDoc());
  });
});
