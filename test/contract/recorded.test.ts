import { recordedFiles } from './recorded.ts';
import { replaySet } from './replay-set.ts';

// The first set: 182 answers of 2014-2026 (recorded/, sources in its README).
replaySet(recordedFiles, {
  count: 182,
  // The 2014 service appended `releases`, `trailers` and `similar_movies`: endpoints it no longer has.
  unread: ['php-movie-87421-append.json: releases', 'php-movie-87421-append.json: similar_movies', 'php-movie-87421-append.json: trailers'],
});
