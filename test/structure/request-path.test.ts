import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { type Harness, startHarness } from '../helpers.ts';
import { layerOf } from './layers.ts';

/**
 * The path of one request, file by file, held to the code: V8's precise coverage names every
 * file of `src/` whose functions ran while the gateway answered one cold
 * `{ movie(id:) { title credits { cast { person { name } } } } }` with production settings
 * (caches on, calls merged), after a warm-up request of another movie. docs/ARCHITECTURE.md
 * lists the same files, in the order the request meets them ("The path of one request, file by
 * file"); this fails when the two differ, and when the path grows past what it is today. The
 * layer crossings are counted along the documented order.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
/** Today's path; the lean core's target is 25 files and 8 crossings (issue 44). Lower these as the path shrinks. */
// src/schema/relay/value-ids.ts runs only when an `id` is selected (the owner its value takes down).
const MAX_FILES = 27;
const MAX_CROSSINGS = 7;

/** The files docs/ARCHITECTURE.md lists under its path section, in order. */
function documentedPath(): string[] {
  const doc = readFileSync(new URL('../../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
  const section = /## The path of one request, file by file\n([\s\S]*?)(\n## |$)/.exec(doc)?.[1] ?? '';
  return [...section.matchAll(/^\d+\. `(src\/[^`]+\.ts)`/gm)].map((match) => match[1]!);
}

let h: Harness;
let session: Session;
let ids: number[];

beforeAll(async () => {
  const defaults = loadConfig({});
  h = await startHarness({ config: { cacheMaxBytes: defaults.cacheMaxBytes, appendToResponse: true } });
  ids = ((await h.rest('/movie/popular')) as { results: { id: number }[] }).results.map((movie) => movie.id);
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Debugger.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});
afterAll(async () => {
  await session?.post('Profiler.stopPreciseCoverage');
  session?.disconnect();
  await h?.close();
});

const document = (id: number) => `{ movie(id: ${id}) { title credits { cast { person { name } } } } }`;

/**
 * Under vitest each exported name is read through a getter its transform writes into the
 * exporting file; reading a constant runs no code of ours, so a file whose only functions that
 * ran are such getters is not on the path.
 */
const EXPORT_GETTER = /^\(\) => \{ try \{ return [\w$]+ \} catch \{\} \}$/;

async function measuredPath(): Promise<string[]> {
  expect((await h.query(document(ids[0]!))).body.errors).toBeUndefined();
  await session.post('Profiler.takePreciseCoverage');
  expect((await h.query(document(ids[1]!))).body.errors).toBeUndefined();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    const path = script.url.startsWith('file://') ? fileURLToPath(script.url) : script.url;
    if (!path.startsWith(`${root}src/`)) continue;
    const ran = script.functions.filter((fn) => (fn.ranges[0]?.count ?? 0) > 0);
    if (ran.length === 0) continue;
    const { scriptSource } = await session.post('Debugger.getScriptSource', { scriptId: script.scriptId });
    const ours = ran.filter((fn) => !EXPORT_GETTER.test(scriptSource.slice(fn.ranges[0]!.startOffset, fn.ranges[0]!.endOffset)));
    if (ours.length > 0) files.add(path.slice(root.length));
  }
  return [...files].sort();
}

describe('the path of one request', () => {
  it('is the one docs/ARCHITECTURE.md lists, and no longer than today', async () => {
    const measured = await measuredPath();
    const documented = documentedPath();
    expect([...documented].sort()).toEqual(measured);
    let crossings = 0;
    for (let i = 1; i < documented.length; i++) if (layerOf(documented[i]!) !== layerOf(documented[i - 1]!)) crossings++;
    console.log(`request path: ${measured.length} files of ours, ${crossings} layer crossings along the documented order`);
    expect(measured.length).toBeLessThanOrEqual(MAX_FILES);
    expect(crossings).toBeLessThanOrEqual(MAX_CROSSINGS);
  }, 30_000);
});
