import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGenerated } from '../../codegen/format.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * starter/ as an app uses it: copied into a folder outside the repository, graphql-codegen reads
 * the running gateway's schema over HTTP and writes the typed operations and the cache
 * configuration, TypeScript checks the app, and its Apollo Client and urql examples run against
 * the gateway over the embedded catalog. No network install: the folder's node_modules is a link
 * to the repository's, which holds every package starter/package.json names.
 */
const repo = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
let h: Harness;
let app: string;

beforeAll(async () => {
  h = await startHarness();
  app = mkdtempSync(join(tmpdir(), 'catalog-app-'));
  cpSync(join(repo, 'starter'), app, { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(app, 'node_modules'), 'dir');
});
afterAll(async () => {
  await h?.close();
  if (app) rmSync(app, { recursive: true, force: true });
});

/** A command of the app's, run in its folder; async, so that the gateway in this process answers it. */
const inApp = (file: string, args: string[], env: Record<string, string> = {}) =>
  run(file, args, { cwd: app, env: { ...process.env, ...env }, timeout: 120_000 });

describe('the client starter, copied outside the repository', () => {
  it("codegen reads the running gateway's schema and writes the cache configuration the gateway's own codegen writes", async () => {
    await inApp('node_modules/.bin/graphql-codegen', ['--config', 'codegen.ts'], { GATEWAY_SCHEMA: h.url });
    const written = readFileSync(join(app, 'src/client-cache.ts'), 'utf8');
    expect(formatGenerated('schema/client-cache.ts', written)).toBe(readFileSync(join(repo, 'schema/client-cache.ts'), 'utf8'));
    expect(readFileSync(join(app, 'src/gql/graphql.ts'), 'utf8')).toContain('MoviePageQuery');
  }, 120_000);

  it('TypeScript checks the app against the generated types', async () => {
    const { stdout } = await inApp('node_modules/.bin/tsc', ['--noEmit', '-p', 'tsconfig.json']);
    expect(stdout).toBe('');
  }, 120_000);

  it("Apollo Client and urql run the app's operations against the gateway and read what the catalog holds", async () => {
    const { stdout } = await inApp(process.execPath, ['src/main.ts', h.url, '494', 'night']);
    const result = JSON.parse(stdout);
    const movie = await h.rest('/movie/494');
    const credits = await h.rest('/movie/494/credits');
    const search = await h.rest('/search/multi?query=night');
    const expected = {
      movie: { title: movie.title, topBilled: credits.cast[0]?.name },
      search: search.results.map((hit: any) =>
        hit.media_type === 'movie' ? `movie: ${hit.title}` : `${hit.media_type === 'tv' ? 'TVSeries' : 'Person'}: ${hit.name}`,
      ),
    };
    expect(expected.search.length).toBeGreaterThan(0);
    expect(result.apollo).toEqual(expected);
    expect(result.urql).toEqual(expected);
  }, 120_000);
});
