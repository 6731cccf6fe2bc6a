import type { Types } from './page.ts';

/**
 * The two identity fields every credit type (and credit interface) has: `creditId`, and `id`
 * holding the same value for client caches.
 */
export function creditIdFields<Credit extends { credit_id: string }>(
  t: PothosSchemaTypes.FieldBuilder<Types, Credit, 'Object' | 'Interface'>,
) {
  return {
    id: t.id({
      description:
        'The credit id again (as `creditId`), so client caches can tell credits apart; the credited person or work has its own id.',
      resolve: (credit) => credit.credit_id,
    }),
    creditId: t.string({ description: 'Identifier of the credit (see `Query.credit`).', resolve: (credit) => credit.credit_id }),
  };
}
