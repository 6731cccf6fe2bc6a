/** The catalog sends "" for an unknown date; clients get null. */
export function dateOrNull(value: string | null | undefined): string | null {
  return value ? value : null;
}

/** "2023-04-08 16:35:05 UTC", the catalog's change and token time format, as ISO 8601. */
export function isoTimestamp(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/.exec(value);
  return match ? `${match[1]}T${match[2]}Z` : value;
}
