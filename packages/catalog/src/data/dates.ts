/**
 * Dates of the generated catalog. Everything is computed from a fixed reference day,
 * never from the wall clock, so upcoming movies and recent changes are the same on every start.
 */

/** The catalog's "today": upcoming movies start here, changes end here. */
export const CATALOG_TODAY = '2026-11-01';

export const DAY_MS = 86_400_000;

/**
 * Day numbers (days since 1970-01-01) to and from YYYY-MM-DD, by arithmetic rather than Date
 * objects: generation converts tens of thousands of dates (H. Hinnant's civil-date algorithms).
 */
function dayNumber(day: string): number {
  let year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  year -= month <= 2 ? 1 : 0;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + date - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function dayText(dayNo: number): string {
  const z = dayNo + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;
}

/** Milliseconds since the epoch of a YYYY-MM-DD day at 00:00 UTC. */
export function dayToMs(day: string): number {
  return dayNumber(day) * DAY_MS;
}

export function msToDay(ms: number): string {
  return dayText(Math.floor(ms / DAY_MS));
}

export function addDays(day: string, days: number): string {
  return dayText(dayNumber(day) + days);
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
  return addDays(text, 0) === text;
}
