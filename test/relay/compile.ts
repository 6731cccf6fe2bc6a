/**
 * The real relay-compiler over the example Relay files in test/relay/fixtures, with the config a
 * Relay app uses for this graph (test/relay/relay.config.json, shown in docs/frontend.md), its
 * artifacts written to a temporary folder; and those artifacts, as an app's bundle imports them.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// The package's main module is the path of its native binary for this platform, null on others.
const binary: string | null = createRequire(import.meta.url)('relay-compiler');

export interface Compilation {
  code: number | null;
  /** stdout and stderr, without colours. */
  output: string;
  artifacts: string;
  /** Names of the generated files, sorted. */
  files: string[];
}

/**
 * Compiles the fixtures into `<tmp>/<name>` with the documented config, after `edit`: the same
 * file, but with absolute paths and its artifacts in that folder (and no source control, as
 * nothing is committed).
 */
export async function compileFixtures(tmp: string, name: string, edit: (config: any) => any = (config) => config): Promise<Compilation> {
  if (!binary) throw new Error(`relay-compiler has no binary for ${process.platform} ${process.arch}`);
  const { $schema: _, ...config } = edit(JSON.parse(await readFile(join(here, 'relay.config.json'), 'utf8')));
  const dir = join(tmp, name);
  const artifacts = join(dir, 'artifacts');
  await mkdir(artifacts, { recursive: true });
  const file = join(dir, 'relay.config.json');
  const relocated = { ...config, src: resolve(here, config.src), schema: resolve(here, config.schema), artifactDirectory: artifacts };
  await writeFile(file, JSON.stringify({ ...relocated, noSourceControl: true }, null, 2));
  const child = spawn(binary, [file, '--noWatchman', '--output', 'quiet-with-errors'], {
    env: { ...process.env, NO_COLOR: '1', RUST_BACKTRACE: '0' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((done, fail) => child.on('error', fail).on('close', done));
  return { code, output: output.replace(/\x1b\[[0-9;]*m/g, ''), artifacts, files: (await readdir(artifacts)).sort() };
}

/** A generated artifact, as the app's bundle would import it. */
export async function artifact(compilation: Compilation, name: string): Promise<any> {
  return (await import(join(compilation.artifacts, `${name}.graphql.ts`))).default;
}
