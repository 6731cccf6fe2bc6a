import { ARGUMENT } from '../../common/messages.ts';
import type { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';

/**
 * A list's id as an argument. `UserList.listId` is an `ID!` (lists made before 2018 have 24-hex
 * ids), so every argument naming a list is an `ID` too: `userListId` on the writes, `listId` on
 * `list`. The old `Int` arguments stay one release, deprecated and optional (GraphQL cannot
 * change an argument's type compatibly); exactly one of the two is given.
 */

type Args = { arg: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]['arg'] };

const OLD_REASON = (successor: string) => `Use \`${successor}\`, an \`ID\` like \`UserList.listId\`.`;

/** The arguments of a write to a list of the session account. */
export const writableListArgs = (t: Args) => ({
  userListId: t.arg.id({ required: false, description: 'The list to change: its `listId`, a list of the session account.' }),
  listId: t.arg.int({
    required: false,
    description: 'Identifier of a list of the session account.',
    deprecationReason: OLD_REASON('userListId'),
  }),
});

/** The arguments of `list`. */
export const readableListArgs = (t: Args) => ({
  listId: t.arg.id({ required: false, description: 'The list: its `listId`, numeric or the 24-hex id of a list made before 2018.' }),
  id: t.arg.int({ required: false, description: 'Identifier of the list.', deprecationReason: OLD_REASON('listId') }),
});

function oneOf<T>(name: string, value: T | null | undefined, oldName: string, old: number | null | undefined): T | number {
  if ((value === null || value === undefined) === (old === null || old === undefined)) throw valid.badInput(name, ARGUMENT.oneOf(oldName));
  return value ?? valid.id(oldName, old);
}

/** The list a write names: numeric, as the catalog's list writes take it. */
export function writableListId(args: { userListId?: string | number | null; listId?: number | null }): number {
  const value = oneOf('userListId', args.userListId, 'listId', args.listId);
  if (typeof value === 'number') return value;
  const text = String(value);
  return valid.id('userListId', /^\d{1,10}$/.test(text) ? Number(text) : text);
}

/** A list's `listId` as a key: a number, or the 24-hex id of a list made before 2018. */
function listKey(argument: string, value: string | number): number | string {
  const text = String(value);
  if (/^\d{1,10}$/.test(text)) return valid.id(argument, Number(text));
  if (/^[0-9a-f]{24}$/i.test(text)) return text;
  throw valid.badInput(argument, ARGUMENT.listId(text));
}

/** The list `list` names: a number, or the 24-hex id of a list made before 2018. */
export function readableListId(args: { listId?: string | number | null; id?: number | null }): number | string {
  const value = oneOf('listId', args.listId, 'id', args.id);
  return typeof value === 'number' ? value : listKey('listId', value);
}

/** The lists `lists` names: `listIds` (each as `listId` takes it), or the deprecated numeric `ids`. */
export function readableListIds(args: { listIds?: Array<string | number> | null; ids?: number[] | null }): Array<number | string> {
  const given = (value: unknown) => value !== null && value !== undefined;
  if (given(args.listIds) === given(args.ids)) throw valid.badInput('listIds', ARGUMENT.oneOf('ids'));
  return args.listIds ? args.listIds.map((id) => listKey('listIds', id)) : (args.ids ?? []).map((id) => valid.id('ids', id));
}
