import type { CoverageEntry } from './types.ts';

export const moviesOperations: CoverageEntry[] = [];
