import type { CoverageEntry } from './types.ts';

export const accountOperations: CoverageEntry[] = [];
