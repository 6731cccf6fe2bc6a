import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postQuery } from '../helpers.ts';

/**
 * What the Dockerfile's stages do, done here for real (no container engine runs on this machine):
 * `npm run build`'s compiler into a fresh folder, production dependencies only installed from the
 * lockfile beside it, and the gateway started there by plain Node, with no tsx and no TypeScript.
 * The catalog package is a development dependency: neither the build nor that install has it, so
 * the gateway there is pointed at one started here.
 */

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
let folder: string;
let catalog: RunningCatalog;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'gateway-build-'));
  await run(join(root, 'node_modules/.bin/tsc'), ['-p', join(root, 'tsconfig.build.json'), '--outDir', join(folder, 'dist')]);
  copyFileSync(join(root, 'package.json'), join(folder, 'package.json'));
  copyFileSync(join(root, 'package-lock.json'), join(folder, 'package-lock.json'));
  await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: folder });
  catalog = await startCatalog();
}, 300_000);
// Removing the production install (200-odd packages) took over 20 s once, on 2 shared cores.
afterAll(async () => {
  await catalog?.close();
  rmSync(folder, { recursive: true, force: true });
}, 120_000);

function compiledFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the production build', () => {
  it('has no catalog: neither compiled into dist nor installed', () => {
    const files = compiledFiles(join(folder, 'dist')).map((file) => file.slice(folder.length));
    expect(files).toContain('/dist/index.js');
    expect(files.filter((file) => /catalog/i.test(file))).toEqual([]);
    // The catalog's demo token, a string of its own: no compiled file carries any of its code.
    for (const file of compiledFiles(join(folder, 'dist'))) expect(readFileSync(file, 'utf8'), file).not.toContain(catalog.demoToken);
    expect(existsSync(join(folder, 'node_modules/@media-catalog'))).toBe(false);
  });

  it('imports only relative .js files, Node built-ins and packages in dependencies', () => {
    const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const builtins = new Set(builtinModules);
    const outside = new Set<string>();
    for (const file of compiledFiles(join(folder, 'dist'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        if (!specifier) continue;
        if (specifier.startsWith('.')) {
          expect(specifier, file).toMatch(/\.js$/);
          continue;
        }
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '');
        if (specifier.startsWith('node:') || builtins.has(name)) continue;
        // The one development dependency: src/index.ts loads the catalog only when no upstream is set.
        if (name === '@media-catalog/catalog' && file.endsWith('/dist/index.js')) continue;
        if (!Object.hasOwn(dependencies, name)) outside.add(`${name} (${file.slice(folder.length)})`);
      }
    }
    expect([...outside]).toEqual([]);
  });

  it.each([
    [
      'without CATALOG_BASE_URL refuses',
      {},
      /^Invalid configuration: CATALOG_BASE_URL must be set when NODE_ENV=production, or the embedded catalog would serve invented data/,
    ],
    [
      'with CATALOG_EMBEDDED=true says the install has no catalog',
      { CATALOG_EMBEDDED: 'true' },
      /^Failed to start: CATALOG_BASE_URL is not set, and this install has no embedded catalog \(@media-catalog\/catalog is a development/,
    ],
  ])(
    '%s, in one line with exit code 1',
    async (_name, env, line) => {
      // execFile rejects on a non-zero exit, with the code and both outputs.
      const failed = await run(process.execPath, ['dist/index.js'], {
        cwd: folder,
        env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', ...env },
        timeout: 30_000,
      }).then(
        () => undefined,
        (error: { code?: unknown; stdout: string; stderr: string }) => error,
      );
      const { code, stdout, stderr } = failed ?? { code: 0, stdout: '', stderr: '' };
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr.trim()).toMatch(line);
    },
    40_000,
  );

  it('runs as `node dist/index.js` on production dependencies alone, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['dist/index.js'], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        CATALOG_BASE_URL: catalog.baseUrl,
        CATALOG_ACCESS_TOKEN: catalog.demoToken,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /ready at (http:\/\/\S+\/graphql)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const health = await fetch(url.replace(/\/graphql$/, '/health'));
    expect(health.status).toBe(200);
    const { body } = await postQuery<{ movieGenres: unknown[] }>(url, '{ movieGenres { name } }');
    expect(body.data?.movieGenres.length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/tsx|\.ts\b/);
  }, 60_000);
});
