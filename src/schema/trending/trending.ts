import { builder } from '../builder.ts';

/**
 * Root namespace that several domains add fields to (with `builder.objectFields`): the
 * trending lists. It carries no data of its own.
 */
export const Trending = builder.objectRef<object>('Trending').implement({
  description: 'What is popular on the catalog over the last day or week.',
});

export const TimeWindow = builder.enumType('TimeWindow', {
  description: 'The period a trending list is computed over.',
  values: {
    DAY: { value: 'day', description: 'The last 24 hours.' },
    WEEK: { value: 'week', description: 'The last 7 days.' },
  } as const,
});

builder.queryFields((t) => ({
  trending: t.field({ type: Trending, nullable: true, description: 'Trending movies, series and people.', resolve: () => ({}) }),
}));
