import type { AccountStates } from './api/account.ts';
import type { SeasonAccountStates } from './api/season.ts';

/** The session's marks on one title, as a write set them: only the fields that write touched. */
export type WrittenMarks = Partial<Pick<AccountStates, 'favorite' | 'watchlist' | 'rated'>>;

/** Which title a mark belongs to: a movie, a series, or one episode of a series. */
export type MarkTarget =
  | { kind: 'movie'; id: number }
  | { kind: 'tv'; id: number }
  | { kind: 'episode'; seriesId: number; seasonNumber: number; episodeNumber: number };

function keyOf(target: MarkTarget): string {
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
export class WrittenState {
  private readonly marks = new Map<string, WrittenMarks>();

  record(target: MarkTarget, marks: WrittenMarks): void {
    const key = keyOf(target);
    this.marks.set(key, { ...this.marks.get(key), ...marks });
  }

  /** A read of a title's marks with this request's writes laid over it. */
  over(target: MarkTarget, read: AccountStates): AccountStates {
    const written = this.marks.size > 0 ? this.marks.get(keyOf(target)) : undefined;
    return written ? { ...read, ...written } : read;
  }

  /** A season's per-episode ratings with this request's episode ratings laid over them. */
  overSeason(seriesId: number, seasonNumber: number, read: SeasonAccountStates): SeasonAccountStates {
    if (this.marks.size === 0) return read;
    return {
      ...read,
      results: read.results.map((r) => {
        const written = this.marks.get(keyOf({ kind: 'episode', seriesId, seasonNumber, episodeNumber: r.episode_number }));
        return written?.rated === undefined ? r : { ...r, rated: written.rated };
      }),
    };
  }
}
