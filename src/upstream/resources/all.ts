import { accountResources } from './account.ts';
import { catalogResources } from './catalog.ts';
import { collectionResources } from './collections.ts';
import { companyResources } from './company.ts';
import { discoverResources } from './discover.ts';
import { movieExtraResources } from './movie-extras.ts';
import { movieResources } from './movie.ts';
import { peopleResources } from './people.ts';
import { reviewResources } from './review.ts';
import { seasonResources } from './seasons.ts';
import { tvExtraResources } from './tv-extras.ts';
import { tvResources } from './tv.ts';

/** Every upstream GET resource the gateway reads, by name; one DataLoader each per request. */
export const resources = {
  ...catalogResources,
  ...movieResources,
  ...movieExtraResources,
  ...tvResources,
  ...tvExtraResources,
  ...discoverResources,
  ...companyResources,
  ...collectionResources,
  ...reviewResources,
  ...accountResources,
  ...seasonResources,
  ...peopleResources,
};

export type Resources = typeof resources;
