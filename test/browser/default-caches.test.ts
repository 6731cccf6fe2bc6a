import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { outsideProgram } from '../outside-programs.ts';
import { type Compilation, compileFixtures } from '../relay/compile.ts';
import { serveBuilt } from '../relay/app-build.ts';
import {
  documents,
  expectLanguagesApart,
  pickSubject,
  relayName,
  type Subject,
  visitSteps,
  withoutValueIds,
} from '../clients/default-caches-visit.ts';
import type { ClientName, Step, Visit } from './default-caches-page.ts';
import { launchChromium } from './launch.ts';

/**
 * Issue 45, point 6, in headless Chromium: test/clients/default-caches.test.ts's visit, run by
 * Apollo Client (`new InMemoryCache()`), urql (`cacheExchange()`) and relay-runtime (a default
 * Store) bundled by vite in their development builds (default-caches-page.ts), in a page served
 * from its own origin that fetches the gateway over HTTP (so through CORS). The page's console
 * must stay silent, every query must read back from the cache as it was answered, and the French
 * movie must never show the English texts nor the English the French. The control strips `id`
 * from the value objects, as queries were before 1.0: the same console then has the warnings.
 */
const chromiumProgram = outsideProgram('chromium', import.meta.url);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const NAMES = Object.keys(documents);

/** The bundle's entry: the page module, handed the artifacts relay-compiler wrote. */
const entry = (artifacts: string) =>
  [
    `import { install } from ${JSON.stringify(join(repo, 'test/browser/default-caches-page.ts'))};`,
    ...NAMES.map((name) => `import ${name} from ${JSON.stringify(join(artifacts, `${relayName(name)}.graphql.ts`))};`),
    `install({ ${NAMES.join(', ')} });`,
  ].join('\n');

describe.skipIf(!chromiumProgram)("the clients' default caches in Chromium, over HTTP to the gateway", () => {
  let h: Harness;
  let tmp: string;
  let browser: Browser;
  let site: { origin: string; server: Server };
  let subject: Subject;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'default-caches-browser-'));
    let compiled: Compilation;
    [compiled, h, browser] = await Promise.all([
      compileFixtures(tmp, 'defaults', (config) => ({ ...config, src: './fixtures-defaults' })),
      startHarness(),
      launchChromium(chromiumProgram!),
    ]);
    expect(compiled.code, compiled.output).toBe(0);
    await writeFile(join(tmp, 'entry.ts'), entry(compiled.artifacts));
    const built: any = await build({
      configFile: false,
      logLevel: 'warn',
      root: tmp,
      mode: 'development',
      // The development builds, as `vite` serves an app while it is written: Apollo chooses its
      // own by this condition, urql and Relay by NODE_ENV. Their cache warnings exist only there.
      resolve: { conditions: ['browser', 'module', 'development'], alias: { 'relay-runtime': join(repo, 'node_modules/relay-runtime') } },
      define: { 'process.env.NODE_ENV': '"development"' },
      build: { write: false, minify: false, lib: { entry: join(tmp, 'entry.ts'), formats: ['iife'], name: 'app' } },
    });
    const dist = join(tmp, 'dist');
    await mkdir(dist);
    await writeFile(join(dist, 'app.js'), (Array.isArray(built) ? built[0] : built).output[0].code);
    await writeFile(
      join(dist, 'index.html'),
      // No favicon to ask for: its 404 would be the console's only error.
      '<!doctype html><title>default caches</title><link rel="icon" href="data:,"><script src="/app.js"></script>',
    );
    site = await serveBuilt(dist);

    subject = await pickSubject(h);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await h?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  /** The visit of test/clients/default-caches.test.ts, each document as `edit` makes it. */
  const steps = (edit: (text: string) => string = (text) => text): Step[] =>
    visitSteps(subject).map(({ name, variables }) => ({ name, text: edit(documents[name]), variables }));

  /** A fresh page (fresh clients, whose warnings are said once per page) runs the visit; `problems` is what its console said. */
  async function visitIn(client: ClientName, edit?: (text: string) => string): Promise<Visit & { problems: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const problems: Promise<string>[] = [];
    // Formatted as a console shows it: the clients' warnings are printf-style templates and
    // arguments. The browser's own messages (a failed load) have no arguments, only their text.
    page.on('console', (message) => {
      if (!['warning', 'error'].includes(message.type())) return;
      const args = message.args();
      problems.push(
        args.length ? Promise.all(args.map((arg) => arg.jsonValue())).then((values) => format(...values)) : Promise.resolve(message.text()),
      );
    });
    page.on('pageerror', (error) => problems.push(Promise.resolve(error.message)));
    await page.goto(`${site.origin}/`);
    const result: Visit = await page.evaluate(
      ([client, url, steps, movieId]) => (globalThis as any).defaultCachesVisit(client, url, steps, movieId),
      [client, h.url, steps(edit), subject.movieId] as const,
    );
    const said = await Promise.all(problems);
    await page.context().close();
    return { ...result, problems: said };
  }

  it.each(['apollo', 'urql', 'relay'] as const)(
    '%s: no console warning, every query reads back whole, the two languages apart',
    async (client) => {
      const { answered, readBack, problems, movieRecords } = await visitIn(client);
      expect(problems).toEqual([]);
      expect(readBack).toEqual(answered);
      expectLanguagesApart(subject, readBack);
      // Relay keys its records by the answers' own ids: the movie in two languages is two records.
      if (client === 'relay') expect(movieRecords).toBe(2);
    },
    30_000,
  );

  it('the control, Apollo without `id` on the value objects: the console says cache data may be lost, and a page no longer reads back', async () => {
    const { answered, readBack, problems } = await visitIn('apollo', withoutValueIds);
    expect(problems.join('\n')).toMatch(/Cache data may be lost when replacing the \w+ field of a Movie object/);
    expect(readBack).not.toEqual(answered);
  }, 30_000);

  it('the control, urql without `id` on the value objects: the console says no key could be generated', async () => {
    const { problems } = await visitIn('urql', withoutValueIds);
    expect(problems.join('\n')).toMatch(/Invalid key: .* has a selection set, but no key could be generated/);
  }, 30_000);
});
