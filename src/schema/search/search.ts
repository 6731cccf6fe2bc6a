import { builder } from '../builder.ts';

/**
 * Root namespace that several domains add fields to (with `builder.objectFields`): one place
 * to search. It carries no data of its own.
 */
export const Search = builder.objectRef<object>('Search').implement({
  description: 'Search the catalog by name or title. Each field searches one kind of object.',
});

builder.queryFields((t) => ({
  search: t.field({ type: Search, nullable: true, description: 'Search the catalog by name or title.', resolve: () => ({}) }),
}));
