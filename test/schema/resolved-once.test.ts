import type { Plugin } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * An object a field names by its key (`movie(id:)`) waits for its details, after starting its
 * selected fields so that their loads ride the same call (src/schema/kit/details.ts). Each field
 * must still resolve once: GraphQL's own run takes the answer started early rather than running
 * the resolver again (before, every selected field ran twice, its second load a DataLoader hit).
 * A plugin counts the loads the resolvers ask for, by loader, and the calls the catalog gets.
 */
const loads = new Map<string, number>();
const countLoads: Plugin = {
  onExecute: ({ args }) => {
    const context = args.contextValue as unknown as { loaders: Record<string, { load(key: unknown): unknown }> };
    const loaders = context.loaders;
    context.loaders = new Proxy(loaders, {
      get(target, name: string) {
        const loader = target[name]!;
        return {
          load: (key: unknown) => {
            loads.set(name, (loads.get(name) ?? 0) + 1);
            return loader.load(key);
          },
        };
      },
    });
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { appendToResponse: true }, instrument: { first: [countLoads] } });
});
afterAll(() => h.close());

describe('a field under an object named by its key', () => {
  it('resolves once, its load riding the details call', async () => {
    loads.clear();
    h.catalog.calls.length = 0;
    const id = h.catalog.data.movies[0]!.id;
    const { body } = await h.query(`{ movie(id: ${id}) { title credits { cast { id } } alternativeTitles { title } } }`);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(body.data.movie.title).toBeTruthy();
    expect(loads.get('movieCredits')).toBe(1);
    expect(loads.get('movieAlternativeTitles')).toBe(1);
    // The details, credits and alternative titles: one call.
    expect(h.catalog.calls.map((call) => call.path)).toEqual([`/movie/${id}`]);
  });
});
