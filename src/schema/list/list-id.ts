import { ARGUMENT } from '../../common/messages.ts';
import type { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';

/**
 * A list's id as an argument. `UserList.listId` is an `ID!` (lists made before 2018 have 24-hex
 * ids), so every argument naming a list is an `ID` too: `userListId` in the writes' inputs, `listId` on
 * `list`, `listIds` on `lists`.
 */

type Args = { arg: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]['arg'] };

/** The arguments of `list`. */
export const readableListArgs = (t: Args) => ({
  listId: t.arg.id({ required: true, description: 'The list: its `listId`, numeric or the 24-hex id of a list made before 2018.' }),
});

/** The list a write names (its input's `userListId`): numeric, as the catalog's list writes take it. */
export function writableListId(argument: string, value: string | number, field?: string): number {
  const text = String(value);
  return valid.id(argument, /^\d{1,10}$/.test(text) ? Number(text) : text, field);
}

/** A list's `listId` as a key: a number, or the 24-hex id of a list made before 2018. */
function listKey(argument: string, value: string | number): number | string {
  const text = String(value);
  if (/^\d{1,10}$/.test(text)) return valid.id(argument, Number(text));
  if (/^[0-9a-f]{24}$/i.test(text)) return text;
  throw valid.badInput(argument, ARGUMENT.listId(text));
}

/** The list `list` names: a number, or the 24-hex id of a list made before 2018. */
export function readableListId(args: { listId: string | number }): number | string {
  return listKey('listId', args.listId);
}

/** The lists `lists` names, each as `listId` takes it. */
export function readableListIds(args: { listIds: Array<string | number> }): Array<number | string> {
  return args.listIds.map((id) => listKey('listIds', id));
}
