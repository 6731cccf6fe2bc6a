import { builder } from './builder.ts';

/**
 * Root namespaces that several domains add fields to (with `builder.objectFields`): one place
 * to search, one for trending lists. They carry no data of their own.
 */
export const Search = builder.objectRef<object>('Search').implement({
  description: 'Search the catalog by name or title. Each field searches one kind of object.',
});

export const Trending = builder.objectRef<object>('Trending').implement({
  description: 'What is popular on the catalog over the last day or week.',
});

builder.queryFields((t) => ({
  search: t.field({ type: Search, description: 'Search the catalog by name or title.', resolve: () => ({}) }),
  trending: t.field({ type: Trending, description: 'Trending movies, series and people.', resolve: () => ({}) }),
}));
