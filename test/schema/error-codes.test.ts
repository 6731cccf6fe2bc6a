import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/common/error-codes.ts';

/** The documented table of error codes (docs/errors.md) and the code's one table say the same. */
describe('error codes', () => {
  it('docs/errors.md lists every code of src/common/error-codes.ts, and no other', () => {
    const page = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    const listed = [...page.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]).sort();
    expect(listed).toEqual(Object.keys(ERROR_CODES).sort());
  });
});
