import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { calendarDate } from '../kit/dates.ts';

/** The orders of a filmography, and the sort that applies them (the catalog sends no order of its own). */

export const PersonCreditSort = builder.enumType('PersonCreditSort', {
  description: 'Orders of the credits of a person. Credits without a known date come last in both date orders.',
  values: {
    RELEASE_DATE_DESC: { value: 'release_date.desc', description: 'Newest first, by release date (first air date for series).' },
    RELEASE_DATE_ASC: { value: 'release_date.asc', description: 'Oldest first, by release date (first air date for series).' },
    POPULARITY_DESC: { value: 'popularity.desc', description: 'Most popular work first.' },
  } as const,
});

type Work = { release_date?: string; first_air_date?: string; popularity?: number };

/** The day a credit's work came out: a movie's release date, a series' first air date; null when unknown. */
const dayOf = (work: Work) => calendarDate(work.release_date ?? work.first_air_date);

/** The credits in the given order (a stable sort: ties keep the catalog's order); as they came without one. */
export function sortCredits<Credit extends Work>(credits: readonly Credit[], sortBy: string | null | undefined): Credit[] {
  if (!sortBy) return [...credits];
  if (sortBy === 'popularity.desc') return [...credits].sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0));
  const direction = sortBy === 'release_date.asc' ? 1 : -1;
  return [...credits].sort((a, b) => {
    const [x, y] = [dayOf(a), dayOf(b)];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -direction : direction;
  });
}

/** Both halves of a person's credits in one order. */
export function sortedCredits<Cast extends Work, Crew extends Work>(
  credits: Up.CastAndCrew<Cast, Crew>,
  sortBy: string | null | undefined,
) {
  return { ...credits, cast: sortCredits(credits.cast, sortBy), crew: sortCredits(credits.crew, sortBy) };
}
