import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UpstreamRequest } from '../../src/upstream/request.ts';
import { resources } from '../../src/upstream/api/registry.ts';
import { languageDefaults, withLanguage } from '../../src/upstream/language.ts';

/**
 * Which upstream calls carry the request's language is the real service's word, not ours: its
 * OpenAPI file (the operations' query parameters, kept in test/coverage/openapi-operations.json
 * with its source) names every GET that takes `language` or `include_image_language`. Each
 * resource is built with placeholder parameters and its query checked against that list.
 */
const spec = JSON.parse(readFileSync(new URL('../coverage/openapi-operations.json', import.meta.url), 'utf8')) as {
  operations: Array<{ method: string; path: string; query: string[] }>;
};
const gets = spec.operations
  .filter((operation) => operation.method === 'GET')
  .map((operation) => ({ ...operation, pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }))
  // A literal segment (/movie/latest) names its operation before a parameter (/movie/{movie_id}) does.
  .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));

/** Placeholder parameters: ids and numbers 1, words where a path wants one; no language chosen. */
const placeholders = new Proxy(
  {},
  {
    get: (_, name) => {
      if (typeof name !== 'string' || /language/i.test(name)) return undefined;
      if (/type|kind|window|source/i.test(name)) return 'movie';
      if (/^(query|externalId|reviewId|creditId|groupId)$/.test(name)) return 'x';
      return 1;
    },
    has: () => true,
  },
);

const rows = Object.entries(resources as Record<string, { build: (p: unknown, s: object) => UpstreamRequest }>).map(([name, resource]) => {
  const request = resource.build(placeholders, {});
  const path = `/3/${request.path.map(String).join('/')}`;
  return { name, path, request, operation: gets.find((operation) => operation.pattern.test(path)) };
});

describe("the request's language reaches every call that takes one, as the real service's OpenAPI file lists them", () => {
  it('every resource is a GET the OpenAPI file describes', () => {
    expect(rows.filter((row) => !row.operation).map((row) => `${row.name} ${row.path}`)).toEqual([]);
    expect(rows.length).toBeGreaterThan(100);
  });

  it.each(rows.map((row) => [row.name, row]))('%s', (_, row) => {
    const takes = row.operation!.query;
    const filled = withLanguage(row.request, languageDefaults('fr-FR')).query ?? {};
    expect(filled.language, 'language').toBe(takes.includes('language') ? 'fr-FR' : undefined);
    expect(filled.include_image_language, 'include_image_language').toBe(takes.includes('include_image_language') ? 'fr,null' : undefined);
  });
});
