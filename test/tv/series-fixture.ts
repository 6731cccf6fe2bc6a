/**
 * What the series tests share: one gateway over one catalog per test file (vitest loads this
 * module afresh for each file, so no file sees another's calls or ratings), a user and a guest
 * session, and the series they look at.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import * as expected from '../expected.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';

// Live bindings: set in beforeAll, read by the tests after it.
export let h: Harness;
export let seriesId: number;
export let sessionId: string;
export let guestSessionId: string;

export const SUMMARY_CONNECTION = expected.CONNECTION(expected.TV_SUMMARY_FIELDS);

/** Starts the harness and picks the series for the calling test file; each test starts with an empty call log. */
export function useSeriesFixture(): void {
  beforeAll(async () => {
    h = await startHarness();
    sessionId = await createUserSession(h);
    guestSessionId = (await h.rest('/authentication/guest_session/new')).guest_session_id;
    // A series with several alternative titles, content ratings, videos, translations and providers.
    const series = h.catalog.data.tvSeries.find((s) => {
      const x = h.catalog.data.tvSeriesExtras.get(s.id)!;
      return (
        x.alternativeTitles.length > 2 &&
        x.contentRatings.length > 1 &&
        x.videos.length > 1 &&
        x.translations.length > 2 &&
        Object.keys(x.watchProviders).length > 1 &&
        x.images.posters.length > 1
      );
    });
    if (!series) throw new Error('no series with all extras');
    seriesId = series.id;
  });
  afterAll(() => h.close());
  beforeEach(() => h.catalog.resetCalls());
}
