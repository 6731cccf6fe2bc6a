import type { CoverageEntry } from './types.ts';

export const tvOperations: CoverageEntry[] = [];
