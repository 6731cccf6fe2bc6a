import { builder } from '../builder.ts';

/**
 * Enums over the closed sets the real service sends as strings or numbers (statuses, genders,
 * video kinds...). Each gets an `OTHER` value: the service adds values now and then, and a value
 * this schema does not list yet must answer OTHER rather than fail the query (graphql-js refuses
 * to serialize an internal value an enum does not have).
 */

/** The internal value of OTHER: no string or number the service sends. */
const UNLISTED = '\u0000unlisted';

export interface OpenEnumValue<Raw> {
  value: Raw;
  description: string;
}

export function openEnum<Raw extends string | number>(
  name: string,
  description: string,
  values: Record<string, OpenEnumValue<Raw>>,
  other = 'A value the catalog sends that this schema does not list yet. Clients should show it as unknown.',
) {
  const ref = builder.enumType(name, {
    description,
    values: { ...values, OTHER: { value: UNLISTED as Raw, description: other } } as Record<string, OpenEnumValue<Raw>>,
  });
  const listed = new Set<unknown>(Object.values(values).map((entry) => entry.value));
  return {
    ref,
    /** The enum value for what the service sent: its own, OTHER for an unlisted one (and for ""), null for none. */
    of: (raw: unknown): Raw | null => (raw === null || raw === undefined ? null : listed.has(raw) ? (raw as Raw) : (UNLISTED as Raw)),
    /** The same for a field that always has a value: a missing one is OTHER too. */
    always: (raw: unknown): Raw => (listed.has(raw) ? (raw as Raw) : (UNLISTED as Raw)),
    /** Whether an argument names OTHER, which stands for no value the service takes. */
    isOther: (value: unknown) => value === UNLISTED,
  };
}
