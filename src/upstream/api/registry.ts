/**
 * Every upstream operation the gateway makes, gathered from the domain files: the GET
 * `resources` (one DataLoader each per request), the `writes` (POST, DELETE, credential-minting
 * GETs), and which sub-resources each parent detail call can carry with `append_to_response`,
 * read off the resources themselves so no second list has to be kept in step.
 */
import { accountResources, accountWrites } from './account.ts';
import { authResources, authWrites } from './auth.ts';
import { certificationResources } from './certification.ts';
import { changesResources } from './changes.ts';
import { collectionResources } from './collection.ts';
import { companyResources } from './company.ts';
import { configurationResources } from './configuration.ts';
import { creditResources } from './credit.ts';
import type { AppendParent, Resource } from './define.ts';
import { discoverResources } from './discover.ts';
import { episodeGroupResources } from './episode-group.ts';
import { episodeResources, episodeWrites } from './episode.ts';
import { findResources } from './find.ts';
import { genreResources } from './genre.ts';
import { guestSessionResources } from './guest-session.ts';
import { keywordResources } from './keyword.ts';
import { listResources, listWrites } from './list.ts';
import { movieResources, movieWrites } from './movie.ts';
import { networkResources } from './network.ts';
import { personResources } from './person.ts';
import { reviewResources } from './review.ts';
import { searchResources } from './search.ts';
import { seasonResources } from './season.ts';
import { trendingResources } from './trending.ts';
import { tvResources, tvWrites } from './tv.ts';
import { watchProviderResources } from './watch-provider.ts';

export const resources = {
  ...configurationResources,
  ...authResources,
  ...movieResources,
  ...tvResources,
  ...seasonResources,
  ...episodeResources,
  ...personResources,
  ...creditResources,
  ...accountResources,
  ...guestSessionResources,
  ...listResources,
  ...collectionResources,
  ...companyResources,
  ...networkResources,
  ...keywordResources,
  ...reviewResources,
  ...genreResources,
  ...certificationResources,
  ...watchProviderResources,
  ...discoverResources,
  ...searchResources,
  ...trendingResources,
  ...findResources,
  ...changesResources,
  ...episodeGroupResources,
};

export type Resources = typeof resources;

export const writes = {
  ...authWrites,
  ...accountWrites,
  ...listWrites,
  ...movieWrites,
  ...tvWrites,
  ...episodeWrites,
};

export type Writes = typeof writes;

/** Per parent kind, the append_to_response keys its detail call accepts (each a sub-path). */
export const appendableKeys: ReadonlyMap<AppendParent, ReadonlySet<string>> = (() => {
  const keys = new Map<AppendParent, Set<string>>();
  for (const definition of Object.values(resources) as Resource<unknown, unknown>[]) {
    const append = definition.append;
    if (!append) continue;
    let set = keys.get(append.parent);
    if (!set) keys.set(append.parent, (set = new Set()));
    set.add(append.key);
  }
  return keys;
})();
