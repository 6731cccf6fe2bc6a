import { openEnum } from '../kit/open-enum.ts';

/**
 * The closed sets of a series, as `TVSeries.status` and `type` answer them and as the discover
 * filters take them. The internal values are the strings the series record sends; the discover
 * filters send each as the number `with_status` and `with_type` take (its code below).
 */

export const TVSeriesStatus = openEnum('TVSeriesStatus', 'Production status of a series.', {
  RETURNING_SERIES: { value: 'Returning Series', description: '"Returning Series": more seasons are coming (with_status 0).' },
  PLANNED: { value: 'Planned', description: '"Planned" (with_status 1).' },
  IN_PRODUCTION: { value: 'In Production', description: '"In Production" (with_status 2).' },
  ENDED: { value: 'Ended', description: '"Ended" (with_status 3).' },
  CANCELED: { value: 'Canceled', description: '"Canceled" (with_status 4).' },
  PILOT: { value: 'Pilot', description: '"Pilot" (with_status 5).' },
});

export const TVSeriesType = openEnum('TVSeriesType', 'Format of a series.', {
  DOCUMENTARY: { value: 'Documentary', description: '"Documentary" (with_type 0).' },
  NEWS: { value: 'News', description: '"News" (with_type 1).' },
  MINISERIES: { value: 'Miniseries', description: '"Miniseries" (with_type 2).' },
  REALITY: { value: 'Reality', description: '"Reality" (with_type 3).' },
  SCRIPTED: { value: 'Scripted', description: '"Scripted" (with_type 4).' },
  TALK_SHOW: { value: 'Talk Show', description: '"Talk Show" (with_type 5).' },
  VIDEO: { value: 'Video', description: '"Video" (with_type 6).' },
});

/** The numbers the discover filters take for each status and format, in the real service's order. */
export const STATUS_CODES: readonly string[] = ['Returning Series', 'Planned', 'In Production', 'Ended', 'Canceled', 'Pilot'];
export const TYPE_CODES: readonly string[] = ['Documentary', 'News', 'Miniseries', 'Reality', 'Scripted', 'Talk Show', 'Video'];
