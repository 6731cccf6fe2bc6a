import type { Types } from './page.ts';

/**
 * The catalog's key every credit type (and credit interface) has, `creditId`. The global `id`
 * (relay/value-ids.ts) is opaque, so code ported from REST, where `cast[].id` is the person's,
 * cannot read a credit id there: the person is `person { databaseId }`.
 */
export function creditIdFields<Credit extends { credit_id?: string }>(
  t: PothosSchemaTypes.FieldBuilder<Types, Credit, 'Object' | 'Interface'>,
) {
  return {
    creditId: t.string({
      nullable: true,
      description: 'Identifier of the credit (see `Query.credit`); null where the service sent none (answers before credit ids, 2014).',
      resolve: (credit) => credit.credit_id ?? null,
    }),
  };
}
