import type { CoverageEntry } from './types.ts';

export const collectionsOperations: CoverageEntry[] = [];
