import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { outsideProgram } from '../outside-programs.ts';
import { launchChromium } from './launch.ts';

/**
 * Issue 33, item 9, in headless Chromium, with a mouse as a person uses one: a click on a tab
 * switches to it, a new tab starts with no headers (not the Tour's Accept-Language), and the
 * close-tab button's tooltip names what it does. Before, the first click on a tab was often lost
 * (its stale drag offset moved it from under the pointer), a new tab asked for French, and the
 * tooltip read "wze icon" (a minified component's name): src/graphql/graphiql-page-fixes.ts.
 * Issue 45, item 7: the docs search finds a field by the words of its description ("photo").
 */
const chromiumProgram = outsideProgram('chromium', import.meta.url);
const WAIT = { timeout: 15_000 };
// A click either switches at once or never: it is lost, not slow.
const SWITCH = { timeout: 2_000 };

let h: Harness;
let browser: Browser;
let page: Page;
/** The GraphQL requests the page sent, but introspection: their headers. */
const sent: Array<{ query?: string; headers: Record<string, string> }> = [];

beforeAll(async () => {
  h = await startHarness({ config: { graphiql: true } });
  browser = await launchChromium(chromiumProgram!);
  // A first visit: nothing stored from an earlier one.
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
  page = await context.newPage();
  page.on('request', (request) => {
    if (request.method() !== 'POST' || request.url() !== h.url) return;
    const body = request.postDataJSON() as { query?: string };
    if (!body.query?.includes('__schema')) sent.push({ query: body.query, headers: request.headers() });
  });
  await page.goto(h.url, { waitUntil: 'domcontentloaded' });
  await page.locator('.graphiql-execute-button').waitFor({ state: 'visible', ...WAIT });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const tabButton = (name: string) => page.getByRole('tab', { name }).getByRole('button', { name });
const activeTab = () => page.locator('.graphiql-tab-active .graphiql-tab-button').textContent();

describe.skipIf(!chromiumProgram)('GraphiQL tabs with a mouse', () => {
  it('switches tabs on one click each', async () => {
    for (const name of ['YourAccount', 'Review', 'SearchAndDiscover', 'Tour', 'SignIn']) {
      await tabButton(name).click();
      await page
        .locator('.graphiql-tab-active', { hasText: name })
        .waitFor(SWITCH)
        .catch(async (error: Error) => {
          throw new Error(`a click on the ${name} tab left ${await activeTab()} active`, { cause: error });
        });
    }
  }, 30_000);

  it('opens a new tab with no headers, which sends none of the Tour’s', async () => {
    // The Tour keeps its own header.
    await tabButton('Tour').click();
    await page.locator('.graphiql-tab-active', { hasText: 'Tour' }).waitFor(SWITCH);
    await page.getByRole('button', { name: 'Headers', exact: true }).click();
    const headersEditor = () =>
      page.evaluate(() => document.querySelector('.graphiql-editor-tool')?.textContent?.replace(/\s+/g, ' ').trim() ?? '');
    await page.waitForFunction(
      () => document.querySelector('.graphiql-editor-tool')?.textContent?.includes('Accept-Language'),
      undefined,
      WAIT,
    );

    const tabs = await page.locator('.graphiql-tab').count();
    await page.getByRole('button', { name: 'New tab' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('.graphiql-tab').length === count + 1, tabs, WAIT);
    await page.locator('.graphiql-tab-active', { hasText: '<untitled>' }).waitFor(SWITCH);
    // The Headers pane stays open: it now shows the new tab's headers.
    await page.waitForFunction(() => document.querySelector('.graphiql-editor-tool') !== null, undefined, SWITCH);
    expect(await headersEditor()).not.toContain('Accept-Language');

    // The new tab's query runs with the browser's own language.
    sent.length = 0;
    await page.locator('.graphiql-query-editor .monaco-editor').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('query NewTab { movie(id: 494) { id title } }');
    // GraphiQL names the tab after the operation once its editor state has the text: run it only
    // then (clicked before, on a loaded machine, it ran with the Tour's operation name).
    await page.locator('.graphiql-tab-active', { hasText: 'NewTab' }).waitFor(SWITCH);
    await page.locator('.graphiql-execute-button').click();
    await page.waitForFunction(() => document.querySelector('.graphiql-response')?.textContent?.includes('"data"'), undefined, WAIT);
    expect(sent.map((request) => request.query?.replace(/\s+/g, ''))).toEqual(['queryNewTab{movie(id:494){idtitle}}']);
    expect(sent[0].headers['accept-language']).not.toContain('fr');
  }, 30_000);

  it('names the close-tab button in its tooltip', async () => {
    const close = page.locator('.graphiql-tab-active .graphiql-tab-close');
    await close.hover();
    expect(await close.locator('svg > title').textContent()).toBe('Close Tab');
    // No icon anywhere on the page is titled after a minified name.
    const titles = await page.evaluate(() => [...document.querySelectorAll('svg > title')].map((title) => title.textContent));
    expect(titles.filter((title) => title?.endsWith(' icon'))).toEqual([]);
  });
});

describe.skipIf(!chromiumProgram)('GraphiQL docs search', () => {
  it('finds a field by a word of its description: "photo" lists Person.profilePath', async () => {
    await page.locator('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]').click();
    // Typed as a person types: the results show while the input has the focus.
    await page.locator('[data-cy="doc-explorer-input"]').click();
    await page.keyboard.type('photo');
    const results = page.locator('[data-cy="doc-explorer-list"]');
    await results.getByText('profilePath', { exact: true }).first().waitFor(WAIT);
    const text = (await results.textContent()) ?? '';
    expect(text).not.toContain('No results found');
    expect(text).toContain('Person');
  }, 30_000);
});
