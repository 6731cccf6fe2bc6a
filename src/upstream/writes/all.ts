import { accountWrites } from './account.ts';
import { authWrites } from './auth.ts';
import { movieWrites } from './movies.ts';

/** Every upstream write (POST, DELETE) the gateway makes, by name. */
export const writes = {
  ...authWrites,
  ...accountWrites,
  ...movieWrites,
};

export type Writes = typeof writes;
