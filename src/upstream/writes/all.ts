import { accountWrites } from './account.ts';
import { authWrites } from './auth.ts';
import { movieWrites } from './movies.ts';
import { seasonWrites } from './seasons.ts';
import { tvWrites } from './tv.ts';

/** Every upstream write (POST, DELETE) the gateway makes, by name. */
export const writes = {
  ...authWrites,
  ...accountWrites,
  ...movieWrites,
  ...tvWrites,
  ...seasonWrites,
};

export type Writes = typeof writes;
