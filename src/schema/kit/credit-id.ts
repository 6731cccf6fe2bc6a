import type { Types } from './page.ts';

/**
 * The two identity fields every credit type (and credit interface) has: `creditId`, and `id`
 * holding the same value for client caches.
 */
export function creditIdFields<Credit extends { credit_id?: string }>(
  t: PothosSchemaTypes.FieldBuilder<Types, Credit, 'Object' | 'Interface'>,
) {
  return {
    id: t.id({
      nullable: true,
      description:
        'The credit id again (as `creditId`), so client caches can tell credits apart; the credited person or work has its own id. Null where the service sent none (answers before credit ids, 2014).',
      resolve: (credit) => credit.credit_id ?? null,
    }),
    creditId: t.string({
      nullable: true,
      description: 'Identifier of the credit (see `Query.credit`); null where the service sent none (answers before credit ids, 2014).',
      resolve: (credit) => credit.credit_id ?? null,
    }),
  };
}
