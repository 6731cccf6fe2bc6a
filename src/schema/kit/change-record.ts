import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { dayParam, instant } from './dates.ts';
import { openEnum } from './open-enum.ts';
import * as valid from './validate.ts';

/** Change records (one edit, and the edits of one attribute) and the day-window arguments of every changes field. */

const ChangeAction = openEnum('ChangeAction', 'What a recorded edit did.', {
  ADDED: { value: 'added', description: 'A value was added.' },
  UPDATED: { value: 'updated', description: 'A value was changed.' },
  DELETED: { value: 'deleted', description: 'A value was removed.' },
  CREATED: { value: 'created', description: 'The object was created.' },
});

const ChangeItem = builder.objectRef<Up.ChangeItem>('ChangeItem').implement({
  description: 'One recorded edit of an attribute of a movie, series, season, episode or person.',
  fields: (t) => ({
    databaseId: t.exposeString('id', { description: "The catalog's identifier of the change; `id` is the global id." }),
    action: t.field({
      type: ChangeAction.ref,
      description: 'What happened: ADDED, UPDATED, DELETED or CREATED.',
      resolve: (item) => ChangeAction.always(item.action),
    }),
    time: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'When the change was made, as an ISO 8601 UTC timestamp ("2023-04-08T16:35:05.000Z"); null when the catalog sent no valid time.',
      resolve: (item) => instant(item.time),
    }),
    countryCode: t.string({
      nullable: true,
      description: "ISO 3166-1 country the change applies to; null when it applies everywhere. The catalog's empty string comes as null.",
      resolve: (item) => item.iso_3166_1 || null,
    }),
    languageCode: t.string({
      nullable: true,
      description:
        "ISO 639-1 language the change applies to; null when it applies to all languages. The catalog's empty string comes as null.",
      resolve: (item) => item.iso_639_1 || null,
    }),
    value: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The new value. Its shape depends on the group key (for "images": `{ poster: { file_path } }`).',
      resolve: (item) => item.value ?? null,
    }),
    originalValue: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The value before the change, when the catalog recorded it.',
      resolve: (item) => item.original_value ?? null,
    }),
  }),
});

export const ChangeGroup = builder.objectRef<Up.ChangeGroup>('ChangeGroup').implement({
  description: 'The changes made to one attribute of a movie, series, season, episode or person.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The attribute that changed, one of `Configuration.changeKeys`.' }),
    items: t.field({ type: [ChangeItem], description: 'The changes, oldest first.', resolve: (group) => group.items }),
  }),
});

/** Arguments of every changes field: the window (both ends inclusive, at most 14 days) and the page. */
export const changeWindowArgs = builder.args((t) => ({
  startDate: t.field({ type: 'Date', required: false, description: 'First day. Without it, the day before endDate.' }),
  endDate: t.field({ type: 'Date', required: false, description: 'Last day. Without it, today.' }),
  // No default in the schema: a page is sent only when given (an episode's changes route takes none).
  page: t.int({ required: false, description: 'Which page, from 1 to 500. Without it, the first.' }),
}));

/** Checks the window arguments before any upstream call. */
export function changeWindow(args: { startDate?: Date | null; endDate?: Date | null; page?: number | null }) {
  const window = {
    startDate: dayParam(args.startDate),
    endDate: dayParam(args.endDate),
    page: valid.page('page', args.page),
  };
  if (window.startDate && window.endDate && window.startDate > window.endDate) {
    throw valid.badInput('endDate', 'must not be before startDate.');
  }
  return window;
}
