import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Trusted documents from the manifest relay-compiler writes with `persistConfig` (local
 * persisting, MD5 ids) for the example Relay files of test/relay/fixtures; the compiled
 * operation carries no text, only its id, which is what relay-runtime sends.
 */
const relayDir = fileURLToPath(new URL('../relay/', import.meta.url));
const binary: string | null = createRequire(import.meta.url)('relay-compiler');
let tmp: string;
let manifestFile: string;
let h: Harness;

beforeAll(async () => {
  if (!binary) throw new Error(`relay-compiler has no binary for ${process.platform} ${process.arch}`);
  tmp = await mkdtemp(join(tmpdir(), 'relay-persisted-'));
  const { $schema: _, ...config } = JSON.parse(await readFile(join(relayDir, 'relay.config.json'), 'utf8'));
  const artifacts = join(tmp, 'artifacts');
  await mkdir(artifacts);
  manifestFile = join(tmp, 'persisted_queries.json');
  // relay-compiler adds to the file and wants it there: an app starts from an empty object.
  await writeFile(manifestFile, '{}');
  const file = join(tmp, 'relay.config.json');
  await writeFile(
    file,
    JSON.stringify({
      ...config,
      src: resolve(relayDir, config.src),
      schema: resolve(relayDir, config.schema),
      artifactDirectory: artifacts,
      noSourceControl: true,
      persistConfig: { file: manifestFile, algorithm: 'MD5' },
    }),
  );
  const child = spawn(binary, [file, '--noWatchman', '--output', 'quiet-with-errors'], { env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((done, fail) => child.on('error', fail).on('close', done));
  if (code !== 0) throw new Error(`relay-compiler failed: ${output}`);
  h = await startHarness({ config: { persistedOperationsFile: manifestFile, persistedOperationsOnly: true } });
}, 60_000);
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('a manifest written by relay-compiler, with PERSISTED_OPERATIONS_ONLY', () => {
  it('runs a compiled operation by the id its artifact carries', async () => {
    const manifest: Record<string, string> = JSON.parse(await readFile(manifestFile, 'utf8'));
    const request = (await import(join(tmp, 'artifacts', 'PopularMoviesQuery.graphql.ts'))).default;
    // Persisted: the artifact has the id and no text; the manifest has the text under that id.
    expect(request.params.text).toBeNull();
    expect(request.params.id).toMatch(/^[0-9a-f]{32}$/);
    expect(manifest[request.params.id]).toContain('query PopularMoviesQuery');
    const response = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: request.params.id, variables: {} }),
    });
    const answer = await response.json();
    expect(answer.errors).toBeUndefined();
    expect(answer.data.popularMovies.edges).toHaveLength(10);
  });

  it('refuses the same operation sent as text', async () => {
    const manifest: Record<string, string> = JSON.parse(await readFile(manifestFile, 'utf8'));
    const text = Object.values(manifest).find((document) => document.includes('query PopularMoviesQuery'))!;
    const refused = await h.query(text);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_REQUIRED');
  });
});
