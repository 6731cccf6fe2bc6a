import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/error-codes.ts';

/** The README's error table and the code's one table of codes say the same. */
describe('error codes', () => {
  it('the README lists every code of src/error-codes.ts, and no other', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Errors'), readme.indexOf('\n## ', readme.indexOf('## Errors') + 1));
    const listed = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]).sort();
    expect(listed).toEqual(Object.keys(ERROR_CODES).sort());
  });
});
