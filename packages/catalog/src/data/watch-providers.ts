/** Streaming providers with their per-country display order, and the regions list. */
import { COUNTRIES } from './countries.ts';
import { pick, Random } from './random.ts';
import type { Region, WatchProvider } from './types.ts';
import { PROVIDER_NAMES } from './words.ts';

/** Each provider is shown in some countries only; display_priorities has exactly those keys. */
export function generateWatchProviders(): WatchProvider[] {
  const rng = new Random('watch-providers');
  const ids = rng.sparseIds(PROVIDER_NAMES.length, 0, 60);
  const globalOrder = rng.shuffle(PROVIDER_NAMES.map((_, index) => index));
  return PROVIDER_NAMES.map((name, index) => {
    const countries = rng.pickSome(COUNTRIES, rng.chance(0.3) ? rng.int(25, COUNTRIES.length) : rng.int(1, 12));
    const display_priorities: Record<string, number> = {};
    for (const row of countries) display_priorities[row.iso_3166_1] = rng.int(0, 40);
    return {
      display_priorities,
      display_priority: pick(globalOrder, index),
      logo_path: rng.imagePath(),
      provider_name: name,
      provider_id: pick(ids, index),
    };
  }).sort((a, b) => a.display_priority - b.display_priority);
}

/** A provider with its display priority in one country. */
export interface ShownProvider {
  provider: WatchProvider;
  priority: number;
}

/** The providers shown in a country (one of their display_priorities keys), in the order given, with their priority there. */
export function providersShownIn(providers: readonly WatchProvider[], country: string): ShownProvider[] {
  return providers.flatMap((provider) => {
    const priority = Object.hasOwn(provider.display_priorities, country) ? provider.display_priorities[country] : undefined;
    return priority === undefined ? [] : [{ provider, priority }];
  });
}

/** The display order in one country: by priority there, ties by provider id. */
export function byDisplayPriority(a: ShownProvider, b: ShownProvider): number {
  return a.priority - b.priority || a.provider.provider_id - b.provider.provider_id;
}

/** Sorted by iso_3166_1, as the real endpoint returns them. */
export function generateRegions(): Region[] {
  return COUNTRIES.map(({ iso_3166_1, english_name, native_name }) => ({ iso_3166_1, english_name, native_name })).sort((a, b) =>
    a.iso_3166_1 < b.iso_3166_1 ? -1 : 1,
  );
}
