import { accountResources } from './account.ts';
import { catalogResources } from './catalog.ts';
import { companyResources } from './company.ts';
import { movieExtraResources } from './movie-extras.ts';
import { movieResources } from './movie.ts';
import { reviewResources } from './review.ts';
import { tvResources } from './tv.ts';

/** Every upstream GET resource the gateway reads, by name; one DataLoader each per request. */
export const resources = {
  ...catalogResources,
  ...movieResources,
  ...movieExtraResources,
  ...tvResources,
  ...companyResources,
  ...reviewResources,
  ...accountResources,
};

export type Resources = typeof resources;
