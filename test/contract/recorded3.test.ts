import { recordedSet } from './recorded.ts';
import { replaySet } from './replay-set.ts';

// The third set: 147 answers of 2021-2026 from four other projects (recorded3/, sources in its README).
replaySet(recordedSet('recorded3'), {
  count: 147,
  // `company/{id}/movies` is not in the service's description (PROVENANCE.md): no operation reads it.
  unread: ['tl-company-25-append.json: movies'],
});
