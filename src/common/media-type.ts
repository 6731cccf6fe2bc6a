/**
 * Whether a Content-Type header names `type`, read as Yoga's request parsers read it: the first
 * type of a list (some clients send one), its case kept, parameters allowed after a `;`. Both
 * the writes fence (src/graphql/protections.ts) and the plain path (src/http/plain-path.ts) read
 * it this way, so a body either takes is one Yoga's parser takes.
 */
export function namesType(header: string | null | undefined, type: string): boolean {
  const first = header?.split(',')[0];
  return first === type || first?.startsWith(`${type};`) === true;
}
