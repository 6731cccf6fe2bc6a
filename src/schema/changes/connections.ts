import { builder } from '../builder.ts';
import { changeWindow, changeWindowArgs } from '../kit/change-record.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import { ChangedMovie, ChangedPerson, ChangedTVSeries, ChangeLists } from './changes.ts';

/**
 * The change feeds, each a Relay cursor connection over the catalog's numbered pages. The
 * catalog pages these lists by 100, not 20, so the window is read with that page size.
 */

const CHANGE_PAGE_SIZE = 100;

const ChangedMovieConnection = connectionOf('ChangedMovie', 'edited movies', ChangedMovie);
const ChangedTVSeriesConnection = connectionOf('ChangedTVSeries', 'edited TV series', ChangedTVSeries);
const ChangedPersonConnection = connectionOf('ChangedPerson', 'edited people', ChangedPerson);

// The window of days without its `page`: the cursor says where in the list a window starts.
const { page: _page, ...dayArgs } = changeWindowArgs;

type Days = { startDate?: Date | null; endDate?: Date | null };

/** Checks the days before any call, then the upstream parameters of one page of the feed. */
function feedPages(args: Days) {
  changeWindow(args);
  return (page: number) => changeWindow({ ...args, page });
}

builder.objectFields(ChangeLists, (t) => ({
  movies: t.field({
    type: ChangedMovieConnection,
    description: 'Movies edited in the window, most recently edited first.',
    args: { ...dayArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const pageOf = feedPages(args);
      return connectPages(args, info, (page) => c.loaders.movieChangeList.load(pageOf(page)), CHANGE_PAGE_SIZE);
    },
  }),
  tvSeries: t.field({
    type: ChangedTVSeriesConnection,
    description: 'TV series edited in the window, counting edits of their seasons and episodes, most recently edited first.',
    args: { ...dayArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const pageOf = feedPages(args);
      return connectPages(args, info, (page) => c.loaders.tvChangeList.load(pageOf(page)), CHANGE_PAGE_SIZE);
    },
  }),
  people: t.field({
    type: ChangedPersonConnection,
    description: 'People edited in the window, most recently edited first.',
    args: { ...dayArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const pageOf = feedPages(args);
      return connectPages(args, info, (page) => c.loaders.personChangeList.load(pageOf(page)), CHANGE_PAGE_SIZE);
    },
  }),
}));
