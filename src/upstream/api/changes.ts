/** Change lists: what changed on one object, and which ids changed at all (/movie/changes, ...). */
import { resource } from './define.ts';
import { changeWindow, type ChangeWindow, type Page } from './wire.ts';

export interface ChangeItem {
  id: string;
  action: string;
  time: string;
  iso_639_1?: string;
  iso_3166_1?: string;
  value?: unknown;
  original_value?: unknown;
}

export interface ChangeGroup {
  key: string;
  items: ChangeItem[];
}

/** GET …/changes of one movie, series, season, episode or person. */
export interface Changes {
  changes: ChangeGroup[];
}

/** GET /movie/changes, /tv/changes, /person/changes. `adult` can be null. */
export interface ChangedId {
  id: number;
  adult: boolean | null;
}

export const changesResources = {
  movieChangeList: resource<ChangeWindow, Page<ChangedId>>((p) => ({ path: ['movie', 'changes'], query: changeWindow(p) })),
  tvChangeList: resource<ChangeWindow, Page<ChangedId>>((p) => ({ path: ['tv', 'changes'], query: changeWindow(p) })),
  personChangeList: resource<ChangeWindow, Page<ChangedId>>((p) => ({ path: ['person', 'changes'], query: changeWindow(p) })),
};
