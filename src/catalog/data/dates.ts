/**
 * Dates of the generated catalog. Everything is computed from a fixed reference day,
 * never from the wall clock, so upcoming movies and recent changes are the same on every start.
 */

/** The catalog's "today": upcoming movies start here, changes end here. */
export const CATALOG_TODAY = '2026-11-01';

const DAY_MS = 86_400_000;

/** Milliseconds since the epoch of a YYYY-MM-DD day at 00:00 UTC. */
export function dayToMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function msToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return msToDay(dayToMs(day) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToMs(to) - dayToMs(from)) / DAY_MS);
}

/** The "YYYY-MM-DD HH:MM:SS UTC" form used by change times and token expiry. */
export function utcTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** ISO 8601 with milliseconds and Z, as in review timestamps. */
export function isoTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/** True for a real calendar day written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = dayToMs(text);
  return !Number.isNaN(ms) && msToDay(ms) === text;
}

export { DAY_MS };
