import type { CoverageEntry } from './types.ts';

export const seasonsOperations: CoverageEntry[] = [];
