import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { launchChromium } from './launch.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { capturingLogger } from '../log-lines.ts';
import { outsideProgram } from '../outside-programs.ts';

/**
 * What docs/frontend.md tells an app developer about CORS, in a real browser: an app served from
 * `http://localhost:<port>` is another origin than `http://127.0.0.1:<port>`, so with only the
 * second in CORS_ORIGINS, Chromium refuses the gateway's answer to the first (a failed fetch) and
 * the gateway logs that origin once, at warn. The same page from the allowed origin gets data.
 */
const chromiumProgram = outsideProgram('chromium', import.meta.url);
const { logger, lines } = capturingLogger();
let h: Harness;
let app: Server;
let appPort: number;
let browser: Browser;

beforeAll(async () => {
  if (!chromiumProgram) return;
  // The app: one page on a port of its own, reachable as localhost and as 127.0.0.1.
  app = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'));
  appPort = await new Promise((resolve) => app.listen(0, () => resolve((app.address() as { port: number }).port)));
  h = await startHarness({
    config: { http: { ...loadConfig({}).http, corsOrigins: [`http://127.0.0.1:${appPort}`] } },
    logger,
  });
  browser = await launchChromium(chromiumProgram);
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
  await new Promise((resolve) => app?.close(resolve));
});

/** Opens the app at `origin` and posts a query to the gateway from its page, as an app does. */
async function fetchFromApp(origin: string): Promise<{ ok: boolean; data?: unknown; error?: string }> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/`);
    return await page.evaluate(async (url) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ movie(id: 494) { databaseId id title } }' }),
        });
        return { ok: true, data: (await response.json()).data };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    }, h.url);
  } finally {
    await page.close();
  }
}

describe.skipIf(!chromiumProgram)('CORS origins in a real browser', () => {
  it('an app on localhost is refused when only 127.0.0.1 is allowed, and the gateway logs that origin once', async () => {
    const refused = await fetchFromApp(`http://localhost:${appPort}`);
    expect(refused.ok, JSON.stringify(refused)).toBe(false);
    expect(refused.error).toMatch(/Failed to fetch/);
    await fetchFromApp(`http://localhost:${appPort}`);
    const warned = lines.filter((line) => line.level === 40 && String(line.msg).startsWith('CORS: '));
    expect(warned.map((line) => line.origin)).toEqual([`http://localhost:${appPort}`]);
    expect(warned[0]?.allowedTwin).toBe(`http://127.0.0.1:${appPort}`);
  });

  it('the same app on 127.0.0.1 gets its data', async () => {
    const allowed = await fetchFromApp(`http://127.0.0.1:${appPort}`);
    expect(allowed).toEqual({ ok: true, data: { movie: { databaseId: 494, id: expect.any(String), title: expect.any(String) } } });
  });
});

/**
 * The whole-response cache answers a repeated query without Yoga, so its CORS headers are the
 * front's own hit path (src/http/cache-hit.ts serveHit): the browser must read a hit exactly as
 * it read the executed answer, exposed headers included, and still refuse it to another origin.
 */
describe.skipIf(!chromiumProgram)('answers from the whole-response cache in a real browser', () => {
  let cached: Harness;
  beforeAll(async () => {
    cached = await startHarness({
      config: { cacheMaxBytes: 8 * 1024 * 1024, http: { ...loadConfig({}).http, corsOrigins: [`http://127.0.0.1:${appPort}`] } },
    });
  });
  afterAll(async () => {
    await cached?.close();
  });

  /** The same query twice from the app's page: each answer's data and its exposed x-request-id. */
  async function twiceFromApp(origin: string) {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/`);
      return await page.evaluate(async (url) => {
        const once = async () => {
          try {
            const response = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query: '{ movie(id: 494) { databaseId id title } }' }),
            });
            return { ok: true, data: (await response.json()).data, requestId: response.headers.get('x-request-id') };
          } catch (error) {
            return { ok: false, error: String(error) };
          }
        };
        return [await once(), await once()];
      }, cached.url);
    } finally {
      await page.close();
    }
  }

  it('the allowed app reads a hit like the executed answer; the other origin is refused before any POST', async () => {
    const hitsBefore = cached.responseCache!.stats.hits;
    const [executed, hit] = await twiceFromApp(`http://127.0.0.1:${appPort}`);
    expect(cached.responseCache!.stats.hits).toBe(hitsBefore + 1);
    expect(hit).toEqual({ ok: true, data: executed?.data, requestId: expect.stringMatching(/\S/) });
    expect(hit?.requestId).not.toBe(executed?.requestId);
    const refused = await twiceFromApp(`http://localhost:${appPort}`);
    // Refused at the preflight: Chromium never sends the POST, so the cache is not even asked.
    expect(cached.responseCache!.stats.hits).toBe(hitsBefore + 1);
    for (const answer of refused) expect(answer).toEqual({ ok: false, error: expect.stringMatching(/Failed to fetch/) });
  });
});
