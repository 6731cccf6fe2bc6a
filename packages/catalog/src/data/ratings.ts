/**
 * Who rated what: one in-memory store per running catalog (it lives in CatalogData.ratings),
 * shared by every route that rates, un-rates or reads ratings:
 *   - POST/DELETE /movie/{id}/rating, /tv/{id}/rating, /tv/{id}/season/{s}/episode/{e}/rating → rate / unrate
 *   - account_states of movies, series and episodes → ratingOf
 *   - /account/{id}/rated/..., /guest_session/{id}/rated/... → ratedBy
 *
 * A rater is the account (`accountRater(accountId)`) or a guest session (`guestRater(guestSessionId)`);
 * routes get one from `viewerOf(request, ...)` in ../viewer.ts. Episodes are keyed by their episode
 * id (unique across the catalog). Values are 0.5..10 in steps of 0.5 (the route validates them).
 * The generated account's ratings are the seed; writes change it for this catalog instance only.
 */

import type { EpisodeAccountState } from './tv-types.ts';

export type RatedKind = 'movie' | 'tv' | 'episode';

/** "account:<id>" or "guest:<guest_session_id>". */
export type Rater = string & { readonly __rater: unique symbol };

export const accountRater = (accountId: number): Rater => `account:${accountId}` as Rater;
export const guestRater = (guestSessionId: string): Rater => `guest:${guestSessionId}` as Rater;

export interface StoredRating {
  kind: RatedKind;
  /** Movie id, series id or episode id. */
  id: number;
  value: number;
  /** ISO timestamp: the order behind sort_by=created_at.asc|desc. */
  created_at: string;
}

/** A logical clock for writes (the catalog never reads the wall clock for data). */
function nextTimestamp(previous: string | undefined, floorMs: number): string {
  const previousMs = previous === undefined ? 0 : Date.parse(previous);
  return new Date(Math.max(previousMs + 1000, floorMs)).toISOString();
}

export class RatingStore {
  /** rater → kind → subject id → rating, each map in created_at order. */
  private readonly byRater = new Map<Rater, Map<RatedKind, Map<number, StoredRating>>>();
  private latest: string | undefined;

  private episodeMirror: { rater: Rater; states: Map<number, EpisodeAccountState> } | undefined;

  /** @param floorMs writes made at run time are stamped after this instant (and after every seed). */
  private readonly floorMs: number;

  constructor(floorMs: number) {
    this.floorMs = floorMs;
  }

  /**
   * Keeps `rated` of CatalogData.episodeAccountStates in step with this store for one rater (the
   * account), so code reading that map directly stays consistent. Seeds the store from the map.
   */
  mirrorEpisodes(rater: Rater, states: Map<number, EpisodeAccountState>, createdAt: (episodeId: number) => string): void {
    this.episodeMirror = { rater, states };
    const seeded = [...states]
      .filter(([, state]) => state.rated !== false)
      .map(([id, state]) => ({
        kind: 'episode' as const,
        id,
        value: (state.rated as { value: number }).value,
        created_at: createdAt(id),
      }));
    for (const rating of seeded.sort((a, b) => a.created_at.localeCompare(b.created_at))) this.seed(rater, rating);
  }

  /** Loads a generated rating (oldest first). */
  seed(rater: Rater, rating: StoredRating): void {
    this.subjects(rater, rating.kind).set(rating.id, rating);
    if (this.latest === undefined || rating.created_at > this.latest) this.latest = rating.created_at;
  }

  /** Sets or replaces a rating. 'created' for a new one, 'updated' when it replaced one (keeps its place). */
  rate(kind: RatedKind, id: number, rater: Rater, value: number): 'created' | 'updated' {
    const subjects = this.subjects(rater, kind);
    const existing = subjects.get(id);
    this.mirror(kind, id, rater, { value });
    if (existing) {
      existing.value = value;
      return 'updated';
    }
    this.latest = nextTimestamp(this.latest, this.floorMs);
    subjects.set(id, { kind, id, value, created_at: this.latest });
    return 'created';
  }

  /** Removes a rating; false when there was none. */
  unrate(kind: RatedKind, id: number, rater: Rater): boolean {
    this.mirror(kind, id, rater, false);
    return this.byRater.get(rater)?.get(kind)?.delete(id) ?? false;
  }

  /** The rater's value for one subject, or undefined. */
  ratingOf(kind: RatedKind, id: number, rater: Rater): number | undefined {
    return this.byRater.get(rater)?.get(kind)?.get(id)?.value;
  }

  /** Everything the rater rated of one kind, oldest first (sort_by=created_at.asc). */
  ratedBy(rater: Rater, kind: RatedKind): StoredRating[] {
    return [...(this.byRater.get(rater)?.get(kind)?.values() ?? [])];
  }

  private mirror(kind: RatedKind, id: number, rater: Rater, rated: { value: number } | false): void {
    const target = this.episodeMirror;
    if (kind !== 'episode' || !target || target.rater !== rater) return;
    const state = target.states.get(id);
    if (state) state.rated = rated;
    else if (rated !== false) target.states.set(id, { favorite: false, rated, watchlist: false });
  }

  private subjects(rater: Rater, kind: RatedKind): Map<number, StoredRating> {
    let kinds = this.byRater.get(rater);
    if (!kinds) this.byRater.set(rater, (kinds = new Map()));
    let subjects = kinds.get(kind);
    if (!subjects) kinds.set(kind, (subjects = new Map()));
    return subjects;
  }
}
