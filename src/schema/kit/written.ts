import type { AccountStates } from '../../upstream/api/account.ts';
import type { SeasonAccountStates } from '../../upstream/api/season.ts';
import type { Loaders } from '../../upstream/loaders.ts';

/** The session's marks on one title, as a write set them: only the fields that write touched. */
export type WrittenMarks = Partial<Pick<AccountStates, 'favorite' | 'watchlist' | 'rated'>>;

/** Which title a mark belongs to: a movie, a series, or one episode of a series. */
export type MarkTarget =
  | { kind: 'movie'; id: number }
  | { kind: 'tv'; id: number }
  | { kind: 'episode'; seriesId: number; seasonNumber: number; episodeNumber: number };

function markKeyOf(target: MarkTarget): string {
  return target.kind === 'episode'
    ? `episode/${target.seriesId}/${target.seasonNumber}/${target.episodeNumber}`
    : `${target.kind}/${target.id}`;
}

/**
 * What this request's writes set, as the upstream acknowledged them. The real service's reads
 * may lag its writes by seconds, and a loader may hold a read made before the write; so every
 * read of a title's account state in the same request is laid under what was written, and a
 * write's own answer shows the written values, never an older read. One per request, like the
 * loaders: it never outlives the request that wrote.
 */
export type WrittenState = Map<string, WrittenMarks>;

/** A read of a title's marks with this request's writes laid over it. */
export function writtenOver(written: WrittenState, target: MarkTarget, read: AccountStates): AccountStates {
  const marks = written.get(markKeyOf(target));
  return marks ? { ...read, ...marks } : read;
}

/** A season's per-episode ratings with this request's episode ratings laid over them. */
export function writtenOverSeason(
  written: WrittenState,
  seriesId: number,
  seasonNumber: number,
  read: SeasonAccountStates,
): SeasonAccountStates {
  if (written.size === 0) return read;
  return {
    ...read,
    results: read.results.map((r) => {
      const marks = written.get(markKeyOf({ kind: 'episode', seriesId, seasonNumber, episodeNumber: r.episode_number }));
      return marks?.rated === undefined ? r : { ...r, rated: marks.rated };
    }),
  };
}

/** The account's lists of marked titles: a mark write changes what they hold. */
const MARK_LISTS = [
  'ratedMovies',
  'ratedTVSeries',
  'ratedEpisodes',
  'favoriteMovies',
  'favoriteTVSeries',
  'watchlistMovies',
  'watchlistTVSeries',
  'guestRatedMovies',
  'guestRatedTVSeries',
  'guestRatedEpisodes',
] as const;

/**
 * After the upstream acknowledged a write to the session's marks on a title: everything later
 * in this request sees it. The title's account state is laid under the written values (see
 * WrittenState), and the account's lists read before the write are dropped from their loaders,
 * so a later read in the same request asks again.
 */
export function wroteMarks(
  c: { written: WrittenState; loaders: Pick<Loaders, (typeof MARK_LISTS)[number]> },
  target: MarkTarget,
  marks: WrittenMarks,
): void {
  const key = markKeyOf(target);
  c.written.set(key, { ...c.written.get(key), ...marks });
  for (const list of MARK_LISTS) c.loaders[list].clearAll();
}
