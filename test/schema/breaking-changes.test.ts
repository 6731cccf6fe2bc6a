import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkChangelog, parseChangelog } from './changelog.ts';

/**
 * The schema a client builds against is the contract: a change that breaks it must be announced.
 * graphql-inspector's diff (a tool we did not write) finds the breaking changes between the last
 * release (schema/released.graphql) and this one (schema/schema.graphql, which
 * printed-schema.test.ts holds to the code); CHANGELOG.md must name each one.
 */
const released = buildSchema(readFileSync(new URL('../../schema/released.graphql', import.meta.url), 'utf8'));
const current = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');

const HOW_TO_FIX =
  'Add one bullet per change to CHANGELOG.md under "## Unreleased" → "### Breaking", starting with the coordinate in ' +
  'backticks, e.g. "- `Movie.releaseDate`: now `Date` (YYYY-MM-DD) instead of `String`." ' +
  '(arguments: `Type.field(arg:)`; a removed or re-kinded type: `Type`; an enum value: `Enum.VALUE`).';

describe('CHANGELOG.md against schema/released.graphql → schema/schema.graphql', () => {
  it('names every breaking change under Unreleased → Breaking', async () => {
    const { unnamed } = await checkChangelog(released, current, changelog);
    if (unnamed.length > 0) {
      expect.fail(`${unnamed.length} breaking change(s) not named in CHANGELOG.md:\n  ${unnamed.join('\n  ')}\n${HOW_TO_FIX}`);
    }
  });

  it('has no stale or malformed bullet under Breaking', async () => {
    const { stale, malformed } = await checkChangelog(released, current, changelog);
    expect(malformed, 'bullets under Breaking must start with a backticked schema coordinate').toEqual([]);
    expect(stale, 'these bullets name nothing that changed since the release: fix the coordinate or remove them').toEqual([]);
  });

  it('keeps nothing deprecated in the release for a second one without saying why', async () => {
    const { overdue } = await checkChangelog(released, current, changelog);
    expect(
      overdue,
      'deprecated in the last release: remove them now, or name each in a bullet under Unreleased saying why it stays',
    ).toEqual([]);
  });

  it('gives every deprecation in the schema a reason of its own (it names the successor)', () => {
    const reasons: string[] = [];
    for (const type of Object.values(current.getTypeMap())) {
      if (type.name.startsWith('__') || !('getFields' in type)) continue;
      for (const field of Object.values(type.getFields())) {
        if (field.deprecationReason !== undefined && field.deprecationReason !== null)
          reasons.push(`${type.name}.${field.name}: ${field.deprecationReason}`);
      }
    }
    expect(reasons.filter((reason) => /: (No longer supported)?$/.test(reason))).toEqual([]);
  });
});

/** The same check on small schemas, to show each finding is really made. */
describe('the changelog check itself', () => {
  const before = buildSchema(`
    type Query { movie(id: Int!): Movie, old: String @deprecated(reason: "Use \`movie\`.") }
    type Movie { releaseDate: String, title: String! }
    enum Status { RELEASED RUMORED }
    type Gone { id: ID }
  `);
  const after = buildSchema(`
    scalar Date
    type Query { movie(id: ID!): Movie, old: String @deprecated(reason: "Use \`movie\`.") }
    type Movie { releaseDate: Date, title: String! }
    enum Status { RELEASED }
  `);
  const log = (breaking: string, other = '') =>
    `# Changelog\n\n## Unreleased\n\n### Breaking\n\n${breaking}\n\n### Changed\n\n${other}\n\n## 0.1.0\n\n- \`Movie.title\`: old news.\n`;

  it('reads bullets, their continuation lines and their coordinates', () => {
    const parsed = parseChangelog(log('- `Movie.releaseDate`: now `Date`,\n  not `String`.\n- `Query.movie(id:)`: now `ID!`.'));
    expect(parsed.breaking).toEqual([
      { coordinate: 'Movie.releaseDate', text: '- `Movie.releaseDate`: now `Date`, not `String`.' },
      { coordinate: 'Query.movie(id:)', text: '- `Query.movie(id:)`: now `ID!`.' },
    ]);
  });

  it('lists each unnamed breaking change by coordinate: field type, argument type, enum value, removed type', async () => {
    const found = await checkChangelog(before, after, log('- `Movie.releaseDate`: now `Date`.'));
    expect(found.unnamed.map((line) => line.split(':')[0])).toEqual(expect.arrayContaining(['Query.movie(id', 'Status.RUMORED', 'Gone']));
    expect(found.unnamed.some((line) => line.startsWith('Movie.releaseDate'))).toBe(false);
    expect(found.unnamed.find((line) => line.startsWith('Query.movie(id:)'))).toMatch(/changed from 'Int!' to 'ID!'/);
  });

  it('passes when each is named, and a type bullet covers that type only', async () => {
    const all = [
      '- `Movie.releaseDate`: now `Date`.',
      '- `Query.movie(id:)`: now `ID!`.',
      '- `Status.RUMORED`: gone.',
      '- `Gone`: removed.',
    ];
    expect(await checkChangelog(before, after, log(all.join('\n')))).toEqual({
      unnamed: [],
      stale: [],
      malformed: [],
      overdue: ['Query.old'],
    });
    // `Movie` does not name the change of `Movie.releaseDate`: a bullet says which field changed.
    const broad = await checkChangelog(before, after, log('- `Movie`: dates are Dates now.'));
    expect(broad.unnamed.some((line) => line.startsWith('Movie.releaseDate'))).toBe(true);
  });

  it('finds stale bullets (names nothing changed) and malformed ones (no coordinate)', async () => {
    const found = await checkChangelog(before, after, log('- `Movie.title`: now required.\n- Dates are Dates now.'));
    expect(found.stale).toEqual(['- `Movie.title`: now required.']);
    expect(found.malformed).toEqual(['- Dates are Dates now.']);
  });

  it('finds a field deprecated in the release that is still there, unless a bullet under Unreleased explains it', async () => {
    expect((await checkChangelog(before, after, log(''))).overdue).toEqual(['Query.old']);
    const explained = log('', '- `Query.old`: kept one more release, the mobile app 3.x still reads it.');
    expect((await checkChangelog(before, after, explained)).overdue).toEqual([]);
    const removed = buildSchema('scalar Date type Query { movie(id: ID!): Movie } type Movie { releaseDate: Date, title: String! }');
    expect((await checkChangelog(before, removed, log(''))).overdue).toEqual([]);
  });
});
