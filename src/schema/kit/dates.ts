import { DateResolver, DateTimeResolver } from 'graphql-scalars';
import { builder } from '../builder.ts';

/**
 * The two time scalars of the graph and the guards in front of them. graphql-scalars' serializers
 * throw on anything that is not a valid date ("" included), and a thrown serializer turns the
 * field into an error that nulls its non-null parents. The real service sends "" and null for
 * unknown dates, so every upstream value passes through `calendarDate` or `instant` first: a value
 * that is not a valid date becomes null for that field alone.
 */

// @specifiedBy names the format for tools that map scalars to types (relay-compiler's
// customScalarTypes, codegen): both are RFC 3339's, a full-date and a date-time.
builder.addScalarType('Date', DateResolver, {
  specifiedByURL: 'https://datatracker.ietf.org/doc/html/rfc3339#section-5.6',
  description: 'A calendar day, without time or zone: YYYY-MM-DD (RFC 3339 full-date), such as "1977-05-25".',
});

builder.addScalarType('DateTime', DateTimeResolver, {
  specifiedByURL: 'https://datatracker.ietf.org/doc/html/rfc3339#section-5.6',
  description:
    'An instant: an ISO 8601 / RFC 3339 date-time with its zone, in UTC as the graph sends it, such as "2023-04-08T16:35:05.000Z".',
});

/** What the scalar would send for the value, or null where its serializer would throw. */
function serialized(resolver: { serialize: (value: unknown) => unknown }, value: string): string | null {
  try {
    // DateTime's serializer answers a Date object, which JSON writes as its toISOString().
    const out = resolver.serialize(value);
    return out instanceof Date ? out.toISOString() : String(out);
  } catch {
    return null;
  }
}

/** An upstream calendar day as the `Date` scalar sends it; null when the service sent "", null or no valid day. */
export function calendarDate(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? serialized(DateResolver, value) : null;
}

/**
 * An upstream instant as the `DateTime` scalar sends it: in UTC with milliseconds
 * ("2023-04-08T16:35:05.000Z"), the catalog's "2023-04-08 16:35:05 UTC" (changes, tokens)
 * included; null when the service sent "", null or no valid instant.
 */
export function instant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const utc = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?) UTC$/.exec(value);
  const iso = utc ? `${utc[1]}T${utc[2]}Z` : value;
  return serialized(DateTimeResolver, iso);
}

/** A `Date` argument (graphql-scalars parses it to a Date at UTC midnight) as the YYYY-MM-DD the catalog takes. */
export function dayParam(value: Date | null | undefined): string | undefined {
  return value ? value.toISOString().slice(0, 10) : undefined;
}
