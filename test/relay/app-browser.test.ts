import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser/launch.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { outsideProgram } from '../outside-programs.ts';
import { type BuiltApp, buildApp, copyApp, serveBuilt } from './app-build.ts';

/**
 * Issue 33's Relay app (starter/relay-app/), built outside the repository against a running
 * gateway (app-build.ts) and driven screen by screen in headless Chromium, from its own origin
 * (so through CORS). Every screen is checked against what the catalog holds, and no screen may
 * log a React or Relay warning, a console error or an uncaught error.
 */
const chromiumProgram = outsideProgram('chromium', import.meta.url);
const WAIT = { timeout: 15_000 };

describe.skipIf(!chromiumProgram)('the Relay example app in Chromium', () => {
  let h: Harness;
  let built: BuiltApp;
  let browser: Browser;
  let site: { origin: string; server: Server };

  beforeAll(async () => {
    built = copyApp();
    [h, browser] = await Promise.all([startHarness(), launchChromium(chromiumProgram!)]);
    await buildApp(built.app, h.url);
    site = await serveBuilt(join(built.app, 'dist'));
  }, 110_000);

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await h?.close();
    if (built) rmSync(dirname(built.folder), { recursive: true, force: true });
  });

  /** A fresh page (a fresh store) on a screen of the app; `problems` collects what the console reports. */
  async function open(path: string): Promise<{ page: Page; problems: string[]; operations: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const problems: string[] = [];
    const operations: string[] = [];
    page.on('console', (message) => ['warning', 'error'].includes(message.type()) && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => request.url() === h.url && operations.push(request.postDataJSON()?.operationName));
    await page.goto(`${site.origin}/${path}`);
    return { page, problems, operations };
  }

  const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

  it('home: the popular movies, and the next ten when the end of the list scrolls into view', async () => {
    const popular = (await h.rest('/movie/popular')).results.map((movie: any) => movie.title);
    const { page, problems, operations } = await open('#/');
    await page.locator('.movie-card').nth(9).waitFor(WAIT);
    expect(await texts(page, '.movie-card a')).toEqual(popular.slice(0, 10));
    await page.locator('.end').scrollIntoViewIfNeeded();
    await page.locator('.movie-card').nth(19).waitFor(WAIT);
    expect(await texts(page, '.movie-card a')).toEqual(popular.slice(0, 20));
    expect(operations).toEqual(['HomeQuery', 'HomePaginationQuery']);
    expect(problems).toEqual([]);
  }, 30_000);
});
