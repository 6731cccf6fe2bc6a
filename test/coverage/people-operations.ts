import type { CoverageEntry } from './types.ts';

export const peopleOperations: CoverageEntry[] = [];
