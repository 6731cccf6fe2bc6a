/**
 * The changes window shared by every /changes endpoint: by default the last day before the
 * catalog's today; at most 14 days (422 code 20); dates are YYYY-MM-DD (400 code 23).
 */
import { addDays, daysBetween } from '../data/dates.ts';
import type { ChangeItem, MovieChange } from '../data/types.ts';
import { CODE, CatalogError } from '../errors.ts';
import { readDay, readPage, type Query } from '../params.ts';

export const MAX_CHANGE_RANGE_DAYS = 14;

export interface ChangeGroup {
  key: string;
  items: ChangeItem[];
}

/** Both ends inclusive, as whole days. */
export function readChangeWindow(query: Query, today: string): { start: string; end: string } {
  const startDate = readDay(query, 'start_date');
  const endDate = readDay(query, 'end_date');
  const end = endDate ?? today;
  const start = startDate ?? addDays(end, -1);
  if (daysBetween(start, end) > MAX_CHANGE_RANGE_DAYS) throw new CatalogError(CODE.invalidDateRange);
  return { start, end };
}

/**
 * { changes: [{ key, items }] }: grouped by key in order of first appearance, items in time order.
 * The real response has no paging envelope although `page` is accepted; pages past 1 are empty.
 */
export function changesBody(changes: readonly MovieChange[], query: Query, today: string): { changes: ChangeGroup[] } {
  const { start, end } = readChangeWindow(query, today);
  if (readPage(query) > 1) return { changes: [] };
  const groups = new Map<string, ChangeItem[]>();
  for (const { key, item } of changes) {
    const day = item.time.slice(0, 10);
    if (day < start || day > end) continue;
    const items = groups.get(key);
    if (items) items.push(item);
    else groups.set(key, [item]);
  }
  return { changes: [...groups].map(([key, items]) => ({ key, items })) };
}
