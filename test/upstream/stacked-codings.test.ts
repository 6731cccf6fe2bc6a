import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, listen, startHarness, type Harness } from '../helpers.ts';

const MB = 1024 * 1024;

/**
 * Issue 31, "also seen": an answer's Content-Encoding may stack codings (`gzip, br`), and the
 * gateway undid as many as it named, each layer bounded by UPSTREAM_MAX_BODY_BYTES on its own.
 * At most two are undone now, and the bound holds for all layers' output together.
 */
describe('stacked codings in an upstream answer', () => {
  let h: Harness;
  let upstream: Server;
  const json = (id: number) => Buffer.from(JSON.stringify({ id, title: `Movie ${id}` }));
  // Random base64 hardly shrinks: gzip keeps about three quarters of it.
  const noise = randomBytes(520 * 1024).toString('base64');
  const large = Buffer.from(JSON.stringify({ id: 4, title: noise }));
  const largeInner = gzipSync(large);
  const largeTwice = gzipSync(largeInner);

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const id = Number(/\/movie\/(\d+)/.exec(req.url ?? '')?.[1]);
      const send = (coding: string, body: Buffer) =>
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding }).end(body);
      if (id === 1) return send('gzip, gzip, gzip', gzipSync(gzipSync(gzipSync(json(1)))));
      if (id === 2) return send('gzip, br', brotliCompressSync(gzipSync(json(2))));
      if (id === 3) return send('gzip, identity, br, gzip', gzipSync(brotliCompressSync(gzipSync(json(3)))));
      if (id === 4) return send('gzip, gzip', largeTwice);
      if (id === 5) return send('gzip', largeInner);
      res.writeHead(404).end();
    });
    const port = await listen(upstream);
    h = await startHarness({ config: { catalogBaseUrl: `http://127.0.0.1:${port}/3`, upstreamMaxBodyBytes: MB } });
  });
  afterAll(async () => {
    await h?.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('two are decoded; three are an answer that could not be read (UPSTREAM_ERROR), identity not counted', async () => {
    const response = await h.query('{ three: movie(id: 1) { title } two: movie(id: 2) { title } threeMore: movie(id: 3) { title } }');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ three: null, two: { title: 'Movie 2' }, threeMore: null });
    expect(errorCodes(response)).toEqual(['UPSTREAM_ERROR', 'UPSTREAM_ERROR']);
    expect(response.body.errors!.map((error) => error.message)).toEqual([
      'The catalog sent a response that could not be read.',
      'The catalog sent a response that could not be read.',
    ]);
  });

  it('the bound holds for the layers together: two layers each under 1 MB but over it together fail; the same answer in one layer is read', async () => {
    expect(large.length).toBeLessThan(MB);
    expect(largeInner.length).toBeLessThan(MB);
    expect(large.length + largeInner.length).toBeGreaterThan(MB);
    const response = await h.query('{ twice: movie(id: 4) { title } once: movie(id: 5) { title } }');
    expect(response.body.data).toEqual({ twice: null, once: { title: noise } });
    expect(errorCodes(response)).toEqual(['UPSTREAM_ERROR']);
    expect(response.body.errors![0].message).toMatch(/larger than the gateway accepts/);
  });
});
