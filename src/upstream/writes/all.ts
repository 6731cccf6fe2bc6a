import { authWrites } from './auth.ts';

/** Every upstream write (POST, DELETE) the gateway makes, by name. */
export const writes = {
  ...authWrites,
};

export type Writes = typeof writes;
