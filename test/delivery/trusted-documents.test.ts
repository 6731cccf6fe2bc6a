import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Trusted documents from a manifest that graphql-codegen's client preset really writes
 * (`persistedDocuments: true`) for the typed operations of examples/: the ids are its keys.
 */
let tmp: string;
let manifestFile: string;
let manifest: Record<string, string>;
let h: Harness;

const idOf = (operation: string) => {
  const found = Object.entries(manifest).find(([, document]) => document.includes(`query ${operation}`));
  if (!found) throw new Error(`no ${operation} in the manifest`);
  return found[0];
};

const post = (body: unknown) =>
  fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'trusted-documents-'));
  await generate(
    {
      schema: printSchema(schema),
      documents: ['examples/**/*.ts', '!examples/gql/**'],
      generates: { [`${tmp}/gql/`]: { preset: 'client', presetConfig: { persistedDocuments: true, fragmentMasking: false } } },
      silent: true,
    },
    true,
  );
  manifestFile = join(tmp, 'gql', 'persisted-documents.json');
  manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  h = await startHarness({ config: { persistedOperationsFile: manifestFile, persistedOperationsOnly: true } });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('a manifest written by the client preset, with PERSISTED_OPERATIONS_ONLY', () => {
  it('holds the example operations under opaque ids', () => {
    expect(Object.keys(manifest).length).toBeGreaterThanOrEqual(4);
    // The preset's default ids are SHA-1 hex: opaque to the gateway, which only looks them up.
    for (const id of Object.keys(manifest)) expect(id).toMatch(/^[0-9a-f]{40}$/);
  });

  it('runs an operation named by documentId, answering as the catalog does', async () => {
    const movie = h.catalog.data.movies[0]!;
    const answer = await (await post({ documentId: idOf('MoviePage'), variables: { id: movie.id } })).json();
    expect(answer.errors).toBeUndefined();
    expect(answer.data.movie).toMatchObject({ databaseId: movie.id, title: movie.title });
  });

  it('runs it named by extensions.persistedQuery.sha256Hash, and over GET by documentId', async () => {
    const movie = h.catalog.data.movies[1]!;
    const byHash = await post({
      variables: { id: movie.id },
      extensions: { persistedQuery: { version: 1, sha256Hash: idOf('MoviePage') } },
    });
    expect((await byHash.json()).data.movie.title).toBe(movie.title);
    const search = new URLSearchParams({ documentId: idOf('MoviePage'), variables: JSON.stringify({ id: movie.id }) });
    const overGet = await fetch(`${h.url}?${search}`);
    expect((await overGet.json()).data.movie.title).toBe(movie.title);
  });

  it('refuses any other document with PERSISTED_QUERY_REQUIRED, before any upstream call', async () => {
    h.catalog.resetCalls();
    const freeform = await post({ query: '{ configuration { changeKeys } }' });
    expect(freeform.status).toBe(400);
    expect((await freeform.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
    // Registering a document the APQ way is refused too.
    const document = '{ configuration { changeKeys } }';
    const registration = await post({ query: document, extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } });
    expect((await registration.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
    const overGet = await fetch(`${h.url}?query=${encodeURIComponent(document)}`);
    expect((await overGet.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('answers an unknown id with PERSISTED_QUERY_NOT_FOUND', async () => {
    const unknown = await post({ documentId: '0'.repeat(64) });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses an id sent with a document that is not its own', async () => {
    const mismatch = await post({ documentId: idOf('MoviePage'), query: '{ configuration { changeKeys } }' });
    expect((await mismatch.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_MISMATCH');
  });
});

describe('the same manifest without PERSISTED_OPERATIONS_ONLY', () => {
  it('runs its ids and any other document too', async () => {
    const open = await startHarness({ config: { persistedOperationsFile: manifestFile } });
    try {
      const movie = open.catalog.data.movies[0]!;
      const send = (body: unknown) =>
        fetch(open.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
          r.json(),
        );
      expect((await send({ documentId: idOf('MoviePage'), variables: { id: movie.id } })).data.movie.title).toBe(movie.title);
      expect((await send({ query: '{ configuration { changeKeys } }' })).data.configuration.changeKeys.length).toBeGreaterThan(0);
    } finally {
      await open.close();
    }
  });

  it('a malformed manifest stops the start with one line naming the setting', async () => {
    const { loadManifest } = await import('../../src/graphql/persisted-operations.ts');
    expect(() => loadManifest(join(tmp, 'missing.json'))).toThrowError(/^Invalid configuration: PERSISTED_OPERATIONS_FILE .*ENOENT/);
    expect(() => loadManifest(join(tmp, 'gql', 'graphql.ts'))).toThrowError(/^Invalid configuration: PERSISTED_OPERATIONS_FILE /);
  });
});
