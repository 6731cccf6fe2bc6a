import { recordedSet } from './recorded.ts';
import { replaySet } from './replay-set.ts';

// The second set: 146 answers of 2012-2023 from six other projects (recorded2/, sources in its README).
replaySet(recordedSet('recorded2'), { count: 146, unread: [] });
