import type { FieldRef, InputFieldBuilder, InputFieldMap, ObjectFieldBuilder } from '@pothos/core';
import { builder } from '../builder.ts';
import type { Types } from './page.ts';

/**
 * Relay's mutation convention (docs/schema-types.md, "Mutations: one input, one payload"): each
 * mutation `name(input: NameInput!): NamePayload`. The input holds every argument and the
 * client's `clientMutationId`; the payload answers what changed and echoes the id. Errors stay in
 * `errors[]` with their codes (the payload is null), as every other field's do.
 */

const CLIENT_MUTATION_ID = 'Any text the client chooses to match the answer to this request; the payload echoes it (Relay convention).';

/** What an input's fields are made with. */
export type InputFields = InputFieldBuilder<Types, 'InputObject'>;

/** The `<Name>Input` of a mutation: its fields, and `clientMutationId`. */
export function mutationInput<Fields extends InputFieldMap>(name: string, description: string, fields: (t: InputFields) => Fields) {
  return builder.inputType(`${name}Input`, {
    description,
    fields: (t) => ({ ...fields(t), clientMutationId: t.string({ required: false, description: CLIENT_MUTATION_ID }) }),
  });
}

/** What every payload carries beside its own fields. */
export interface Echoed {
  clientMutationId: string | null;
}

/** The `<Name>Payload` of a mutation: its fields, and `clientMutationId`. */
export function mutationPayload<Shape extends object>(
  name: string,
  description: string,
  fields: (t: ObjectFieldBuilder<Types, Shape & Echoed>) => Record<string, FieldRef<Types>>,
) {
  return builder.objectRef<Shape & Echoed>(`${name}Payload`).implement({
    description,
    fields: (t) => ({
      ...fields(t),
      clientMutationId: t.string({
        nullable: true,
        description: "The input's `clientMutationId`, as sent; null when it had none.",
        resolve: (payload) => payload.clientMutationId,
      }),
    }),
  });
}

/** The payload's echo of its input. */
export const echo = (input: { clientMutationId?: string | null } | null | undefined): Echoed => ({
  clientMutationId: input?.clientMutationId ?? null,
});
