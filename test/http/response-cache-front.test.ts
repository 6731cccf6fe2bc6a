import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseCache } from '../../src/http/response-cache.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { startHarness, type Harness } from '../helpers.ts';

/** The whole-response cache sits in front of Yoga: its hits must get everything a miss gets. */
let h: Harness;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  h = await startHarness({ logger: createLogger('info', sink), config: { cacheMaxBytes: 8 * 1024 * 1024 } });
});
afterAll(() => h.close());

describe('whole-response cache hits', () => {
  it('are logged like misses, with the operation name and marked cached', async () => {
    const query = 'query RegionsForLog { watchProviderRegions { countryCode } }';
    await h.query(query);
    await h.query(query);
    const logged = lines.filter((line) => line.msg === 'graphql operation' && line.operation === 'RegionsForLog');
    expect(logged).toHaveLength(2);
    expect(logged[0]).not.toHaveProperty('cached');
    expect(logged[1]).toMatchObject({ cached: true, errors: 0, errorCodes: {} });
  });
});

describe('the response cache store', () => {
  it('keeps an exact copy of each answer, never a slice pinning a larger buffer', () => {
    const cache = createResponseCache({ maxBytes: 1024 * 1024, maxTtlMs: 60_000 });
    // A small Buffer made from a string is a slice of Node's shared 8 KB pool.
    const pooled = Buffer.from('{"data":{"x":1}}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const key = cache.keyOf({
      caller: ['t'],
      method: 'POST',
      search: '',
      accept: '',
      contentType: 'application/json',
      body: Buffer.from('q'),
    });
    const gzipped = Buffer.from('compressed bytes');
    cache.offer(
      key,
      { contentType: 'application/json', contentLanguage: 'en-US', body: pooled, encoded: { gzip: gzipped }, operation: 'anonymous' },
      10_000,
    );
    const kept = cache.get(key)!;
    expect(kept.body.toString()).toBe('{"data":{"x":1}}');
    expect(kept.body.buffer.byteLength).toBe(kept.body.length);
    // Its compressed forms too, the one added by a later hit included.
    expect(kept.encoded.gzip!.buffer.byteLength).toBe(gzipped.length);
    cache.keepEncoded(key, kept, 'br', Buffer.from('other compressed bytes'));
    expect(cache.get(key)!.encoded.br!.buffer.byteLength).toBe('other compressed bytes'.length);
  });

  it('keeps an absent credential apart from an empty one', () => {
    const cache = createResponseCache({ maxBytes: 1024 * 1024, maxTtlMs: 60_000 });
    const parts = { method: 'POST', search: '', accept: '', contentType: 'application/json', body: Buffer.from('q') };
    expect(cache.keyOf({ ...parts, caller: [undefined] })).not.toBe(cache.keyOf({ ...parts, caller: [''] }));
  });
});
