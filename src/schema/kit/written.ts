import type { GatewayContext } from '../context.ts';
import type { MarkTarget, WrittenMarks } from '../../upstream/loaders.ts';

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
export function wroteMarks(c: GatewayContext, target: MarkTarget, marks: WrittenMarks): void {
  c.written.record(target, marks);
  for (const list of MARK_LISTS) c.loaders[list].clearAll();
}
