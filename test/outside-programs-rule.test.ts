import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The fresh-machine rule: a suite reaches Chromium, redis-server or varnishd only through
 * outsideProgram(), which skips it (or, with CI=true, fails it) when the program is missing.
 * The starters take the program outsideProgram found (startRedis, startVarnish, launchChromium),
 * so the types already ask for it; this test catches the ways around them: a browser launched
 * by hand, a program spawned by name or by a system path, a starter called in a file that never
 * asked outsideProgram for its program. `.ci/run` then runs the suite once more with the
 * programs really hidden, which catches what a reading of the text cannot.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The helper, its setup and its launcher, which take the program they are given; and the two
 * tests of the helper itself (the one that hides every program, and this one, which quotes the
 * breaches it looks for).
 */
const HOMES = new Set([
  'test/outside-programs.ts',
  'test/outside-programs.setup.ts',
  'test/browser/launch.ts',
  'test/outside-programs.test.ts',
  'test/outside-programs-rule.test.ts',
]);

const STARTERS: Record<string, string> = {
  startRedis: 'redis-server',
  startVarnish: 'varnishd',
  launchChromium: 'chromium',
  startHaproxy: 'haproxy',
};
const PROGRAMS = 'chromium|chromium-browser|redis-server|redis-cli|varnishd|varnishadm|haproxy';

/** What is wrong with one test file's text, one line per breach. */
function breaches(file: string, text: string): string[] {
  if (HOMES.has(file)) return [];
  const found: string[] = [];
  if (/\b(chromium|firefox|webkit)\.(launch|launchPersistentContext|connect)\(/.test(text) || /\bexecutablePath\b/.test(text)) {
    found.push(`${file}: launches a browser itself; use launchChromium(outsideProgram('chromium', import.meta.url))`);
  }
  if (new RegExp(`\\b(spawn|spawnSync|execFile|execFileSync|exec|execSync|fork)\\(\\s*['"\`][^'"\`]*\\b(${PROGRAMS})\\b`).test(text)) {
    found.push(`${file}: starts an outside program by name; take its path from outsideProgram()`);
  }
  if (new RegExp(`['"\`]/(usr/)?(s?bin|local/s?bin)/(${PROGRAMS})\\b`).test(text)) {
    found.push(`${file}: names a system path of an outside program; outsideProgram() finds it`);
  }
  if (/\blocateProgram\(/.test(text)) found.push(`${file}: looks a program up without skipping when it is missing; use outsideProgram()`);
  for (const [starter, program] of Object.entries(STARTERS)) {
    const defines = new RegExp(`export (async )?function ${starter}\\(`).test(text);
    if (!defines && new RegExp(`\\b${starter}\\(`).test(text) && !text.includes(`outsideProgram('${program}'`)) {
      found.push(`${file}: calls ${starter} without outsideProgram('${program}', import.meta.url)`);
    }
  }
  return found;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

/** test/ and every workspace package's test/. */
function allTestFiles(): string[] {
  const packages = existsSync(join(ROOT, 'packages'))
    ? readdirSync(join(ROOT, 'packages'), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? [join(ROOT, 'packages', entry.name, 'test')] : [],
      )
    : [];
  return [join(ROOT, 'test'), ...packages].flatMap((dir) => {
    try {
      return testFiles(dir);
    } catch {
      return [];
    }
  });
}

describe('outside programs are reached only through outsideProgram()', () => {
  it('no test file launches, spawns or looks up Chromium, redis-server or varnishd any other way', () => {
    const files = allTestFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => breaches(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('the rule catches each way around it (the breaches of the round before, among them)', () => {
    const file = 'test/x/example.test.ts';
    // session-account.test.ts's Chromium case, as it was.
    expect(
      breaches(file, "const p = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';\nawait chromium.launch({ executablePath: p });"),
    ).toHaveLength(2);
    // apq-store.test.ts, as it was: startRedis with no outsideProgram in the file.
    expect(breaches(file, 'beforeAll(async () => { redis = await startRedis(); });')).toEqual([
      `${file}: calls startRedis without outsideProgram('redis-server', import.meta.url)`,
    ]);
    expect(breaches(file, "spawn('redis-server', ['--port', '1'])")).toHaveLength(1);
    expect(breaches(file, "execFileSync('/usr/sbin/varnishd', ['-V'])")).toHaveLength(2);
    expect(breaches(file, "const path = locateProgram('varnishd')?.path ?? 'varnishd';")).toHaveLength(1);
    // The allowed shape.
    expect(breaches(file, "const v = outsideProgram('varnishd', import.meta.url);\nvarnish = await startVarnish(v!, port);")).toEqual([]);
  });
});
