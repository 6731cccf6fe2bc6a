/**
 * Tailcall 1.6.14, the release issue 34 measured against, installed by the bench on first use
 * (npm, `@tailcallhq/core-linux-x64-gnu`). Its binary needs glibc 2.39; Debian 12 has 2.36. Where
 * the system's glibc is too old, the bench fetches Debian 13's `libc6` package from Debian's own
 * archive (deb.debian.org), unpacks it next to the binary, and starts Tailcall through that
 * glibc's loader (`ld-linux-x86-64.so.2 --library-path <its lib> tailcall ...`): one process, the
 * loader maps the program in place, so /proc/<pid> is Tailcall's own. Nothing is installed
 * system-wide. TAILCALL_PEER_BIN runs another binary instead.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const TAILCALL_VERSION = '1.6.14';
const PACKAGE = '@tailcallhq/core-linux-x64-gnu';
export const PEERS_DIR = resolve('node_modules/.cache/bench-peers');
const DEBIAN = 'http://deb.debian.org/debian';
/** The Debian release whose glibc (2.41) is new enough. */
const SUITE = 'trixie';

export interface Command {
  file: string;
  /** Arguments before Tailcall's own. */
  args: string[];
  /** How it runs, for the report. */
  via: string;
}

function binary(): string {
  const dir = join(PEERS_DIR, `tailcall-${TAILCALL_VERSION}`);
  const bin = join(dir, 'node_modules', PACKAGE, 'bin', 'tailcall');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-package-lock', `${PACKAGE}@${TAILCALL_VERSION}`], {
      stdio: 'inherit',
    });
  }
  return bin;
}

/** Whether the binary starts with the system's glibc (it stops at once with "GLIBC_2.39 not found" otherwise). */
function runsHere(file: string, args: string[]): boolean {
  const run = spawnSync(file, [...args, '--version'], { encoding: 'utf8' });
  return run.status === 0 && !/GLIBC_/.test(run.stderr);
}

/** Debian 13's libc6, unpacked once into the cache: the path of its library folder. */
function debianGlibc(): string {
  const root = join(PEERS_DIR, `libc6-${SUITE}`);
  const lib = join(root, 'usr', 'lib', 'x86_64-linux-gnu');
  if (existsSync(join(lib, 'ld-linux-x86-64.so.2'))) return lib;
  mkdirSync(root, { recursive: true });
  // The package index names the current libc6 (point releases replace the file in the pool).
  const index = execFileSync('sh', ['-c', `curl -fsS ${DEBIAN}/dists/${SUITE}/main/binary-amd64/Packages.xz | xz -dc`], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
  const entry = /^Package: libc6\n(?:.+\n)*?Filename: (\S+)/m.exec(index);
  if (!entry) throw new Error(`libc6 not found in Debian ${SUITE}'s package index`);
  const deb = join(root, 'libc6.deb');
  execFileSync('curl', ['-fsS', '-o', deb, `${DEBIAN}/${entry[1]}`]);
  execFileSync('dpkg-deb', ['-x', deb, root]);
  return lib;
}

/** How to start Tailcall on this machine: the binary itself, or through Debian 13's glibc. */
export function tailcallCommand(): Command {
  if (process.env.TAILCALL_PEER_BIN) return { file: process.env.TAILCALL_PEER_BIN, args: [], via: 'TAILCALL_PEER_BIN' };
  const bin = binary();
  if (runsHere(bin, [])) return { file: bin, args: [], via: "the system's glibc" };
  const lib = debianGlibc();
  const command = {
    file: join(lib, 'ld-linux-x86-64.so.2'),
    args: ['--library-path', lib, bin],
    via: `Debian ${SUITE}'s glibc (libc6 from deb.debian.org, unpacked into node_modules/.cache)`,
  };
  if (!runsHere(command.file, command.args))
    throw new Error(`Tailcall ${TAILCALL_VERSION} does not start, even with Debian ${SUITE}'s glibc`);
  return command;
}

/** How to install it by hand, for the line a bench prints when it runs without Tailcall. */
export const TAILCALL_INSTALL = `node bench/peers/tailcall-install.ts (${PACKAGE}@${TAILCALL_VERSION} from the npm registry, and Debian ${SUITE}'s libc6 where glibc is older), or TAILCALL_PEER_BIN=/path/to/tailcall`;

/**
 * Tailcall's command, or why it cannot run here: a section then measures ours alone and says so
 * in one line with the install command (as test/outside-programs.ts does for a suite), unless
 * BENCH_REQUIRE_TAILCALL=true, where a missing Tailcall fails the run.
 */
export function tailcallOrMissing(): Command | { missing: string } {
  try {
    const command = tailcallCommand();
    if (!runsHere(command.file, command.args)) throw new Error(`${[command.file, ...command.args].join(' ')} --version fails`);
    return command;
  } catch (error) {
    if (process.env.BENCH_REQUIRE_TAILCALL === 'true') throw error;
    return { missing: `Tailcall not measured (${(error as Error).message.split('\n')[0]}); install: ${TAILCALL_INSTALL}` };
  }
}

if (import.meta.main) console.log(tailcallCommand());
