import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkChangelog } from '../schema/changelog.ts';
import { federationLosses, schemaOf } from './federation-losses.ts';

/**
 * The subgraph's SDL is a contract with the other subgraphs and the router: a change that breaks
 * them must be announced, as for `/graphql` (test/schema/breaking-changes.test.ts). Between
 * `schema/released-subgraph.graphql` (the subgraph SDL of the last release, which routers compose
 * against) and `schema/subgraph.graphql` (held to the code by
 * subgraph.test.ts), graphql-inspector finds the schema's breaking changes, and this file the
 * federation's own that it does not know: a `@key` removed (other subgraphs' references by it stop
 * resolving) or a `@shareable` removed (a subgraph that defines the same type no longer composes).
 * CHANGELOG.md names each under Unreleased → "Breaking on /subgraph".
 */

const SECTION = 'Breaking on /subgraph';
const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

const HOW_TO_FIX = `Add one bullet per change to CHANGELOG.md under "## Unreleased" → "### ${SECTION}", starting with the coordinate in backticks.`;

describe('CHANGELOG.md against schema/released-subgraph.graphql → schema/subgraph.graphql', () => {
  const released = parse(read('schema/released-subgraph.graphql'));
  const current = parse(read('schema/subgraph.graphql'));
  const check = () =>
    checkChangelog(schemaOf(released), schemaOf(current), read('CHANGELOG.md'), {
      section: SECTION,
      others: federationLosses(released, current),
    });

  it(`names every breaking change of the subgraph, keys and directives included, under Unreleased → ${SECTION}`, async () => {
    const { unnamed } = await check();
    if (unnamed.length > 0)
      expect.fail(
        `${unnamed.length} breaking change(s) of the subgraph not named in CHANGELOG.md:\n  ${unnamed.join('\n  ')}\n${HOW_TO_FIX}`,
      );
  });

  it(`has no stale or malformed bullet under ${SECTION}`, async () => {
    const { stale, malformed } = await check();
    expect(malformed).toEqual([]);
    expect(stale).toEqual([]);
  });
});

describe('the federation check itself', () => {
  const before = parse(`
    type Movie @key(fields: "id") @key(fields: "slug") { id: Int! slug: String! }
    type Genre @shareable { id: Int! name: String! }
    type Image { url: String! @shareable }
  `);

  it('finds a removed @key and a removed @shareable, on a type and on a field', () => {
    const after = parse(`
      type Movie @key(fields: "id") { id: Int! slug: String! }
      type Genre { id: Int! name: String! }
      type Image { url: String! }
    `);
    expect(federationLosses(before, after)).toEqual([
      { coordinate: 'Movie', message: '@key(fields: "slug") removed' },
      { coordinate: 'Genre', message: '@shareable removed' },
      { coordinate: 'Image.url', message: '@shareable removed' },
    ]);
  });

  it('lets a key or @shareable be added, and a field move under a shareable type', () => {
    const after = parse(`
      type Movie @key(fields: "id") @key(fields: "slug") @key(fields: "imdbId") { id: Int! slug: String! imdbId: String }
      type Genre @shareable { id: Int! name: String! }
      type Image @shareable { url: String! }
    `);
    expect(federationLosses(before, after)).toEqual([]);
  });

  it('fails the changelog check for a removed key no bullet names, and passes once one does', async () => {
    const after = parse(
      'type Movie @key(fields: "id") { id: Int! slug: String! } type Genre @shareable { id: Int! name: String! } type Image { url: String! @shareable }',
    );
    const log = (bullets: string) => `# Changelog\n\n## Unreleased\n\n### ${SECTION}\n\n${bullets}\n\n## 0.1.0\n`;
    const others = federationLosses(before, after);
    const unnamed = await checkChangelog(schemaOf(before), schemaOf(after), log(''), { section: SECTION, others });
    expect(unnamed.unnamed).toEqual(['Movie: @key(fields: "slug") removed']);
    const named = await checkChangelog(schemaOf(before), schemaOf(after), log('- `Movie`: no longer keyed by `slug`.'), {
      section: SECTION,
      others,
    });
    expect(named.unnamed).toEqual([]);
    expect(named.stale).toEqual([]);
  });
});
