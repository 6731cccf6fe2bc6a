import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryText } from '../../src/upstream/client.ts';

/**
 * An upstream call's query, written by hand (client.ts), against the WHATWG URLSearchParams
 * it replaced: the same text for any names and values, so every call's URL, and the HTTP
 * cache's key made of it, stays what it was.
 */
function reference(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined) params.append(name, String(value));
  }
  return params.toString();
}

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', "!'()~*-._", 'a b+c', 'é', '\ud800', 'x\udc00y', 'images,reviews', '%20', '&=?#'),
);
const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(undefined));

describe('the query of an upstream call', () => {
  it('is what URLSearchParams writes, names in localeCompare order', () => {
    fc.assert(
      fc.property(fc.dictionary(text, value, { maxKeys: 6 }), (query) => {
        expect(queryText(query)).toBe(reference(query));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [{ language: 'en-US', page: 2 }, 'language=en-US&page=2'],
    [{ append_to_response: 'images,reviews', language: undefined }, 'append_to_response=images%2Creviews'],
    [{ query: "Amélie (2001) it's ~ok!" }, 'query=Am%C3%A9lie+%282001%29+it%27s+%7Eok%21'],
    [{ query: 'a\ud800b' }, 'query=a%EF%BF%BDb'],
  ])('%j is %s', (query, expected) => {
    expect(queryText(query)).toBe(expected);
  });
});
